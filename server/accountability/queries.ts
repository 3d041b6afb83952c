import { and, asc, eq, sql } from "drizzle-orm";
import { parametrizationOf } from "../../src/domain/companies";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { Db } from "../db/client";
import { accountabilityChecklistItems, accountabilityObligations as o, companies, lc210Notices } from "../db/schema";

/**
 * The accountability area's reads: what its list shows, what its overview answers and what the public
 * transparency detail may show of it. Other areas (the public site) read accountability through here.
 */

/**
 * The outer obligation's id, qualified by hand: drizzle writes a column of a one-table select without its
 * table, and a bare "id" inside the subquery is the checklist item's own id (every obligation then showed
 * "1/1", issue 31).
 */
const obligationId = sql`${o}.${sql.identifier("id")}`;

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
  checklistDone: sql<number>`(select count(*)::int from ${accountabilityChecklistItems} c where c.obligation_id = ${obligationId} and c.done)`.as("checklist_done"),
  checklistTotal: sql<number>`(select count(*)::int from ${accountabilityChecklistItems} c where c.obligation_id = ${obligationId})`.as("checklist_total"),
};

/** The obligations with the transfer they follow and how far their checklist is. */
export const obligationsQuery = (db: Db) => db.select(obligationColumns).from(o);

/** Today in São Paulo and the company's accountability alert window (the default one for an ADMIN over every company). */
export async function accountabilityOverview(db: Db, companyId: number | null, now: number) {
  const today = todayInSaoPaulo(now);
  if (companyId === null) return { today, alertDays: parametrizationOf({}).accountabilityAlertDays, companyId };
  const [row] = await db.select({ parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
  return { today, alertDays: parametrizationOf(row?.parametrization ?? {}).accountabilityAlertDays, companyId };
}

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
