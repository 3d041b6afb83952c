import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { daysBetween } from "../../src/domain/dates";
import { formatReais } from "../../src/domain/fields";
import { IMPOSITION_ACTIVE_SITUATIONS } from "../../src/domain/transfers";
import { workPlanSettled, type Radar, type RadarLevel } from "../../src/domain/risks";
import type { Db } from "../db/client";
import { impositionTransfers, riskCalendar, workPlanAnalyses, workPlanPendingBodies } from "../db/schema";
import { addDays, brazilianDate, col, inCompanies, rowsOf } from "./sql";
import { screenUrl } from "../../src/domain/admin-screens";
import type { DeadlineItem } from "../../src/domain/deadlines";

/**
 * The impediment radar (issue 33 item 2): per emenda, where its plano de trabalho stands (the analyses
 * and their history, the bodies still holding it and since when) against the impediment date of its
 * exercise (risk_calendar), and an alert `alertDays` before it. In 2025 most impeded emendas were
 * impeded because an analysis was not concluded in time, so a plan held by a body counts as at risk
 * exactly like a plan not presented.
 */

/** One emenda at risk of impediment: what the queue and the deadline digest list. */
export interface ImpedimentRisk {
  transferId: number;
  companyId: number;
  nrTransfer: string;
  title: string;
  plannedValue: string;
  workPlanStatus: string | null;
  bodyName: string | null;
  heldSince: string | null;
  impedimentDate: string;
  daysLeft: number;
  level: Extract<RadarLevel, "alert" | "overdue">;
  reason: string;
}

const daysWord = (n: number) => `${n} ${n === 1 ? "dia" : "dias"}`;

/** "impedimento em 05/05/2026 (faltam 12 dias)" / "(vencido há 3 dias)". */
function impedimentText(date: string, daysLeft: number): string {
  const when = daysLeft > 0 ? `faltam ${daysWord(daysLeft)}` : daysLeft === 0 ? "é hoje" : `passou há ${daysWord(-daysLeft)}`;
  return `impedimento técnico em ${brazilianDate(date)} (${when})`;
}

/** Where the plan stands, in a sentence: who holds it, since when. */
function standingText(status: string | null, settled: ReturnType<typeof workPlanSettled>, body: string | null, heldDays: number | null): string {
  if (settled === "rejected") return `Plano de trabalho reprovado${body ? ` por ${body}` : ""}`;
  if (!status) return "Plano de trabalho não apresentado";
  const holder = body ? ` com ${body}${heldDays !== null ? ` há ${daysWord(heldDays)}` : ""}` : "";
  return `Plano de trabalho «${status}»${holder}`;
}

/** A row of the radar's statement (what `impedimentRowsSql` selects). */
export interface ImpedimentRow {
  id: number;
  company_id: number;
  nr_transfer: string;
  title: string;
  planned_value: string;
  work_plan_status: string | null;
  impediment_date: string;
  body_name: string | null;
  pending_since: string | null;
}

/**
 * The radar's rows: the open emendas of `companies` within their exercise's alert lead time or past
 * its impediment date, with the body holding the plan longest. `today` is a value or a placeholder
 * (the risk queue runs it inside its one prepared statement).
 */
export function impedimentRowsSql(companies: SQL, today: SQL | string): SQL {
  const active = sql.join(IMPOSITION_ACTIVE_SITUATIONS.map((s) => sql.raw(`'${s}'`)), sql`, `);
  return sql`
      select t.id, t.company_id, t.nr_transfer, coalesce(t.object_name, t.amendment_number || ' — ' || t.parliamentarian_name) as title,
        t.planned_value::text as planned_value, t.work_plan_status, c.impediment_date::text as impediment_date,
        pb.body_name, to_char(pb.pending_since at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as pending_since
      from ${impositionTransfers} t
      join ${riskCalendar} c on c.year = t.year
      left join lateral (
        select b.body_name, b.pending_since from ${workPlanPendingBodies} b
        where b.transfer_id = t.id and b.company_id = t.company_id and b.still_pending
        order by b.pending_since asc limit 1
      ) pb on true
      where ${companies} and t.situation::text in (${active})
        and ${today}::date >= c.impediment_date - c.alert_days`;
}

/**
 * workPlanSettled, remembered per situation text: the source writes a handful of situations, and
 * normalizing each emenda's (accents, case) was a fifth of ranking the queue of 30 clients.
 */
const settledMemo = new Map<string, ReturnType<typeof workPlanSettled>>();
function settledOf(status: string | null): ReturnType<typeof workPlanSettled> {
  if (status === null) return workPlanSettled(status);
  let settled = settledMemo.get(status);
  if (settled === undefined) {
    settled = workPlanSettled(status);
    // Bounded: free text from the source must not grow the process without limit.
    if (settledMemo.size >= 1000) settledMemo.clear();
    settledMemo.set(status, settled);
  }
  return settled;
}

/** Where a row's emenda stands on `today`, without words (what ranks it); null when its plan is approved (no risk). */
export function impedimentStanding(row: ImpedimentRow, daysTo: (date: string) => number): { settled: ReturnType<typeof workPlanSettled>; daysLeft: number } | null {
  const settled = settledOf(row.work_plan_status);
  if (settled === "approved") return null;
  return { settled, daysLeft: daysTo(row.impediment_date) };
}

/** The pt-BR reason of an emenda at risk: who holds its plan and since when, its impediment date, the money. */
export function impedimentReason(row: ImpedimentRow, standing: NonNullable<ReturnType<typeof impedimentStanding>>, today: string): string {
  const heldDays = row.pending_since ? Math.max(0, daysBetween(row.pending_since, today)) : null;
  const text = standingText(row.work_plan_status, standing.settled, row.body_name, heldDays);
  return `${text}; ${impedimentText(row.impediment_date, standing.daysLeft)}. ${formatReais(row.planned_value)} em risco.`;
}

/** The radar's rows as risks: an approved plan is no risk. */
export function impedimentRisksOf(rows: readonly ImpedimentRow[], today: string): ImpedimentRisk[] {
  const out: ImpedimentRisk[] = [];
  for (const row of rows) {
    const standing = impedimentStanding(row, (date) => daysBetween(today, date));
    if (!standing) continue;
    const { settled, daysLeft } = standing;
    out.push({
      transferId: row.id,
      companyId: row.company_id,
      nrTransfer: row.nr_transfer,
      title: row.title,
      plannedValue: row.planned_value,
      workPlanStatus: row.work_plan_status,
      bodyName: row.body_name,
      heldSince: row.pending_since,
      impedimentDate: row.impediment_date,
      daysLeft,
      level: daysLeft < 0 || settled === "rejected" ? "overdue" : "alert",
      reason: impedimentReason(row, standing, today),
    });
  }
  return out;
}

/** The open emendas of `companies` whose unapproved plan is within its alert lead time or past its date. */
export async function impedimentRisks(db: Db, companies: SQL, today: string): Promise<ImpedimentRisk[]> {
  return impedimentRisksOf(rowsOf<ImpedimentRow>(await db.execute(impedimentRowsSql(companies, today))), today);
}

/** The full radar of one emenda (its admin page's card). */
export async function radarOf(db: Db, transfer: { id: number; companyId: number; year: number; situation: string; workPlanStatus: string | null; workPlanStatusAt: Date | null }, today: string): Promise<Radar> {
  const [calendar] = await db.select().from(riskCalendar).where(eq(riskCalendar.year, transfer.year));
  const [bodies, history] = await Promise.all([
    db
      .select({ name: workPlanPendingBodies.bodyName, since: workPlanPendingBodies.pendingSince })
      .from(workPlanPendingBodies)
      .where(and(eq(workPlanPendingBodies.transferId, transfer.id), eq(workPlanPendingBodies.companyId, transfer.companyId), eq(workPlanPendingBodies.stillPending, true)))
      .orderBy(asc(workPlanPendingBodies.pendingSince)),
    db
      .select({
        kind: workPlanAnalyses.kind,
        bodyName: workPlanAnalyses.bodyName,
        opinion: workPlanAnalyses.opinion,
        analysisStatus: workPlanAnalyses.analysisStatus,
        planningStatus: workPlanAnalyses.planningStatus,
        analyzedAt: workPlanAnalyses.analyzedAt,
      })
      .from(workPlanAnalyses)
      .where(and(eq(workPlanAnalyses.transferId, transfer.id), eq(workPlanAnalyses.companyId, transfer.companyId)))
      .orderBy(sql`${workPlanAnalyses.analyzedAt} desc nulls last`, desc(workPlanAnalyses.id))
      .limit(50),
  ]);
  const settled = workPlanSettled(transfer.workPlanStatus);
  const pendingBodies = bodies.map((b) => ({ name: b.name, since: b.since.toISOString(), days: Math.max(0, daysBetween(b.since.toISOString().slice(0, 10), today)) }));
  const impedimentDate = calendar?.impedimentDate ?? null;
  const daysLeft = impedimentDate ? daysBetween(today, impedimentDate) : null;
  const alertFrom = calendar ? addDays(calendar.impedimentDate, -calendar.alertDays) : null;
  const impeded = transfer.situation.startsWith("IMPEDIDO");
  const level: RadarLevel = impeded
    ? "impeded"
    : settled === "approved"
      ? "approved"
      : !calendar
        ? "no-calendar"
        : settled === "rejected" || daysLeft! < 0
          ? "overdue"
          : today >= alertFrom!
            ? "alert"
            : "on-time";
  const standing = standingText(transfer.workPlanStatus, settled, pendingBodies[0]?.name ?? null, pendingBodies[0]?.days ?? null);
  const summary =
    level === "impeded"
      ? "Emenda impedida."
      : level === "approved"
        ? `Plano de trabalho «${transfer.workPlanStatus}»: sem risco de impedimento por falta de análise.`
        : level === "no-calendar"
          ? `${standing}. Não há data de impedimento cadastrada para o exercício ${transfer.year}.`
          : `${standing}; ${impedimentText(impedimentDate!, daysLeft!)}.`;
  return {
    transferId: transfer.id,
    level,
    workPlanStatus: transfer.workPlanStatus,
    workPlanStatusAt: transfer.workPlanStatusAt?.toISOString() ?? null,
    pendingBodies,
    history: history.map((h) => ({ ...h, analyzedAt: h.analyzedAt?.toISOString() ?? null })),
    impedimentDate,
    alertDays: calendar?.alertDays ?? null,
    alertFrom,
    daysLeft,
    summary,
  };
}

/**
 * The radar's alerts of one client as deadline-center items (kind `impediment`): the bell, the
 * dashboard and the daily digest e-mail list them like every other deadline. The plan's situation
 * and its holder are the item's status, so a change reaches the next digest.
 */
export async function impedimentDeadlines(db: Db, companyId: number, today: string): Promise<DeadlineItem[]> {
  const risks = await impedimentRisks(db, inCompanies(col("t.company_id"), [companyId]), today);
  return risks.map((r) => ({
    key: `impediment:${r.transferId}`,
    kind: "impediment",
    title: r.title,
    reference: r.nrTransfer,
    what: `Impedimento técnico: ${r.reason.split(";")[0]}`,
    date: r.impedimentDate,
    daysLeft: r.daysLeft,
    overdue: r.daysLeft < 0,
    status: [r.workPlanStatus ?? "sem plano", r.bodyName ?? ""].join(" / ").slice(0, 120),
    path: screenUrl("imposition-transfers", "show", { id: r.nrTransfer }),
  }));
}
