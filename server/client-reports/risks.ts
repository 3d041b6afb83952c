import { and, eq, inArray } from "drizzle-orm";
import type { RiskRow } from "../../src/domain/client-reports";
import type { Db } from "../db/client";
import { regularityItems } from "../db/schema";
import { deadlineCenter } from "../deadlines/center";

/**
 * The report's "Riscos e providências" section reads its rows from one provider. Until the risk queue
 * (server/risks, issue 33 item 1) is merged, `risksFromDeadlines` fills it from what exists today: the
 * deadline center's overdue accountability and CAUC items expiring, and CAUC items already irregular.
 * At merge the queue's own function is plugged in where `CLIENT_REPORT_RISKS` is defined.
 */
export type RiskProvider = (db: Db, scope: { companyId: number; companyName: string; today: string }) => Promise<RiskRow[]>;

const OPEN = "Aberto";

export const risksFromDeadlines: RiskProvider = async (db, { companyId, companyName, today }) => {
  const [center, irregular] = await Promise.all([
    deadlineCenter(db, companyId, today),
    db
      .select({ code: regularityItems.code, label: regularityItems.label, status: regularityItems.status, validUntil: regularityItems.validUntil, owner: regularityItems.responsibleName })
      .from(regularityItems)
      .where(and(eq(regularityItems.companyId, companyId), inArray(regularityItems.status, ["IRREGULAR", "A_COMPROVAR"])))
      .orderBy(regularityItems.code),
  ]);
  const rows: RiskRow[] = [];
  for (const item of center?.items ?? []) {
    if (item.kind === "accountability" && item.overdue) {
      rows.push({ client: companyName, kind: "Prestação de contas atrasada", reason: `${item.what}: ${item.title}${item.reference ? ` [${item.reference}]` : ""}, vencida há ${-(item.daysLeft ?? 0)} dias.`, deadline: item.date, money: null, state: OPEN, owner: null, lastComment: null });
    } else if (item.kind === "cauc") {
      rows.push({ client: companyName, kind: "CAUC vencendo", reason: `${item.title} (${item.reference ?? "CAUC"}) vence em ${item.daysLeft ?? 0} dias.`, deadline: item.date, money: null, state: OPEN, owner: null, lastComment: null });
    }
  }
  for (const item of irregular) {
    rows.push({ client: companyName, kind: item.status === "IRREGULAR" ? "CAUC irregular" : "CAUC a comprovar", reason: item.status === "IRREGULAR" ? `${item.label} (${item.code}) está irregular: bloqueia transferências voluntárias até ser regularizado.` : `${item.label} (${item.code}) precisa ser comprovado no CAUC.`, deadline: item.validUntil, money: null, state: OPEN, owner: item.owner, lastComment: null });
  }
  return rows;
};

/** The provider the report uses. The lead plugs the risk queue's function in here at merge. */
export const CLIENT_REPORT_RISKS: RiskProvider = risksFromDeadlines;
