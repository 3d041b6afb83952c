import type { FastifyPluginAsync } from "fastify";
import { and, eq } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  requirementCreateSchema,
  requirementFillResultSchema,
  requirementFillSchema,
  requirementRowSchema,
  requirementStatusProblem,
  requirementTemplateCreateSchema,
  requirementTemplateRowSchema,
  transferKindProblem,
  type RequirementStatus,
  type RequirementTransferKind,
  type RequirementType,
} from "../../src/domain/requirements";
import { requireCompanyId, requireUser, resolveCompanyId } from "../auth/guards";
import type { Db } from "../db/client";
import { requirements, requirementTemplates } from "../db/schema";
import { notFound, unprocessable } from "../lib/errors";
import { defineResource, resourcesPlugin } from "../resources/define-resource";
import { requirementDocx, requirementPdf } from "../requirements/document";
import { companyFacts, fillText, placeholderValues, recipientNameFor, transferFacts, writtenDate } from "../requirements/fill";
import { todayInSaoPaulo } from "../../src/domain/dates";

/**
 * Requirements (issue 16): templates shared by every company (ADMIN writes them) and each company's
 * documents, filled from a template and one of its transfers, downloadable as DOCX and PDF.
 */


export const requirementTemplateResource = defineResource({
  name: "requirement-templates",
  tag: "requerimentos",
  table: requirementTemplates,
  scope: { kind: "shared" },
  access: { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" },
  row: requirementTemplateRowSchema,
  create: requirementTemplateCreateSchema,
  notFound: "Modelo de requerimento não encontrado.",
  list: { search: [requirementTemplates.title, requirementTemplates.purpose], defaultSort: [{ field: "type", order: "asc" }, { field: "title", order: "asc" }] },
});

async function templateOf(tx: Db, id: number) {
  const [template] = await tx.select().from(requirementTemplates).where(eq(requirementTemplates.id, id));
  if (!template) {
    const message = "Modelo de requerimento não encontrado.";
    throw unprocessable(message, { templateId: message });
  }
  return template;
}

export const requirementResource = defineResource({
  name: "requirements",
  tag: "requerimentos",
  table: requirements,
  scope: { kind: "tenant" },
  access: { read: "user-only", create: "user-only", update: "user-only", delete: "manager-only" },
  row: requirementRowSchema,
  create: requirementCreateSchema,
  notFound: "Requerimento não encontrado.",
  prepare: async (ctx, values, existing) => {
    const merged = { ...existing, ...values } as Record<string, unknown>;
    const extra: Record<string, unknown> = {};
    if ("templateId" in values) {
      const type = values.templateId == null ? null : (await templateOf(ctx.tx, values.templateId as number)).type;
      extra.type = type;
    }
    if ("transferKind" in values || "transferId" in values) {
      const kind = merged.transferKind as RequirementTransferKind | null;
      const id = merged.transferId as number | null;
      if ((kind === null) !== (id === null)) {
        const message = "Escolha o tipo e a transferência, ou nenhum dos dois.";
        throw unprocessable(message, { transferId: message });
      }
      extra.transferNumber = kind && id ? (await transferFacts(ctx.tx, ctx.companyId!, kind, id).catch(() => {
        const message = "Transferência não encontrada nesta prefeitura.";
        throw unprocessable(message, { transferId: message });
      })).number : null;
    }
    const type = ("type" in extra ? extra.type : merged.type) as RequirementType | null;
    const kind = merged.transferKind as RequirementTransferKind | null;
    const kindProblem = type && kind ? transferKindProblem(type, kind) : undefined;
    if (kindProblem) throw unprocessable(kindProblem, { transferId: kindProblem });
    const problem = requirementStatusProblem({
      status: (merged.status ?? "RASCUNHO") as RequirementStatus,
      protocolNumber: (merged.protocolNumber ?? null) as string | null,
      sentOn: (merged.sentOn ?? null) as string | null,
      respondedOn: (merged.respondedOn ?? null) as string | null,
      subject: merged.subject as string,
      body: merged.body as string,
    });
    if (problem) throw unprocessable(problem.message, { [problem.field]: problem.message });
    return { ...values, ...extra };
  },
  list: {
    search: [requirements.subject, requirements.recipientName, requirements.protocolNumber, requirements.transferNumber],
    defaultSort: [{ field: "updatedAt", order: "desc" }],
  },
});

const documentQuery = z.object({ format: z.enum(["docx", "pdf"], { message: "Formato inválido: use docx ou pdf." }) });
const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }).max(2_147_483_647, "Identificador inválido.") });
const CONTENT_TYPES = { docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", pdf: "application/pdf" } as const;

const routes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/requirements/fill",
    { schema: { tags: ["requerimentos"], summary: "Preenche um modelo com os dados da prefeitura e de uma transferência dela", body: requirementFillSchema, response: { 200: requirementFillResultSchema } }, preValidation: requireUser },
    async (request) => {
      const companyId = requireCompanyId(request);
      const body = request.body;
      const template = await templateOf(app.db, body.templateId);
      const kind = body.transferKind ?? null;
      const id = body.transferId ?? null;
      if ((kind === null) !== (id === null)) {
        const message = "Escolha o tipo e a transferência, ou nenhum dos dois.";
        throw unprocessable(message, { transferId: message });
      }
      const kindProblem = kind ? transferKindProblem(template.type, kind) : undefined;
      if (kindProblem) throw unprocessable(kindProblem, { transferId: kindProblem });
      const company = await companyFacts(app.db, companyId);
      const transfer = kind && id ? await transferFacts(app.db, companyId, kind, id) : null;
      const values = placeholderValues(company, transfer, todayInSaoPaulo(app.now()));
      const subject = fillText(template.subject, values);
      const text = fillText(template.body, values);
      return {
        templateId: template.id,
        transferKind: kind,
        transferId: id,
        recipientKind: template.recipientKind,
        recipientName: recipientNameFor(template.recipientKind, company, transfer),
        subject: subject.text,
        body: text.text,
        unfilled: [...new Set([...subject.unfilled, ...text.unfilled])],
      };
    },
  );

  r.get(
    "/requirements/:id/document",
    { schema: { tags: ["requerimentos"], summary: "O documento em DOCX ou PDF", params: idParams, querystring: documentQuery }, preValidation: requireUser },
    async (request, reply) => {
      const companyId = resolveCompanyId(request);
      const where = companyId === null ? eq(requirements.id, request.params.id) : and(eq(requirements.id, request.params.id), eq(requirements.companyId, companyId));
      const [row] = await app.db.select().from(requirements).where(where);
      if (!row) throw notFound("Requerimento não encontrado.");
      const company = await companyFacts(app.db, row.companyId);
      const day = row.sentOn ?? todayInSaoPaulo(app.now());
      const doc = { municipality: company.name, uf: company.uf, dateLine: `${company.name}, ${writtenDate(day)}`, recipientName: row.recipientName, subject: row.subject, body: row.body };
      const { format } = request.query;
      const bytes = format === "docx" ? await requirementDocx(doc) : await requirementPdf(doc);
      reply.header("content-type", CONTENT_TYPES[format]);
      reply.header("content-disposition", `attachment; filename="requerimento-${row.id}.${format}"`);
      reply.header("cache-control", "no-store");
      return reply.send(bytes);
    },
  );
};

const plugin: FastifyPluginAsync = async (app) => {
  await app.register(resourcesPlugin(requirementTemplateResource, requirementResource));
  await app.register(routes);
};

export default plugin;
