import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, type CompanyRow } from "../db/schema";
import {
  COMPANY_DELETE_CONFIRM,
  DEFAULT_PARAMETRIZATION,
  DEFAULT_TRANSPARENCY,
  MANAGER_COMPANY_FIELDS,
  companyCreateSchema,
  companyUpdateSchema,
  municipalityOf,
  parametrizationOf,
  slugify,
  transparencyOf,
  type Company,
} from "../../src/domain/companies";
import { CNPJ_INVALID_MESSAGE, isCnpj, normalizeCnpj } from "../../src/domain/cnpj";
import { fileUrl, uploadUrlRequestSchema } from "../../src/domain/uploads";
import { conflict, forbidden, notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import { atVersion, nextVersion, staleRecord } from "../lib/versions";
import { currentUser, requireAdmin, requireRole, requireUser, resolveCompanyId } from "../auth/guards";
import type { AuthUser } from "../auth/session";
import { sendList } from "../resources/paging";
import type { ListSpec, RawQuery } from "../resources/list-query";
import { parseStoragePath } from "../storage";
import { attachUpload, checkUploadQuota, forgetUploads } from "../storage/ledger";
import { countCompanyData, removeCompany } from "../lib/company-removal";

registerConstraintMessage("companies_cnpj_key", "Já existe um cliente com este CNPJ.", "cnpj");
registerConstraintMessage("companies_slug_key", "Este endereço público já é usado por outro cliente.", "slug");

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });

// Written out in full: inside a subquery drizzle would render the outer column unqualified ("id").
const usersCount = sql<number>`(select count(*) from "users" where "users"."company_id" = "companies"."id")`.mapWith(Number);

const companyList: ListSpec = {
  idColumn: companies.id,
  fields: {
    id: { column: companies.id, type: "integer" },
    cnpj: { column: companies.cnpj, type: "string" },
    name: { column: companies.name, type: "string" },
    legalName: { column: companies.legalName, type: "string" },
    slug: { column: companies.slug, type: "string" },
    ibgeCode: { column: companies.ibgeCode, type: "string" },
    uf: { column: companies.uf, type: "string" },
    mayorName: { column: companies.mayorName, type: "string" },
    email: { column: companies.email, type: "string" },
    publicPortalEnabled: { column: companies.publicPortalEnabled, type: "boolean" },
    usersCount: { column: usersCount, type: "integer", filterable: false },
    createdAt: { column: companies.createdAt, type: "datetime" },
    updatedAt: { column: companies.updatedAt, type: "datetime" },
  },
  search: [companies.name, companies.legalName, companies.cnpj, companies.slug, companies.mayorName, companies.email],
  defaultSort: [{ field: "name", order: "asc" }],
};

/** `46.643.466/0001-06` typed in a search or a CNPJ filter finds the stored `46643466000106`. */
const MASKED_CNPJ_PART = /^(?=.*\d)(?=.*[./])[0-9A-Za-z./-]+$/;
function unmaskCnpjs(query: RawQuery): RawQuery {
  const unmask = (value: string) => value.split(/\s+/).map((word) => (MASKED_CNPJ_PART.test(word) ? normalizeCnpj(word) : word)).join(" ");
  const out: RawQuery = { ...query };
  for (const key of ["q", "cnpj", "cnpj_like"]) {
    const value = out[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? value.map(unmask) : unmask(value);
  }
  return out;
}

export function toApiCompany(row: CompanyRow, count: number): Company {
  return {
    id: row.id,
    cnpj: row.cnpj,
    name: row.name,
    legalName: row.legalName,
    slug: row.slug,
    ibgeCode: row.ibgeCode,
    uf: row.uf,
    email: row.email,
    phone: row.phone,
    mayorName: row.mayorName,
    logoPath: row.logoPath,
    logoUrl: fileUrl(row.logoPath),
    publicPortalEnabled: row.publicPortalEnabled,
    parametrization: parametrizationOf(row.parametrization),
    transparency: transparencyOf(row.transparency),
    usersCount: count,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const LOGO_MISSING = "Imagem não encontrada. Envie a imagem pelo link de envio antes de salvar.";

const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const selectCompanies = () => app.db.select({ company: companies, usersCount }).from(companies);

  /** ADMIN sees every company; everybody else only their own. */
  const visibleTo = (actor: AuthUser): SQL | undefined => (actor.role === "ADMIN" ? undefined : eq(companies.id, actor.companyId ?? -1));

  async function loadVisible(actor: AuthUser, where: SQL) {
    const scope = visibleTo(actor);
    const [row] = await selectCompanies()
      .where(scope ? and(where, scope) : where)
      .limit(1);
    // A company one may not see is reported missing, never as existing elsewhere.
    if (!row) throw notFound("Cliente não encontrado.");
    return row;
  }

  /** A logo must be an upload of kind logo by this same person, already stored. */
  async function checkLogo(actor: AuthUser, logoPath: string) {
    const info = parseStoragePath(logoPath);
    if (!info || info.kind !== "logo" || info.ownerId !== actor.id || !(await app.storage.files.exists(logoPath))) {
      throw unprocessable(LOGO_MISSING, { logoPath: LOGO_MISSING });
    }
  }

  app.get(
    "/companies",
    {
      schema: { tags: ["clientes"], summary: "Clientes (prefeituras): ADMIN todos, os demais só o seu; filtros, busca (q) e ordenação" },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const actor = currentUser(request);
      // The companies list is the tenant list itself: an ADMIN's company headers do not narrow it,
      // but anybody else naming a company not theirs is refused as everywhere.
      if (actor.role !== "ADMIN") await resolveCompanyId(request);
      return sendList(reply, unmaskCnpjs(request.query as RawQuery), companyList, visibleTo(actor), {
        rows: async (q) =>
          (await selectCompanies().where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map((r) =>
            toApiCompany(r.company, r.usersCount),
          ),
        count: (where) => app.db.$count(companies, where),
      });
    },
  );

  app.get(
    "/companies/cnpj/:cnpj",
    { schema: { tags: ["clientes"], summary: "Um cliente pelo CNPJ (com ou sem máscara)", params: z.object({ cnpj: z.string() }) }, preHandler: requireUser },
    async (request) => {
      const cnpj = normalizeCnpj(request.params.cnpj);
      if (!isCnpj(cnpj)) throw unprocessable(CNPJ_INVALID_MESSAGE, { cnpj: CNPJ_INVALID_MESSAGE });
      const row = await loadVisible(currentUser(request), eq(companies.cnpj, cnpj));
      return toApiCompany(row.company, row.usersCount);
    },
  );

  app.get(
    "/companies/:id",
    { schema: { tags: ["clientes"], summary: "Um cliente", params: idParams }, preHandler: requireUser },
    async (request) => {
      const row = await loadVisible(currentUser(request), eq(companies.id, request.params.id));
      return toApiCompany(row.company, row.usersCount);
    },
  );

  app.post(
    "/companies",
    { schema: { tags: ["clientes"], summary: "Cadastra um cliente (ADMIN)", body: companyCreateSchema }, preHandler: requireAdmin },
    async (request, reply) => {
      const actor = currentUser(request);
      const { ibgeCode, slug, publicPortalEnabled, logoPath, ...fields } = request.body;
      if (logoPath) await checkLogo(actor, logoPath);
      const created = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companies)
          .values({
            ...fields,
            ibgeCode,
            uf: municipalityOf(ibgeCode)?.uf ?? null,
            slug: slug ?? slugify(fields.name),
            logoPath: logoPath ?? null,
            publicPortalEnabled: publicPortalEnabled ?? true,
            parametrization: DEFAULT_PARAMETRIZATION,
            transparency: DEFAULT_TRANSPARENCY,
          })
          .returning();
        if (logoPath) await attachUpload(tx, logoPath, new Date(app.now()));
        return row;
      });
      return reply.status(201).send(toApiCompany(created, 0));
    },
  );

  app.patch(
    "/companies/:id",
    {
      schema: { tags: ["clientes"], summary: "Altera um cliente: ADMIN qualquer um; MANAGER dados e parametrização do seu", params: idParams, body: companyUpdateSchema },
      preHandler: requireRole("ADMIN", "MANAGER"),
    },
    async (request) => {
      const actor = currentUser(request);
      const { company } = await loadVisible(actor, eq(companies.id, request.params.id));
      const { version, ...changes } = request.body;
      if (actor.role !== "ADMIN") {
        const adminOnly = Object.keys(changes).filter((key) => !(MANAGER_COMPANY_FIELDS as readonly string[]).includes(key));
        if (adminOnly.length) throw forbidden("Só o administrador altera CNPJ, município, endereço público e o portal de transparência.");
      }
      if (changes.logoPath && changes.logoPath !== company.logoPath) await checkLogo(actor, changes.logoPath);
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
      if (logoReplaced) {
        await app.storage.files.remove(company.logoPath!).catch((error) => request.log.warn(error));
      }
      const [{ n }] = await app.db.select({ n: usersCount }).from(companies).where(eq(companies.id, company.id));
      return toApiCompany(updated, n);
    },
  );

  app.delete(
    "/companies/:id",
    {
      schema: {
        tags: ["clientes"],
        summary: "Remove um cliente; com usuários ou dados, só com ?confirm=true, e então tudo dele sai junto",
        params: idParams,
        querystring: z.object({ [COMPANY_DELETE_CONFIRM]: z.enum(["true", "false"]).optional() }),
      },
      preHandler: requireAdmin,
    },
    async (request) => {
      const { company, usersCount: count } = await loadVisible(currentUser(request), eq(companies.id, request.params.id));
      const data = await countCompanyData(app.db, company.id);
      if ((count > 0 || data > 0) && request.query[COMPANY_DELETE_CONFIRM] !== "true") {
        const parts = [
          count > 0 ? `${count} ${count === 1 ? "usuário" : "usuários"}` : null,
          data > 0 ? `${data} ${data === 1 ? "registro" : "registros"}` : null,
        ].filter(Boolean);
        throw conflict(
          `O cliente ${company.name} tem ${parts.join(" e ")}. A exclusão remove tudo isso e não pode ser desfeita: confirme para excluir.`,
        );
      }
      const removed = await removeCompany(app, company);
      return { ...toApiCompany(company, 0), deleted: { users: removed.users, records: data } };
    },
  );

  app.post(
    "/companies/upload-url",
    {
      schema: {
        tags: ["clientes"],
        summary: "Link assinado e temporário para enviar com PUT uma imagem (logotipo, avatar) ou um documento (modelo, comprovante)",
        body: uploadUrlRequestSchema,
      },
      preHandler: requireUser,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request) => {
      const actor = currentUser(request);
      const { contentType, kind } = request.body;
      if (kind === "logo" && actor.role === "USER") throw forbidden("Só o administrador ou o gestor do cliente enviam o logotipo.");
      if (kind === "model" && actor.role !== "ADMIN") throw forbidden("Só o administrador (consultoria) envia modelos de documentos.");
      if (kind === "evidence" && actor.role === "USER") throw forbidden("Só o administrador ou o gestor do cliente enviam comprovantes.");
      // Refused up front when the company's quota of unattached uploads is full (the PUT checks again).
      await checkUploadQuota(app.db, actor.companyId, { max: app.config.uploads.pendingMax, hours: app.config.uploads.pendingHours });
      return app.storage.createUpload(kind, actor.id, contentType, app.now());
    },
  );
};

export default companiesRoutes;
