import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { companies, fundTransferPlans, impositionTransfers, regularityItems, transactionPayments, voluntaryTransfers } from "../db/schema";
import { FUND_ACTIVE_SITUATIONS, IMPOSITION_ACTIVE_SITUATIONS, VOLUNTARY_ACTIVE_STATUSES, type PaymentKind } from "../../src/domain/transfers";
import { ALERT_DAYS_MAX, DEFAULT_PARAMETRIZATION, type AlertDaysSetting } from "../../src/domain/companies";
import { paymentsWithTransfer } from "./payments";
import { preparedOnce } from "../resources/prepared-list";

/**
 * Questions about a company's transfers, answered from the database: the dashboard uses them, and
 * the SOL assistant reuses them ("Qual o último pagamento realizado?", "Quais transferências estão
 * ativas?"). `companyId` null means every company (an ADMIN without authComp); `today` is ISO.
 */

const it = impositionTransfers;
const vt = voluntaryTransfers;
const ft = fundTransferPlans;
const p = transactionPayments;

const scoped = (column: typeof it.companyId | typeof vt.companyId | typeof ft.companyId | typeof p.companyId, companyId: number | null) =>
  companyId === null ? undefined : eq(column, companyId);
const allOf = (...parts: (SQL | undefined)[]) => and(...parts.filter((part): part is SQL => part !== undefined));

/**
 * The dashboard's statements are built once (preparedOnce) with the company, today and limits as
 * placeholders; whether a company is chosen at all is the one thing that changes their SQL.
 */
const scopeKey = (companyId: number | null) => (companyId === null ? "all" : "company");
const scopedByPlaceholder = (column: typeof it.companyId | typeof vt.companyId | typeof ft.companyId | typeof p.companyId | typeof regularityItems.companyId, companyId: number | null) =>
  companyId === null ? undefined : eq(column, sql.placeholder("companyId"));
const todayParam = sql.placeholder("today");

export type PaymentWithTransfer = Awaited<ReturnType<typeof latestPayments>>[number];

/** The most recent effective payments (newest payment date first). */
export async function latestPayments(db: Db, companyId: number | null, limit = 10) {
  const statement = preparedOnce(db, `latestPayments:${scopeKey(companyId)}`, () =>
    paymentsWithTransfer(db)
      .where(allOf(scopedByPlaceholder(p.companyId, companyId), eq(p.status, "EFETIVADO")))
      .orderBy(desc(p.paymentDate), desc(p.id))
      .limit(sql.placeholder("limit")),
  );
  return statement.execute({ companyId, limit });
}

/** Kinds in which money actually moved (an empenho only reserves it; a yield is not a payment). */
export const MONEY_MOVING_KINDS: readonly PaymentKind[] = ["BANK_ORDER", "DISBURSEMENT", "SUPPLIER_PAYMENT"];

/** "Qual o último pagamento realizado?": the latest effective payment in which money moved, or null. */
export async function latestPayment(db: Db, companyId: number | null): Promise<PaymentWithTransfer | null> {
  const [row] = await paymentsWithTransfer(db)
    .where(allOf(scoped(p.companyId, companyId), eq(p.status, "EFETIVADO"), inArray(p.kind, [...MONEY_MOVING_KINDS])))
    .orderBy(desc(p.paymentDate), desc(p.id))
    .limit(1);
  return row ?? null;
}

export interface ActiveTransfer {
  kind: "imposition" | "voluntary" | "fund";
  id: number;
  key: string;
  title: string | null;
  situation: string;
  plannedValue: string;
  paidValue: string;
  endsAt: string | null;
}

/** Conditions under which each kind is in force on `today`: an active situation and validity not over. */
export const activeWhere = {
  imposition: (today: string | Placeholder) => and(inArray(it.situation, [...IMPOSITION_ACTIVE_SITUATIONS]), or(isNull(it.executionEnd), gte(it.executionEnd, today))),
  voluntary: (today: string | Placeholder) => and(inArray(vt.status, [...VOLUNTARY_ACTIVE_STATUSES]), or(isNull(vt.validityEnd), gte(vt.validityEnd, today))),
  fund: (today: string | Placeholder) => and(inArray(ft.situation, [...FUND_ACTIVE_SITUATIONS]), or(isNull(ft.validityEnd), gte(ft.validityEnd, today))),
};

/** "Quais transferências estão ativas?": every transfer in force, soonest end first. */
export async function activeTransfers(db: Db, companyId: number | null, today: string, limit = 500): Promise<ActiveTransfer[]> {
  const [impositions, voluntaries, funds] = await Promise.all([
    db
      .select({ id: it.id, key: it.nrTransfer, title: it.objectName, situation: it.situation, plannedValue: it.plannedValue, paidValue: it.paidValue, endsAt: it.executionEnd })
      .from(it)
      .where(allOf(scoped(it.companyId, companyId), activeWhere.imposition(today)))
      .orderBy(it.executionEnd)
      .limit(limit),
    db
      .select({ id: vt.id, key: vt.nrTransfer, title: vt.object, situation: vt.status, plannedValue: vt.transferValue, paidValue: vt.paidValue, endsAt: vt.validityEnd })
      .from(vt)
      .where(allOf(scoped(vt.companyId, companyId), activeWhere.voluntary(today)))
      .orderBy(vt.validityEnd)
      .limit(limit),
    db
      .select({ id: ft.id, key: ft.codPlan, title: ft.programName, situation: ft.situation, plannedValue: ft.totalTransferValue, paidValue: ft.paidValue, endsAt: ft.validityEnd })
      .from(ft)
      .where(allOf(scoped(ft.companyId, companyId), activeWhere.fund(today)))
      .orderBy(ft.validityEnd)
      .limit(limit),
  ]);
  const all: ActiveTransfer[] = [
    ...impositions.map((r) => ({ kind: "imposition" as const, ...r })),
    ...voluntaries.map((r) => ({ kind: "voluntary" as const, ...r })),
    ...funds.map((r) => ({ kind: "fund" as const, ...r })),
  ];
  return all.sort((a, b) => (a.endsAt ?? "9999").localeCompare(b.endsAt ?? "9999")).slice(0, limit);
}

export interface KindYearTotals {
  kind: "imposition" | "voluntary" | "fund";
  year: number;
  count: number;
  /** How many of them are in force on `today`. */
  active: number;
  plannedValue: string;
  committedValue: string;
  paidValue: string;
}

/**
 * Totals by kind and year (planned, committed, paid, how many in force), one scan per table: the
 * dashboard's cards, charts and active counts all come from here.
 */
export async function totalsByKindAndYear(db: Db, companyId: number | null, today: string): Promise<KindYearTotals[]> {
  const sums = (planned: AnyColumn, committed: AnyColumn, paid: AnyColumn, active: SQL | undefined) => ({
    count: sql<number>`count(*)::int`,
    active: sql<number>`(count(*) filter (where ${active}))::int`,
    plannedValue: sql<string>`sum(${planned})::text`,
    committedValue: sql<string>`sum(${committed})::text`,
    paidValue: sql<string>`sum(${paid})::text`,
  });
  const key = scopeKey(companyId);
  const values = { companyId, today };
  const [impositions, voluntaries, funds] = await Promise.all([
    preparedOnce(db, `totalsByKindAndYear.imposition:${key}`, () =>
      db.select({ year: it.year, ...sums(it.plannedValue, it.committedValue, it.paidValue, activeWhere.imposition(todayParam)) }).from(it).where(scopedByPlaceholder(it.companyId, companyId)).groupBy(it.year),
    ).execute(values),
    preparedOnce(db, `totalsByKindAndYear.voluntary:${key}`, () =>
      db.select({ year: vt.year, ...sums(vt.transferValue, vt.committedValue, vt.paidValue, activeWhere.voluntary(todayParam)) }).from(vt).where(scopedByPlaceholder(vt.companyId, companyId)).groupBy(vt.year),
    ).execute(values),
    preparedOnce(db, `totalsByKindAndYear.fund:${key}`, () =>
      db.select({ year: ft.year, ...sums(ft.totalTransferValue, ft.committedValue, ft.paidValue, activeWhere.fund(todayParam)) }).from(ft).where(scopedByPlaceholder(ft.companyId, companyId)).groupBy(ft.year),
    ).execute(values),
  ]);
  return [
    ...impositions.map((r) => ({ kind: "imposition" as const, ...r })),
    ...voluntaries.map((r) => ({ kind: "voluntary" as const, ...r })),
    ...funds.map((r) => ({ kind: "fund" as const, ...r })),
  ].sort((a, b) => b.year - a.year || a.kind.localeCompare(b.kind));
}

/** How many transfers of each kind are in force, from the per-year totals. */
export function activeCounts(totals: KindYearTotals[]): Record<KindYearTotals["kind"], number> {
  const out = { imposition: 0, voluntary: 0, fund: 0 };
  for (const row of totals) out[row.kind] += row.active;
  return out;
}

export interface Deadline {
  /** The transfer's kind, or "regularity" for a CAUC item of the company (key: its code). */
  kind: "imposition" | "voluntary" | "fund" | "regularity";
  id: number;
  key: string;
  title: string | null;
  deadline: "executionEnd" | "validityEnd" | "accountabilityDeadline" | "suspensiveClauseDue" | "caucValidUntil";
  date: string;
}

interface DeadlineSource {
  kind: Deadline["kind"];
  deadline: Deadline["deadline"];
  /** The company setting (parametrization) that says how many days ahead this deadline shows. */
  alert: AlertDaysSetting;
  table: typeof it | typeof vt | typeof ft | typeof regularityItems;
  id: AnyPgColumn;
  key: AnyPgColumn;
  title: AnyPgColumn;
  date: AnyPgColumn;
  companyId: typeof it.companyId | typeof vt.companyId | typeof ft.companyId | typeof regularityItems.companyId;
  /** The transfer (or item) is still open for this deadline to matter. */
  open: SQL;
}

/**
 * Every deadline the dashboard watches: where its date lives, when the transfer still counts and
 * which alert setting governs it. The end of execution or validity follows `validityAlertDays`, and
 * so does the suspensive clause: its due date is a term written into the instrument itself, extended
 * by amendment like the validity. A CAUC item counts while it is regular (an irregular one has already
 * lapsed): its validity follows `caucAlertDays`, as the regularity screen flags it (`expiresSoon`).
 */
const DEADLINE_SOURCES: DeadlineSource[] = [
  { kind: "imposition", deadline: "executionEnd", alert: "validityAlertDays", table: it, id: it.id, key: it.nrTransfer, title: it.objectName, date: it.executionEnd, companyId: it.companyId, open: inArray(it.situation, [...IMPOSITION_ACTIVE_SITUATIONS]) },
  { kind: "voluntary", deadline: "validityEnd", alert: "validityAlertDays", table: vt, id: vt.id, key: vt.nrTransfer, title: vt.object, date: vt.validityEnd, companyId: vt.companyId, open: inArray(vt.status, [...VOLUNTARY_ACTIVE_STATUSES]) },
  { kind: "voluntary", deadline: "accountabilityDeadline", alert: "accountabilityAlertDays", table: vt, id: vt.id, key: vt.nrTransfer, title: vt.object, date: vt.accountabilityDeadline, companyId: vt.companyId, open: inArray(vt.status, ["AGUARDANDO_PRESTACAO_CONTAS", "EM_EXECUCAO"]) },
  { kind: "voluntary", deadline: "suspensiveClauseDue", alert: "validityAlertDays", table: vt, id: vt.id, key: vt.nrTransfer, title: vt.object, date: vt.suspensiveClauseDue, companyId: vt.companyId, open: eq(vt.contractingSituation, "CLAUSULA_SUSPENSIVA") },
  { kind: "regularity", deadline: "caucValidUntil", alert: "caucAlertDays", table: regularityItems, id: regularityItems.id, key: regularityItems.code, title: regularityItems.label, date: regularityItems.validUntil, companyId: regularityItems.companyId, open: eq(regularityItems.status, "REGULAR") },
  { kind: "fund", deadline: "validityEnd", alert: "validityAlertDays", table: ft, id: ft.id, key: ft.codPlan, title: ft.programName, date: ft.validityEnd, companyId: ft.companyId, open: inArray(ft.situation, [...FUND_ACTIVE_SITUATIONS]) },
];

/**
 * The company's lead time for one setting, read from its stored parametrization; a missing or
 * malformed value counts as the default, as `parametrizationOf` does on the application side.
 */
function alertDaysOf(setting: AlertDaysSetting): SQL<number> {
  const stored = sql`${companies.parametrization} -> ${sql.raw(`'${setting}'`)}`;
  return sql<number>`(case when jsonb_typeof(${stored}) = 'number' and (${stored})::numeric between 1 and ${sql.raw(String(ALERT_DAYS_MAX))}
    then (${stored})::numeric::int else ${sql.raw(String(DEFAULT_PARAMETRIZATION[setting]))} end)`;
}

/**
 * Deadlines of transfers still open that fall between `today` and the lead time each company chose
 * for that kind of deadline (its parametrization), soonest first. Across every company each row
 * follows its own company's settings.
 */
export async function upcomingDeadlines(db: Db, companyId: number | null, today: string, limit = 10): Promise<Deadline[]> {
  const from = sql`${todayParam}::date`;
  const found = await Promise.all(
    DEADLINE_SOURCES.map(async (source) => {
      const statement = preparedOnce(db, `upcomingDeadlines.${source.kind}.${source.deadline}:${scopeKey(companyId)}`, () =>
        db
          .select({ id: sql<number>`${source.id}`, key: sql<string>`${source.key}`, title: sql<string | null>`${source.title}`, date: sql<string>`${source.date}::text` })
          .from(source.table)
          .innerJoin(companies, eq(companies.id, source.companyId))
          .where(
            allOf(
              scopedByPlaceholder(source.companyId, companyId),
              source.open,
              gte(source.date, from),
              // The widest lead time allowed keeps the date range an index range; the company's own is the real bound.
              lte(source.date, sql`(${from} + ${sql.raw(String(ALERT_DAYS_MAX))})`),
              lte(source.date, sql`(${from} + ${alertDaysOf(source.alert)})`),
            ),
          )
          .orderBy(source.date)
          .limit(sql.placeholder("limit")),
      );
      const rows = await statement.execute({ companyId, today, limit });
      return rows.map((row): Deadline => ({ kind: source.kind, deadline: source.deadline, ...row }));
    }),
  );
  return found
    .flat()
    .sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key))
    .slice(0, limit);
}
