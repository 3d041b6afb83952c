import { z } from "zod";
import {
  requirementCreateSchema,
  requirementFillResultSchema,
  requirementFillSchema,
  requirementRowSchema,
  requirementTemplateCreateSchema,
  requirementTemplateRowSchema,
} from "../../src/domain/requirements";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { requirements, requirementTemplates } from "../db/schema";
import { defineResource } from "../resources/define-resource";
import { defineAction, fileResponse } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { idParams } from "../resources/params";
import { requirementDocx, requirementPdf } from "./document";
import { companyFacts, writtenDate } from "./fill";
import { fillRequirement, prepareRequirement } from "./rules";

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

export const requirementResource = defineResource({
  name: "requirements",
  tag: "requerimentos",
  table: requirements,
  scope: { kind: "tenant" },
  access: { read: "user-only", create: "user-only", update: "user-only", delete: "manager-only" },
  row: requirementRowSchema,
  create: requirementCreateSchema,
  notFound: "Requerimento não encontrado.",
  prepare: prepareRequirement,
  list: {
    search: [requirements.subject, requirements.recipientName, requirements.protocolNumber, requirements.transferNumber],
    defaultSort: [{ field: "updatedAt", order: "desc" }],
  },
});

/** Filling writes nothing: the screen shows the text, and the person saves it as a requirement. */
const fill = defineAction({
  method: "POST",
  path: "/requirements/fill",
  tag: "requerimentos",
  summary: "Preenche um modelo com os dados da prefeitura e de uma transferência dela",
  guard: "user-only",
  scope: { kind: "company" },
  body: requirementFillSchema,
  response: { 200: requirementFillResultSchema },
  handler: ({ app, companyId, body }) => fillRequirement(app.db, companyId, body, todayInSaoPaulo(app.now())),
});

const documentQuery = z.object({ format: z.enum(["docx", "pdf"], { message: "Formato inválido: use docx ou pdf." }) });
const requirementIdParams = idParams("Requerimento não encontrado.");
const CONTENT_TYPES = { docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", pdf: "application/pdf" } as const;

const document = defineAction({
  method: "GET",
  path: "/requirements/:id/document",
  tag: "requerimentos",
  summary: "O documento em DOCX ou PDF",
  guard: "user-only",
  scope: { kind: "child", parent: requirements, notFound: "Requerimento não encontrado." },
  params: requirementIdParams,
  query: documentQuery,
  response: { 200: fileResponse },
  handler: async ({ app, reply, parent, query }) => {
    const row = parent as unknown as typeof requirements.$inferSelect;
    const company = await companyFacts(app.db, row.companyId);
    const day = row.sentOn ?? todayInSaoPaulo(app.now());
    const doc = { municipality: company.name, uf: company.uf, dateLine: `${company.name}, ${writtenDate(day)}`, recipientName: row.recipientName, subject: row.subject, body: row.body };
    const bytes = query.format === "docx" ? await requirementDocx(doc) : await requirementPdf(doc);
    return reply
      .header("content-type", CONTENT_TYPES[query.format])
      .header("content-disposition", `attachment; filename="requerimento-${row.id}.${query.format}"`)
      .header("cache-control", "no-store")
      .send(bytes);
  },
});

export default areaPlugin(fill, document, requirementTemplateResource, requirementResource);
