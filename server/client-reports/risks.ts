import { desc, eq } from "drizzle-orm";
import type { RiskRow } from "../../src/domain/client-reports";
import { riskLabels } from "../../src/domain/labels/risks";
import type { RiskKind } from "../../src/domain/risks";
import type { Db } from "../db/client";
import { riskComments } from "../db/schema";
import { riskItemsFor } from "../risks/queries";

/**
 * The report's "Riscos e providências" section reads its rows from one provider: the risk queue's
 * items with their handling (`risksFromQueue`).
 */
export type RiskProvider = (db: Db, scope: { companyId: number; companyName: string; today: string }) => Promise<RiskRow[]>;

/** "2026-10-01": the first day of the month before `today`'s, where "what was done" starts. */
const previousMonthStart = (today: string) => {
  const [year, month] = today.split("-").map(Number);
  return month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, "0")}-01`;
};
const brDate = (iso: string) => iso.slice(0, 10).split("-").reverse().join("/");

/**
 * The risk queue's own items (server/risks, issue 33 item 1), as the consultant sees them: every
 * current item whatever its state, with its owner and last comment, then the items closed since the
 * start of the previous month whose data no longer raises them ("what was done about them").
 */
export const risksFromQueue: RiskProvider = async (db, { companyId, companyName, today }) => {
  const [{ current, closed }, comments] = await Promise.all([
    riskItemsFor(db, [companyId], { includeDoneSince: new Date(`${previousMonthStart(today)}T03:00:00Z`), today }),
    db
      .selectDistinctOn([riskComments.itemKey], { itemKey: riskComments.itemKey, body: riskComments.body })
      .from(riskComments)
      .where(eq(riskComments.companyId, companyId))
      .orderBy(riskComments.itemKey, desc(riskComments.createdAt)),
  ]);
  const lastComment = new Map(comments.map((c) => [c.itemKey, c.body]));
  const kindLabel = (kind: string) => riskLabels.kinds[kind as RiskKind] ?? kind;
  return [
    ...current.map((item) => ({
      client: companyName,
      kind: kindLabel(item.kind),
      reason: item.reason,
      deadline: item.deadline,
      money: item.money,
      state: riskLabels.states[item.handling.state],
      owner: item.handling.ownerName,
      lastComment: lastComment.get(item.key) ?? null,
    })),
    ...closed.map((item) => ({
      client: companyName,
      kind: kindLabel(item.kind),
      reason: item.doneAt ? `Resolvido em ${brDate(item.doneAt)}.` : "Resolvido.",
      deadline: null,
      money: null,
      state: riskLabels.states.DONE,
      owner: item.ownerName,
      lastComment: lastComment.get(item.key) ?? null,
    })),
  ];
};

/** The provider the report uses: the risk queue's items with their handling. */
export const CLIENT_REPORT_RISKS: RiskProvider = risksFromQueue;
