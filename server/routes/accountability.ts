import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CHECKLIST_USER_FIELDS,
  RESPONSIBLE_MESSAGE,
  checklistItemCreateSchema,
  checklistItemRowSchema,
  checklistItemUpdateSchema,
  isStatusOf,
  lc210NoticeCreateSchema,
  lc210NoticeRowSchema,
  lc210NoticeUpdateSchema,
  lc210StatusOf,
  obligationRowSchema,
  obligationUpdateSchema,
  type Lc210Recipient,
  type ObligationKind,
} from "../../src/domain/accountability";
import { parametrizationOf } from "../../src/domain/companies";
import type { DocumentUploadKind } from "../../src/domain/uploads";
import { currentUser, hasRole, requireUser, resolveCompanyId } from "../auth/guards";
import type { Db } from "../db/client";
import { accountabilityChecklistItems, accountabilityObligations, companies, impositionTransfers, lc210Notices, users } from "../db/schema";
import { forbidden, notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineResource, resourcesPlugin, type StoredRow, type WriteChange, type WriteContext } from "../resources/define-resource";
import type { Preparable } from "../resources/prepared-list";
import { attachDocument, forgetDocument, removeDocumentFile } from "../storage/documents";
import { sendDocument } from "../storage/serve";
import { refreshObligations } from "../accountability/obligations";
import { todayInSaoPaulo } from "../../src/domain/dates";

/**
 * /api/accountability-obligations, /api/accountability-checklist-items and /api/lc210-notices
 * (issue 17): the company's accountability obligations, computed from its transfers (reading the list
 * first brings them up to date), with their checklists and the LC 210/2024 art. 8 notices. ADMIN and
 * MANAGER write; a USER ticks checklist items and attaches their files.
 */

const UPLOAD_KIND: DocumentUploadKind = "accountability";

registerConstraintMessage("lc210_notices_obligation_recipient_key", "Este destinatário já tem o envio registrado: altere o registro existente.", "recipient");

const o = accountabilityObligations;
const obligationColumns = {
  id: o.id,
  companyId: o.companyId,
  kind: o.kind,
  status: o.status,
  transferKey: o.transferKey,
  title: o.title,
  dueDate: o.dueDate,
  dueDateManual: o.dueDateManual,
  responsibleUserId: o.responsibleUserId,
  responsibleName: o.responsibleName,
  notes: o.notes,
  version: o.version,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  transferKind: sql<string>`case when ${o.voluntaryTransferId} is not null then 'voluntary' when ${o.fundTransferPlanId} is not null then 'fund' else 'imposition' end`.as("transfer_kind"),
  transferId: sql<number>`coalesce(${o.impositionTransferId}, ${o.voluntaryTransferId}, ${o.fundTransferPlanId})`.as("transfer_id"),
  checklistDone: sql<number>`(select count(*)::int from ${accountabilityChecklistItems} c where c.obligation_id = ${o.id} and c.done)`.as("checklist_done"),
  checklistTotal: sql<number>`(select count(*)::int from ${accountabilityChecklistItems} c where c.obligation_id = ${o.id})`.as("checklist_total"),
};
const obligationsQuery = (db: Db) => db.select(obligationColumns).from(o);

/** The responsible person: one of the company's active users, whose name the obligation shows. */
async function responsibleOf(tx: Db, companyId: number, userId: unknown): Promise<Record<string, unknown>> {
  if (userId === null) return { responsibleUserId: null, responsibleName: null };
  const [person] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId as number), eq(users.companyId, companyId), eq(users.active, true)));
  if (!person) throw unprocessable(RESPONSIBLE_MESSAGE, { responsibleUserId: RESPONSIBLE_MESSAGE });
  return { responsibleUserId: userId, responsibleName: person.name.slice(0, 120) };
}

async function prepareObligation(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined): Promise<Record<string, unknown>> {
  const row = existing!;
  const kind = row.kind as ObligationKind;
  const out: Record<string, unknown> = { ...values };
  if ("status" in values) {
    if (kind === "LC210") {
      const message = "A situação da comunicação LC 210 segue os envios registrados: registre o envio a cada destinatário.";
      throw unprocessable(message, { status: message });
    }
    if (!isStatusOf(kind, values.status as string)) {
      const message = "Situação inválida para este tipo de obrigação.";
      throw unprocessable(message, { status: message });
    }
  }
  // A due date typed by hand stays; clearing it gives the computation its say again.
  if ("dueDate" in values) out.dueDateManual = values.dueDate !== null;
  if ("responsibleUserId" in values) Object.assign(out, await responsibleOf(ctx.tx, row.companyId as number, values.responsibleUserId));
  return out;
}

export const obligationResource = defineResource({
  name: "accountability-obligations",
  tag: "prestação de contas",
  table: accountabilityObligations,
  scope: { kind: "tenant" },
  access: { read: "user-only", update: "manager-only" },
  row: obligationRowSchema,
  update: obligationUpdateSchema,
  notFound: "Obrigação de prestação de contas não encontrada.",
  prepare: prepareObligation,
  reader: {
    page: (db, q) => obligationsQuery(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never) as unknown as Preparable<Record<string, unknown>[]>,
    rows: (db, where) => obligationsQuery(db).where(where) as unknown as Promise<Record<string, unknown>[]>,
  },
  list: {
    fields: ["id", "kind", "status", "transferKey", "title", "dueDate", "dueDateManual", "responsibleUserId", "responsibleName", "createdAt", "updatedAt"],
    search: [o.transferKey, o.title],
    defaultSort: [{ field: "dueDate", order: "asc" }, { field: "id", order: "asc" }],
    maxPageSize: 200,
  },
});

// ---------- checklist ----------

/** A file saved on a record: a new upload (kind accountability, by the person saving) is attached; null removes it. */
async function withFile(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined, fields: { path: string; name: string; type: string }) {
  const { [fields.path]: path, [fields.name]: name, ...rest } = values;
  if (path === null) return { ...rest, [fields.path]: null, [fields.name]: null, [fields.type]: null };
  if (typeof path === "string" && path !== existing?.[fields.path]) {
    if (typeof name !== "string") {
      const message = "Informe o nome do arquivo.";
      throw unprocessable(message, { [fields.name]: message });
    }
    const file = await attachDocument(ctx.tx, { kind: UPLOAD_KIND, storagePath: path, ownerId: ctx.user.id, field: fields.path, at: ctx.now });
    return { ...rest, [fields.path]: path, [fields.name]: name, [fields.type]: file.contentType };
  }
  return typeof name === "string" && existing?.[fields.path] ? { ...rest, [fields.name]: name } : rest;
}

/** The file a change leaves behind (replaced, removed, or its record deleted). */
const fileLeft = (field: string) => (change: WriteChange): string | null => {
  if (change.op === "delete") return (change.row[field] as string | null) ?? null;
  if (change.op === "update" && change.before[field] && change.before[field] !== change.row[field]) return change.before[field] as string;
  return null;
};
const checklistFileLeft = fileLeft("filePath");
const proofLeft = fileLeft("proofPath");

const CHECKLIST_FILE = { path: "filePath", name: "fileName", type: "fileType" };

async function prepareChecklistItem(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  if (existing && ctx.user.role === "USER") {
    const other = Object.keys(values).find((key) => !(CHECKLIST_USER_FIELDS as readonly string[]).includes(key));
    if (other) throw forbidden("Você pode marcar os documentos da lista e anexar os arquivos; o gestor altera o restante.");
  }
  const out = await withFile(ctx, values, existing, CHECKLIST_FILE);
  if ("done" in values && values.done !== existing?.done) {
    Object.assign(out, values.done ? { doneBy: ctx.user.id, doneByName: ctx.user.name.slice(0, 120), doneAt: ctx.now } : { doneBy: null, doneByName: null, doneAt: null });
  }
  return out;
}

export const checklistResource = defineResource({
  name: "accountability-checklist-items",
  tag: "prestação de contas",
  table: accountabilityChecklistItems,
  scope: { kind: "child", parents: [{ table: accountabilityObligations, column: accountabilityChecklistItems.obligationId, notFound: "Obrigação de prestação de contas não encontrada." }] },
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

// ---------- LC 210 notices ----------

/** The obligation a notice belongs to, which must be an LC 210 one. */
async function lc210ObligationOf(tx: Db, obligationId: number) {
  const [row] = await tx.select({ kind: o.kind, impositionTransferId: o.impositionTransferId }).from(o).where(eq(o.id, obligationId));
  if (!row) throw notFound("Obrigação de prestação de contas não encontrada.");
  if (row.kind !== "LC210") {
    const message = "Envios da LC 210/2024 só se registram na obrigação de comunicação de uma emenda PIX.";
    throw unprocessable(message, { obligationId: message });
  }
  return row;
}

async function prepareNotice(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  await lc210ObligationOf(ctx.tx, (existing?.obligationId ?? values.obligationId) as number);
  const sentOn = (values.sentOn ?? existing?.sentOn) as string;
  if (sentOn > todayInSaoPaulo(ctx.now.getTime())) {
    const message = "A data de envio não pode estar no futuro.";
    throw unprocessable(message, { sentOn: message });
  }
  return withFile(ctx, values, existing, { path: "proofPath", name: "proofName", type: "proofType" });
}

/**
 * After a notice changes: the obligation's status follows what was sent (pendente, parcial,
 * comunicada) and the emenda keeps, as its LC 210 date, the day the Câmara was told.
 */
async function afterNoticeWrite(ctx: WriteContext, change: WriteChange) {
  await forgetDocument(ctx.tx, proofLeft(change));
  const obligationId = change.row.obligationId as number;
  const sent = await ctx.tx.select({ recipient: lc210Notices.recipient, sentOn: lc210Notices.sentOn }).from(lc210Notices).where(eq(lc210Notices.obligationId, obligationId));
  const status = lc210StatusOf(sent as { recipient: Lc210Recipient; sentOn: string }[]);
  await ctx.tx
    .update(o)
    .set({ status, updatedAt: ctx.now, version: sql`${o.version} + 1` })
    .where(and(eq(o.id, obligationId), sql`${o.status} is distinct from ${status}::obligation_status`));
  const { impositionTransferId } = await lc210ObligationOf(ctx.tx, obligationId);
  const camara = sent.find((s) => s.recipient === "CAMARA")?.sentOn ?? null;
  if (impositionTransferId) await ctx.tx.update(impositionTransfers).set({ legislativeNotifiedAt: camara }).where(eq(impositionTransfers.id, impositionTransferId));
}

export const lc210NoticeResource = defineResource({
  name: "lc210-notices",
  tag: "prestação de contas",
  table: lc210Notices,
  scope: { kind: "child", parents: [{ table: accountabilityObligations, column: lc210Notices.obligationId, notFound: "Obrigação de prestação de contas não encontrada." }] },
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

// ---------- downloads, the overview and the refresh before a list ----------

const idParams = (message: string) => z.object({ id: z.coerce.number().int().positive({ message }).max(2_147_483_647, message) });
const overviewSchema = z.object({ today: z.string(), alertDays: z.number().int(), companyId: z.number().int().nullable() });

/** Which company's rows a download may reach: the caller's (an ADMIN without a chosen company: any). */
const ownedBy = (request: FastifyRequest, column: typeof accountabilityChecklistItems.companyId | typeof lc210Notices.companyId) => {
  const companyId = resolveCompanyId(request);
  return companyId === null && hasRole(currentUser(request), ["ADMIN"]) ? undefined : eq(column, companyId ?? -1);
};

const routes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The list (and the overview) first brings the company's obligations up to date with its transfers.
  app.addHook("preHandler", async (request) => {
    if (request.method !== "GET" || !request.routeOptions.url?.endsWith(`/${obligationResource.name}`)) return;
    const companyId = resolveCompanyId(request);
    if (companyId !== null) await refreshObligations(app.db, companyId);
  });

  r.get(
    "/accountability/overview",
    { schema: { tags: ["prestação de contas"], summary: "O dia de hoje e o prazo de aviso de prestação de contas (accountabilityAlertDays) da prefeitura", response: { 200: overviewSchema } }, preHandler: requireUser },
    async (request) => {
      const companyId = resolveCompanyId(request);
      const today = todayInSaoPaulo(app.now());
      if (companyId === null) return { today, alertDays: parametrizationOf({}).accountabilityAlertDays, companyId };
      const [row] = await app.db.select({ parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
      return { today, alertDays: parametrizationOf(row?.parametrization ?? {}).accountabilityAlertDays, companyId };
    },
  );

  r.get(
    "/accountability-checklist-items/:id/file",
    { schema: { tags: ["prestação de contas"], summary: "Baixa o arquivo anexado a um documento da lista (como anexo, com o nome original)", params: idParams("Arquivo não encontrado.") }, preHandler: requireUser },
    async (request, reply) => {
      const c = accountabilityChecklistItems;
      const [item] = await app.db.select({ path: c.filePath, name: c.fileName, type: c.fileType }).from(c).where(and(eq(c.id, request.params.id), ownedBy(request, c.companyId)));
      if (!item?.path || !item.name || !item.type) throw notFound("Arquivo não encontrado.");
      return sendDocument(reply, app.storage.files, { storagePath: item.path, contentType: item.type, fileName: item.name });
    },
  );

  r.get(
    "/lc210-notices/:id/proof",
    { schema: { tags: ["prestação de contas"], summary: "Baixa o comprovante de um envio da LC 210 (como anexo, com o nome original)", params: idParams("Comprovante não encontrado.") }, preHandler: requireUser },
    async (request, reply) => {
      const n = lc210Notices;
      const [item] = await app.db.select({ path: n.proofPath, name: n.proofName, type: n.proofType }).from(n).where(and(eq(n.id, request.params.id), ownedBy(request, n.companyId)));
      if (!item?.path || !item.name || !item.type) throw notFound("Comprovante não encontrado.");
      return sendDocument(reply, app.storage.files, { storagePath: item.path, contentType: item.type, fileName: item.name });
    },
  );

  await resourcesPlugin(obligationResource, checklistResource, lc210NoticeResource)(app, {});
};

export default routes;

/** The LC 210 notices of an emenda PIX as the public transparency detail shows them (only what was sent). */
export async function publicLc210Notice(db: Db, impositionTransferId: number) {
  const [obligation] = await db
    .select({ id: o.id, status: o.status, dueDate: o.dueDate })
    .from(o)
    .where(and(eq(o.impositionTransferId, impositionTransferId), eq(o.kind, "LC210")));
  if (!obligation) return null;
  const recipients = await db
    .select({ recipient: lc210Notices.recipient, recipientName: lc210Notices.recipientName, sentOn: lc210Notices.sentOn, protocol: lc210Notices.protocol })
    .from(lc210Notices)
    .where(eq(lc210Notices.obligationId, obligation.id))
    .orderBy(asc(lc210Notices.sentOn));
  return { dueDate: obligation.dueDate, status: obligation.status as "PENDENTE" | "PARCIAL" | "COMUNICADA", recipients };
}
