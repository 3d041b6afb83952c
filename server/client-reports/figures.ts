import { asc, eq, sql } from "drizzle-orm";
import { OPEN_OBLIGATION_STATUSES, type ObligationStatus } from "../../src/domain/accountability";
import { monthLabel, type ClientReportData, type MoneyFigures } from "../../src/domain/client-reports";
import { parametrizationOf } from "../../src/domain/companies";
import { daysBetween, todayInSaoPaulo } from "../../src/domain/dates";
import { codeLabels } from "../../src/domain/labels/codes";
import { labelOf, transferLabels } from "../../src/domain/labels/transfers";
import { expiresSoon, type RegularityStatus } from "../../src/domain/regularity";
import type { PaymentsAnswer } from "../../src/domain/reports";
import type { Db } from "../db/client";
import { accountabilityObligations as o, companies, lc210Notices, regularityItems } from "../db/schema";
import { deadlineCenter } from "../deadlines/center";
import { paymentsReport } from "../domain/reports";
import { activeTransfers } from "../domain/transfers";
import { coverageOf } from "./coverage";
import type { RiskProvider } from "./risks";

/**
 * The monthly report's figures for one client and one month (its JSON twin). Every section is read
 * with the query its screen uses: money from the payments report (effective movements of the month
 * and of the year up to it), open transfers from the dashboard's "in force" list, deadlines from the
 * deadline center, CAUC from the regularity items, accountability and LC 210 from the obligations,
 * risks from the risk provider, coverage from the sync's freshness records.
 */

/** Deadlines the report lists: overdue ones and those of the next 60 days. */
export const DEADLINE_HORIZON_DAYS = 60;
/** Rows listed per section (the count says how many there are in all). */
const LISTED = 80;

/** Money of a period from the payments report's answer (its kinds as the client reads them). */
export function moneyOf(answer: Pick<PaymentsAnswer, "byKind">): MoneyFigures {
  const kind = (codes: string[]) => {
    const rows = answer.byKind.filter((row) => codes.includes(row.kind));
    return { count: rows.reduce((acc, row) => acc + row.count, 0), value: (rows.reduce((acc, row) => acc + Math.round(Number(row.value) * 100), 0) / 100).toFixed(2) };
  };
  const received = kind(["BANK_ORDER", "DISBURSEMENT"]);
  const paid = kind(["SUPPLIER_PAYMENT"]);
  return { received: received.value, receivedCount: received.count, committed: kind(["COMMITMENT"]).value, paid: paid.value, paidCount: paid.count };
}

const situationLabel = (kind: string, code: string) =>
  labelOf(kind === "imposition" ? transferLabels.impositionSituations : kind === "voluntary" ? transferLabels.voluntaryStatuses : transferLabels.fundSituations)(code) ?? code;
const kindLabel = (kind: string) => labelOf(transferLabels.transferKinds as Record<string, string>)(kind) ?? kind;

export async function clientReportData(db: Db, companyId: number, month: string, now: number, risks: RiskProvider): Promise<ClientReportData | null> {
  const [company] = await db.select({ id: companies.id, name: companies.name, cnpj: companies.cnpj, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
  if (!company) return null;
  const today = todayInSaoPaulo(now);
  const { caucAlertDays } = parametrizationOf(company.parametrization);
  const [monthPayments, yearPayments, transfers, center, cauc, obligations, notices, coverage, riskRows] = await Promise.all([
    paymentsReport(db, companyId, { from: month, to: month, status: "EFETIVADO" }),
    paymentsReport(db, companyId, { from: `${month.slice(0, 4)}-01`, to: month, status: "EFETIVADO" }),
    activeTransfers(db, companyId, today),
    deadlineCenter(db, companyId, today),
    db
      .select({ code: regularityItems.code, label: regularityItems.label, status: regularityItems.status, validUntil: regularityItems.validUntil })
      .from(regularityItems)
      .where(eq(regularityItems.companyId, companyId))
      .orderBy(asc(regularityItems.code)),
    db
      .select({ id: o.id, kind: o.kind, status: o.status, transferKey: o.transferKey, title: o.title, dueDate: o.dueDate })
      .from(o)
      .where(eq(o.companyId, companyId))
      .orderBy(sql`${o.dueDate} asc nulls last`, asc(o.id)),
    db
      .select({ obligationId: lc210Notices.obligationId, sent: sql<number>`count(*)::int` })
      .from(lc210Notices)
      .where(eq(lc210Notices.companyId, companyId))
      .groupBy(lc210Notices.obligationId),
    coverageOf(db, companyId, now),
    risks(db, { companyId, companyName: company.name, today }),
  ]);
  const sentBy = new Map(notices.map((n) => [n.obligationId, n.sent]));
  const counts: Record<string, number> = {};
  for (const item of cauc) counts[item.status] = (counts[item.status] ?? 0) + 1;
  const openObligations = obligations.filter((ob) => ob.kind !== "LC210" && (OPEN_OBLIGATION_STATUSES as readonly string[]).includes(ob.status));

  return {
    company: { id: company.id, name: company.name, cnpj: company.cnpj },
    month,
    monthLabel: monthLabel(month),
    today,
    generatedAt: new Date(now).toISOString(),
    money: { month: moneyOf(monthPayments), year: moneyOf(yearPayments) },
    transfers: {
      count: transfers.length,
      rows: transfers.slice(0, LISTED).map((t) => ({ kind: kindLabel(t.kind), key: t.key, title: t.title, stage: situationLabel(t.kind, t.situation), plannedValue: t.plannedValue, paidValue: t.paidValue, endsAt: t.endsAt })),
    },
    deadlines: (center?.items ?? [])
      .filter((item) => item.overdue || (item.daysLeft !== null && item.daysLeft <= DEADLINE_HORIZON_DAYS))
      .slice(0, LISTED)
      .map((item) => ({ kind: codeLabels.deadlineKinds[item.kind], what: item.what, title: item.title, reference: item.reference, date: item.date, daysLeft: item.daysLeft, overdue: item.overdue })),
    cauc: {
      counts,
      attention: cauc
        .filter((item) => item.status !== "REGULAR" || expiresSoon(item as { status: RegularityStatus; validUntil: string | null }, today, caucAlertDays))
        .map((item) => ({ code: item.code, label: item.label, status: codeLabels.regularityStatuses[item.status as RegularityStatus] ?? item.status, validUntil: item.validUntil })),
    },
    accountability: openObligations.slice(0, LISTED).map((ob) => ({
      kind: codeLabels.obligationKinds[ob.kind],
      transferKey: ob.transferKey,
      title: ob.title ?? ob.transferKey,
      status: codeLabels.obligationStatuses[ob.status as ObligationStatus] ?? ob.status,
      dueDate: ob.dueDate,
      overdue: ob.dueDate !== null && daysBetween(today, ob.dueDate) < 0,
    })),
    lc210: obligations
      .filter((ob) => ob.kind === "LC210")
      .slice(0, LISTED)
      .map((ob) => ({ transferKey: ob.transferKey, title: ob.title ?? ob.transferKey, status: codeLabels.obligationStatuses[ob.status as ObligationStatus] ?? ob.status, dueDate: ob.dueDate, sent: sentBy.get(ob.id) ?? 0 })),
    risks: riskRows,
    coverage,
  };
}
