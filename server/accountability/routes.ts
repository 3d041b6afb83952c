import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  checklistItemCreateSchema,
  checklistItemRowSchema,
  checklistItemUpdateSchema,
  lc210NoticeCreateSchema,
  lc210NoticeRowSchema,
  lc210NoticeUpdateSchema,
  obligationRowSchema,
  obligationUpdateSchema,
  OPEN_OBLIGATION_STATUSES,
} from "../../src/domain/accountability";
import { accountabilityChecklistItems, accountabilityObligations, lc210Notices } from "../db/schema";
import { notFound, registerConstraintMessage } from "../lib/errors";
import { defineResource } from "../resources/define-resource";
import { defineAction, fileResponse } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import type { Preparable } from "../resources/prepared-list";
import { forgetDocument, removeDocumentFile } from "../storage/documents";
import { sendDocument } from "../storage/serve";
import { accountabilityOverview, obligationsQuery } from "./queries";
import { afterNoticeWrite, checklistFileLeft, prepareChecklistItem, prepareNotice, prepareObligation, proofLeft } from "./rules";

/**
 * /api/accountability-obligations, /api/accountability-checklist-items and /api/lc210-notices
 * (issue 17): the company's accountability obligations, computed from its transfers (every write of a
 * transfer or a payment brings them up to date: server/accountability/obligations.ts; reading never
 * writes), with their checklists and the LC 210/2024 art. 8 notices. ADMIN and MANAGER write; a USER
 * ticks checklist items and attaches their files.
 */

const TAG = "prestação de contas";
const OBLIGATION_NOT_FOUND = "Obrigação de prestação de contas não encontrada.";

registerConstraintMessage("lc210_notices_obligation_recipient_key", "Este destinatário já tem o envio registrado: altere o registro existente.", "recipient");

const o = accountabilityObligations;

/**
 * Settled: nothing more is owed by the due date (sent, in analysis, approved). The list shows what is
 * still owed first, the overdue at the top, and the obligations already sent years ago after them.
 */
const settled = sql<boolean>`(${o.status}::text not in (${sql.join(
  OPEN_OBLIGATION_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

export const obligationResource = defineResource({
  name: "accountability-obligations",
  tag: TAG,
  table: accountabilityObligations,
  scope: { kind: "tenant" },
  access: { read: "user-only", update: "manager-only" },
  row: obligationRowSchema,
  update: obligationUpdateSchema,
  notFound: OBLIGATION_NOT_FOUND,
  prepare: prepareObligation,
  reader: {
    page: (db, q) => obligationsQuery(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never) as unknown as Preparable<Record<string, unknown>[]>,
    rows: (db, where) => obligationsQuery(db).where(where) as unknown as Promise<Record<string, unknown>[]>,
  },
  list: {
    fields: ["id", "kind", "status", "transferKey", "title", "dueDate", "dueDateManual", "responsibleUserId", "responsibleName", "createdAt", "updatedAt"],
    computed: { settled: { column: settled, type: "boolean" } },
    search: [o.transferKey, o.title],
    defaultSort: [
      { field: "settled", order: "asc" },
      { field: "dueDate", order: "asc" },
      { field: "id", order: "asc" },
    ],
    maxPageSize: 200,
  },
});

export const checklistResource = defineResource({
  name: "accountability-checklist-items",
  tag: TAG,
  table: accountabilityChecklistItems,
  scope: { kind: "child", parents: [{ table: accountabilityObligations, column: accountabilityChecklistItems.obligationId, notFound: OBLIGATION_NOT_FOUND }] },
  access: { read: "user-only", create: "manager-only", update: "user-only", delete: "manager-only" },
  row: checklistItemRowSchema,
  create: checklistItemCreateSchema,
  update: checklistItemUpdateSchema,
  notFound: "Documento da lista não encontrado.",
  prepare: prepareChecklistItem,
  onWrite: (ctx, change) => forgetDocument(ctx.tx, checklistFileLeft(change)),
  afterCommit: (app, change) => removeDocumentFile(app, checklistFileLeft(change)),
  list: { defaultSort: [{ field: "position", order: "asc" }, { field: "id", order: "asc" }], maxPageSize: 200 },
});

export const lc210NoticeResource = defineResource({
  name: "lc210-notices",
  tag: TAG,
  table: lc210Notices,
  scope: { kind: "child", parents: [{ table: accountabilityObligations, column: lc210Notices.obligationId, notFound: OBLIGATION_NOT_FOUND }] },
  access: { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" },
  row: lc210NoticeRowSchema,
  create: lc210NoticeCreateSchema,
  update: lc210NoticeUpdateSchema,
  notFound: "Envio da LC 210 não encontrado.",
  prepare: prepareNotice,
  onWrite: afterNoticeWrite,
  afterCommit: (app, change) => removeDocumentFile(app, proofLeft(change)),
  list: { defaultSort: [{ field: "recipient", order: "asc" }], maxPageSize: 50 },
});

// ---------- the overview and the attachments ----------

const idParams = (message: string) => z.object({ id: z.coerce.number().int().positive({ message }).max(2_147_483_647, message) });

const overview = defineAction({
  method: "GET",
  path: "/accountability/overview",
  tag: TAG,
  summary: "O dia de hoje e o prazo de aviso de prestação de contas (accountabilityAlertDays) da prefeitura",
  guard: "user-only",
  scope: { kind: "tenant" },
  response: { 200: z.object({ today: z.string(), alertDays: z.number().int(), companyId: z.number().int().nullable() }) },
  handler: ({ app, companyId }) => accountabilityOverview(app.db, companyId, app.now()),
});

const FILE_NOT_FOUND = "Arquivo não encontrado.";
const checklistFile = defineAction({
  method: "GET",
  path: "/accountability-checklist-items/:id/file",
  tag: TAG,
  summary: "Baixa o arquivo anexado a um documento da lista (como anexo, com o nome original)",
  guard: "user-only",
  scope: { kind: "child", parent: accountabilityChecklistItems, notFound: FILE_NOT_FOUND },
  params: idParams(FILE_NOT_FOUND),
  response: { 200: fileResponse },
  handler: ({ app, reply, parent }) => {
    const { filePath, fileName, fileType } = parent as typeof parent & { filePath: string | null; fileName: string | null; fileType: string | null };
    if (!filePath || !fileName || !fileType) throw notFound(FILE_NOT_FOUND);
    return sendDocument(reply, app.storage.files, { storagePath: filePath, contentType: fileType, fileName });
  },
});

const PROOF_NOT_FOUND = "Comprovante não encontrado.";
const noticeProof = defineAction({
  method: "GET",
  path: "/lc210-notices/:id/proof",
  tag: TAG,
  summary: "Baixa o comprovante de um envio da LC 210 (como anexo, com o nome original)",
  guard: "user-only",
  scope: { kind: "child", parent: lc210Notices, notFound: PROOF_NOT_FOUND },
  params: idParams(PROOF_NOT_FOUND),
  response: { 200: fileResponse },
  handler: ({ app, reply, parent }) => {
    const { proofPath, proofName, proofType } = parent as typeof parent & { proofPath: string | null; proofName: string | null; proofType: string | null };
    if (!proofPath || !proofName || !proofType) throw notFound(PROOF_NOT_FOUND);
    return sendDocument(reply, app.storage.files, { storagePath: proofPath, contentType: proofType, fileName: proofName });
  },
});

export default areaPlugin(obligationResource, checklistResource, lc210NoticeResource, overview, checklistFile, noticeProof);
