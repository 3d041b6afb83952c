import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { CNPJ_INVALID_MESSAGE, isCnpj, normalizeCnpj } from "../../src/domain/cnpj";
import {
  COMPANY_DELETE_CONFIRM,
  DEFAULT_PARAMETRIZATION,
  DEFAULT_TRANSPARENCY,
  MANAGER_COMPANY_FIELDS,
  companyCreateSchema,
  companyRowSchema,
  companyUpdateSchema,
  municipalityOf,
  parametrizationOf,
  slugify,
} from "../../src/domain/companies";
import { digestRunSchema } from "../../src/domain/deadlines";
import { actsAcrossClients, passesGuard, type Guard } from "../../src/domain/guards";
import { uploadUrlRequestSchema, type UploadKind } from "../../src/domain/uploads";
import { companies, digestRuns } from "../db/schema";
import { conflict, forbidden, notFound, unprocessable } from "../lib/errors";
import { atVersion, nextVersion, staleRecord } from "../lib/versions";
import { countCompanyData, removeCompany } from "../lib/company-removal";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { sendList } from "../resources/paging";
import type { RawQuery } from "../resources/list-query";
import { attachUpload, checkUploadQuota, forgetUploads } from "../storage/ledger";
import { DIGEST_JOB, NO_SMTP } from "../deadlines/digest";
import { checkLogo, companiesWithCount, companyList, loadVisible, toApiCompany, unmaskCnpjs, usersCount, visibleTo } from "./rules";

/**
 * The clients area (the consultancy's municipalities): the consultancy registers, changes and
 * removes them; a municipality's people see their own, and its managers change its data and
 * parametrization. A company one may not see is a 404. Also the signed upload links (logo, avatar,
 * documents) and the deadline digest of one company ("Enviar agora" and its runs).
 */

const TAG = "clientes";
const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });

const list = defineAction({
  method: "GET",
  path: "/companies",
  tag: TAG,
  summary: "Clientes (prefeituras): ADMIN todos, os demais só o seu; filtros, busca (q) e ordenação",
  guard: "user-only",
  // The companies list is the tenant list itself: an ADMIN's company headers do not narrow it, but
  // anybody else naming a company not theirs is refused by the tenant check as everywhere.
  scope: { kind: "tenant" },
  response: { 200: z.array(companyRowSchema) },
  handler: ({ app, request, reply, user }) =>
    sendList(reply, unmaskCnpjs(request.query as RawQuery), companyList, visibleTo(user), {
      rows: async (q) =>
        (await companiesWithCount(app.db).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map((r) => toApiCompany(r.company, r.usersCount)),
      count: (where) => app.db.$count(companies, where),
    }),
});

const byCnpj = defineAction({
  method: "GET",
  path: "/companies/cnpj/:cnpj",
  tag: TAG,
  summary: "Um cliente pelo CNPJ (com ou sem máscara)",
  guard: "user-only",
  scope: { kind: "tenant" },
  params: z.object({ cnpj: z.string() }),
  response: { 200: companyRowSchema },
  handler: async ({ app, user, params }) => {
    const cnpj = normalizeCnpj(params.cnpj);
    if (!isCnpj(cnpj)) throw unprocessable(CNPJ_INVALID_MESSAGE, { cnpj: CNPJ_INVALID_MESSAGE });
    const row = await loadVisible(app.db, user, eq(companies.cnpj, cnpj));
    return toApiCompany(row.company, row.usersCount);
  },
});

const show = defineAction({
  method: "GET",
  path: "/companies/:id",
  tag: TAG,
  summary: "Um cliente",
  guard: "user-only",
  scope: { kind: "tenant" },
  params: idParams,
  response: { 200: companyRowSchema },
  handler: async ({ app, user, params }) => {
    const row = await loadVisible(app.db, user, eq(companies.id, params.id));
    return toApiCompany(row.company, row.usersCount);
  },
});

const create = defineAction({
  method: "POST",
  path: "/companies",
  tag: TAG,
  summary: "Cadastra um cliente (ADMIN)",
  guard: "admin-only",
  // A new client belongs to nobody yet: the consultancy's own act, outside any company.
  scope: { kind: "shared" },
  body: companyCreateSchema,
  response: { 201: companyRowSchema },
  handler: async ({ app, reply, user, body }) => {
    const { ibgeCode, slug, publicPortalEnabled, logoPath, ...fields } = body;
    if (logoPath) await checkLogo(app, user, logoPath);
    const created = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({
          ...fields,
          ibgeCode,
          uf: municipalityOf(ibgeCode)?.uf ?? null,
          slug: slug ?? slugify(fields.name),
          logoPath: logoPath ?? null,
          // Unpublished until someone decides to publish it (issue 34): no empty portal goes live by itself.
          publicPortalEnabled: publicPortalEnabled ?? false,
          parametrization: DEFAULT_PARAMETRIZATION,
          transparency: DEFAULT_TRANSPARENCY,
        })
        .returning();
      if (logoPath) await attachUpload(tx, logoPath, new Date(app.now()));
      return row;
    });
    return reply.status(201).send(toApiCompany(created, 0));
  },
});

const update = defineAction({
  method: "PATCH",
  path: "/companies/:id",
  tag: TAG,
  summary: "Altera um cliente: ADMIN qualquer um; MANAGER dados e parametrização do seu",
  guard: "manager-only",
  scope: { kind: "tenant" },
  params: idParams,
  body: companyUpdateSchema,
  response: { 200: companyRowSchema },
  handler: async ({ app, request, user, params, body }) => {
    const { company } = await loadVisible(app.db, user, eq(companies.id, params.id));
    const { version, ...changes } = body;
    if (!actsAcrossClients(user.role)) {
      const consultancyOnly = Object.keys(changes).filter((key) => !(MANAGER_COMPANY_FIELDS as readonly string[]).includes(key));
      if (consultancyOnly.length) throw forbidden("Só o administrador altera CNPJ, município, endereço público e o portal de transparência.");
    }
    if (changes.logoPath && changes.logoPath !== company.logoPath) await checkLogo(app, user, changes.logoPath);
    const logoReplaced = Boolean(company.logoPath) && changes.logoPath !== undefined && changes.logoPath !== company.logoPath;
    const updated = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(companies)
        .set({
          ...changes,
          ...(changes.ibgeCode ? { uf: municipalityOf(changes.ibgeCode)?.uf ?? null } : {}),
          version: nextVersion(companies.version),
          updatedAt: new Date(app.now()),
        })
        .where(and(eq(companies.id, company.id), atVersion(companies.version, version)))
        .returning();
      if (!row) throw staleRecord();
      if (changes.logoPath) await attachUpload(tx, changes.logoPath, new Date(app.now()));
      if (logoReplaced) await forgetUploads(tx, [company.logoPath!]);
      return row;
    });
    if (logoReplaced) await app.storage.files.remove(company.logoPath!).catch((error) => request.log.warn(error));
    const [{ n }] = await app.db.select({ n: usersCount }).from(companies).where(eq(companies.id, company.id));
    return toApiCompany(updated, n);
  },
});

const remove = defineAction({
  method: "DELETE",
  path: "/companies/:id",
  tag: TAG,
  summary: "Remove um cliente; com usuários ou dados, só com ?confirm=true, e então tudo dele sai junto",
  guard: "admin-only",
  scope: { kind: "tenant" },
  params: idParams,
  query: z.object({ [COMPANY_DELETE_CONFIRM]: z.enum(["true", "false"]).optional() }),
  response: { 200: companyRowSchema.extend({ deleted: z.object({ users: z.number().int(), records: z.number().int() }) }) },
  handler: async ({ app, user, params, query }) => {
    const { company, usersCount: count } = await loadVisible(app.db, user, eq(companies.id, params.id));
    const data = await countCompanyData(app.db, company.id);
    if ((count > 0 || data > 0) && query[COMPANY_DELETE_CONFIRM] !== "true") {
      const parts = [count > 0 ? `${count} ${count === 1 ? "usuário" : "usuários"}` : null, data > 0 ? `${data} ${data === 1 ? "registro" : "registros"}` : null].filter(Boolean);
      throw conflict(`O cliente ${company.name} tem ${parts.join(" e ")}. A exclusão remove tudo isso e não pode ser desfeita: confirme para excluir.`);
    }
    const removed = await removeCompany(app, company);
    return { ...toApiCompany(company, 0), deleted: { users: removed.users, records: data } };
  },
});

/** Upload kinds not everybody may send, with who may and what anybody else hears. */
const UPLOAD_GUARDS: Partial<Record<UploadKind, { guard: Guard; refusal: string }>> = {
  logo: { guard: "manager-only", refusal: "Só o administrador ou o gestor do cliente enviam o logotipo." },
  model: { guard: "admin-only", refusal: "Só o administrador (consultoria) envia modelos de documentos." },
  evidence: { guard: "manager-only", refusal: "Só o administrador ou o gestor do cliente enviam comprovantes." },
  instrument: { guard: "manager-only", refusal: "Só o administrador ou o gestor do cliente enviam o inteiro teor do instrumento." },
};

const uploadUrl = defineAction({
  method: "POST",
  path: "/companies/upload-url",
  tag: TAG,
  summary: "Link assinado e temporário para enviar com PUT uma imagem (logotipo, avatar) ou um documento (modelo, comprovante)",
  guard: "user-only",
  scope: { kind: "tenant" },
  body: uploadUrlRequestSchema,
  response: { 200: z.object({ uploadURL: z.string(), storagePath: z.string(), contentType: z.string(), maxBytes: z.number().int(), expiresAt: z.string() }) },
  config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
  handler: async ({ app, user, body }) => {
    const { contentType, kind } = body;
    const rule = UPLOAD_GUARDS[kind];
    if (rule && !passesGuard(user.role, rule.guard)) throw forbidden(rule.refusal);
    // Refused up front when the company's quota of unattached uploads is full (the PUT checks again).
    await checkUploadQuota(app.db, user.companyId, { max: app.config.uploads.pendingMax, hours: app.config.uploads.pendingHours });
    return app.storage.createUpload(kind, user.id, contentType as Parameters<typeof app.storage.createUpload>[2], app.now());
  },
});

const companyParams = z.object({ id: z.coerce.number().int().positive({ message: "Cliente não encontrado." }).max(2_147_483_647, "Cliente não encontrado.") });

/** "Enviar agora": the deadline digest of one company, queued on the digest job (server/deadlines/digest.ts). */
const sendDigest = defineAction({
  method: "POST",
  path: "/companies/:id/digest",
  tag: "prazos",
  summary: "Envia agora o resumo de prazos do cliente aos e-mails de alerta (202 com o id do job)",
  guard: "admin-only",
  scope: { kind: "tenant" },
  params: companyParams,
  response: { 202: z.object({ jobId: z.string() }) },
  config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
  handler: async ({ app, reply, params }) => {
    const [company] = await app.db.select({ id: companies.id, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, params.id));
    if (!company) throw notFound("Cliente não encontrado.");
    if (parametrizationOf(company.parametrization).alertEmails.length === 0) {
      const message = "Cadastre ao menos um e-mail de alerta na parametrização do cliente antes de enviar o resumo.";
      throw unprocessable(message, { alertEmails: message });
    }
    if (!app.config.mail.smtpUrl) throw conflict(NO_SMTP);
    const jobId = await app.jobs.enqueue(DIGEST_JOB, { companyId: company.id });
    return reply.status(202).send({ jobId });
  },
});

const digestHistory = defineAction({
  method: "GET",
  path: "/companies/:id/digest-runs",
  tag: "prazos",
  summary: "Os últimos resumos de prazos do cliente: quando, para quem e quantos itens",
  guard: "admin-only",
  scope: { kind: "tenant" },
  params: companyParams,
  response: { 200: z.array(digestRunSchema) },
  handler: async ({ app, params }) => {
    const [company] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, params.id));
    if (!company) throw notFound("Cliente não encontrado.");
    const rows = await app.db
      .select({ id: digestRuns.id, companyId: digestRuns.companyId, trigger: digestRuns.trigger, status: digestRuns.status, recipients: digestRuns.recipients, itemCount: digestRuns.itemCount, error: digestRuns.error, createdAt: digestRuns.createdAt })
      .from(digestRuns)
      .where(eq(digestRuns.companyId, company.id))
      .orderBy(desc(digestRuns.createdAt), desc(digestRuns.id))
      .limit(10);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  },
});

/** The area's actions, by name (the action contract test reads them). */
export const companyActions = { list, byCnpj, show, create, update, remove, uploadUrl, sendDigest, digestHistory };

export default areaPlugin(...Object.values(companyActions));
