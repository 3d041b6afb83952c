import { and, eq, sql } from "drizzle-orm";
import { CHECKLIST_USER_FIELDS, RESPONSIBLE_MESSAGE, isStatusOf, lc210StatusOf, type Lc210Recipient, type ObligationKind } from "../../src/domain/accountability";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { passesGuard } from "../../src/domain/guards";
import type { DocumentUploadKind } from "../../src/domain/uploads";
import type { Db } from "../db/client";
import { accountabilityObligations as o, impositionTransfers, lc210Notices, users } from "../db/schema";
import { forbidden, notFound, unprocessable } from "../lib/errors";
import type { StoredRow, WriteChange, WriteContext } from "../resources/define-resource";
import { attachDocument, forgetDocument } from "../storage/documents";

/**
 * The accountability area's write rules (issue 17): what an obligation, a checklist document and an
 * LC 210 notice accept, and what a notice changes on its obligation and its emenda.
 */

const UPLOAD_KIND: DocumentUploadKind = "accountability";

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

export async function prepareObligation(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined): Promise<Record<string, unknown>> {
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
  // A due date typed by hand stays; clearing it gives the computation its say again. The form sends
  // every field, so only a date that differs from the stored one is a hand-typed one (saving only the
  // owner and notes leaves the computed deadline computed).
  if ("dueDate" in values && values.dueDate !== row.dueDate) out.dueDateManual = values.dueDate !== null;
  if ("responsibleUserId" in values) Object.assign(out, await responsibleOf(ctx.tx, row.companyId as number, values.responsibleUserId));
  return out;
}

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
export const checklistFileLeft = fileLeft("filePath");
export const proofLeft = fileLeft("proofPath");

const CHECKLIST_FILE = { path: "filePath", name: "fileName", type: "fileType" };

/** Who only ticks documents and attaches their files (everything else is the manager's). */
const ticksOnly = (ctx: WriteContext) => !passesGuard(ctx.user.role, "manager-only");

export async function prepareChecklistItem(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  if (existing && ticksOnly(ctx)) {
    const other = Object.keys(values).find((key) => !(CHECKLIST_USER_FIELDS as readonly string[]).includes(key));
    if (other) throw forbidden("Você pode marcar os documentos da lista e anexar os arquivos; o gestor altera o restante.");
  }
  const out = await withFile(ctx, values, existing, CHECKLIST_FILE);
  if ("done" in values && values.done !== existing?.done) {
    Object.assign(out, values.done ? { doneBy: ctx.user.id, doneByName: ctx.user.name.slice(0, 120), doneAt: ctx.now } : { doneBy: null, doneByName: null, doneAt: null });
  }
  return out;
}

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

const brDay = (iso: string) => iso.split("-").reverse().join("/");

/**
 * The day the emenda's LC 210 term began (issue 31 item 2): its account indication (plan accepted) or
 * its first effective bank order, whichever came first, as the obligation's due date counts it. A
 * notice tells of that receipt, so it cannot have been sent before it. Null while neither happened.
 */
async function lc210TermStart(tx: Db, impositionTransferId: number | null): Promise<string | null> {
  if (impositionTransferId === null) return null;
  const [row] = await tx
    .select({
      start: sql<string | null>`least(${impositionTransfers.acceptedAt}, (select min(p.payment_date) from transaction_payments p
        where p.imposition_transfer_id = ${impositionTransfers}.${sql.identifier("id")} and p.kind = 'BANK_ORDER' and p.status = 'EFETIVADO'))::text`,
    })
    .from(impositionTransfers)
    .where(eq(impositionTransfers.id, impositionTransferId));
  return row?.start ?? null;
}

export async function prepareNotice(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const obligation = await lc210ObligationOf(ctx.tx, (existing?.obligationId ?? values.obligationId) as number);
  const sentOn = (values.sentOn ?? existing?.sentOn) as string;
  if (sentOn > todayInSaoPaulo(ctx.now.getTime())) {
    const message = "A data de envio não pode estar no futuro.";
    throw unprocessable(message, { sentOn: message });
  }
  const start = await lc210TermStart(ctx.tx, obligation.impositionTransferId);
  if (start && sentOn < start) {
    const message = `A data de envio não pode ser antes de ${brDay(start)}: a comunicação informa o recebimento da emenda (aceite do plano ou primeiro pagamento), que começou nesse dia.`;
    throw unprocessable(message, { sentOn: message });
  }
  return withFile(ctx, values, existing, { path: "proofPath", name: "proofName", type: "proofType" });
}

/**
 * After a notice changes: the obligation's status follows what was sent (pendente, parcial,
 * comunicada) and the emenda keeps, as its LC 210 date, the day the Câmara was told.
 */
export async function afterNoticeWrite(ctx: WriteContext, change: WriteChange) {
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
