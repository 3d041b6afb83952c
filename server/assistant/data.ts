import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { fundTransferPlans as ft, impositionTransfers as it, transactionPayments as p, voluntaryTransfers as vt } from "../db/schema";
import { MONEY_MOVING_KINDS } from "../domain/transfers";
import { paymentColumns } from "../domain/payments";
import { PAID_KINDS, type PaymentKind } from "../../src/domain/transfers";
import { TRANSFER_KIND_CODES, type ListFilter, type TransferKindCode } from "../../src/domain/assistant";
import { ACTIVE_CODES, LOST_CODES, type DeadlineKind, type Dimension, type Measure, type SituationConcept } from "./lexicon";
import type { GrantorRef, MonthRef } from "./types";

/**
 * The assistant's reads of the company's transfers. Every figure comes from the same columns the
 * transfer screens and the dashboard show: planned (imposition planned_value, voluntary
 * transfer_value, fund total_transfer_value), committed_value and paid_value (maintained from the
 * effective payments), so a linked screen shows what the answer says.
 */

/** Where each kind keeps what the assistant reads, and the names its list screen filters by. */
export interface KindTable {
  kind: TransferKindCode;
  table: PgTable;
  companyId: AnyPgColumn;
  id: AnyPgColumn;
  key: AnyPgColumn;
  title: AnyPgColumn;
  year: AnyPgColumn;
  status: AnyPgColumn;
  planned: AnyPgColumn;
  committed: AnyPgColumn;
  paid: AnyPgColumn;
  parliamentarian: AnyPgColumn;
  grantorAcronym: AnyPgColumn;
  grantorName: AnyPgColumn;
  /** The end of validity (imposition: end of execution). */
  end: AnyPgColumn;
  /** The list screen's field names (src/resources/transfers/kinds.ts). */
  fields: { status: string; planned: string; end: string };
}

export const KIND_TABLES: Record<TransferKindCode, KindTable> = {
  imposition: {
    kind: "imposition",
    table: it,
    companyId: it.companyId,
    id: it.id,
    key: it.nrTransfer,
    title: it.objectName,
    year: it.year,
    status: it.situation,
    planned: it.plannedValue,
    committed: it.committedValue,
    paid: it.paidValue,
    parliamentarian: it.parliamentarianName,
    grantorAcronym: it.grantorAcronym,
    grantorName: it.grantorName,
    end: it.executionEnd,
    fields: { status: "situation", planned: "plannedValue", end: "executionEnd" },
  },
  voluntary: {
    kind: "voluntary",
    table: vt,
    companyId: vt.companyId,
    id: vt.id,
    key: vt.nrTransfer,
    title: vt.object,
    year: vt.year,
    status: vt.status,
    planned: vt.transferValue,
    committed: vt.committedValue,
    paid: vt.paidValue,
    parliamentarian: vt.parliamentarianName,
    grantorAcronym: vt.grantorAcronym,
    grantorName: vt.grantorName,
    end: vt.validityEnd,
    fields: { status: "status", planned: "transferValue", end: "validityEnd" },
  },
  fund: {
    kind: "fund",
    table: ft,
    companyId: ft.companyId,
    id: ft.id,
    key: ft.codPlan,
    title: ft.programName,
    year: ft.year,
    status: ft.situation,
    planned: ft.totalTransferValue,
    committed: ft.committedValue,
    paid: ft.paidValue,
    parliamentarian: ft.parliamentarianName,
    grantorAcronym: ft.grantorAcronym,
    grantorName: ft.grantorName,
    end: ft.validityEnd,
    fields: { status: "situation", planned: "totalTransferValue", end: "validityEnd" },
  },
};

/** What a question selects: kinds (none = all), years, situations, parliamentarians, grantors, a modality. */
export interface Selection {
  kinds: TransferKindCode[];
  years: number[];
  situations: SituationConcept[];
  parliamentarians: string[];
  grantors: GrantorRef[];
  modality: string | null;
}

export const emptySelection = (): Selection => ({ kinds: [], years: [], situations: [], parliamentarians: [], grantors: [], modality: null });

/** The kinds a selection can reach: asked ones, or all; minus those that cannot have the situation, grantor or modality. */
export function kindsOf(selection: Selection): TransferKindCode[] {
  const asked = selection.kinds.length ? selection.kinds : [...TRANSFER_KIND_CODES];
  return asked.filter(
    (kind) =>
      selection.situations.every((s) => s.codes[kind]) &&
      (!selection.grantors.length || selection.grantors.some((g) => g.kinds.includes(kind))) &&
      (!selection.modality || kind === "voluntary"),
  );
}

const and2 = (...parts: (SQL | undefined)[]) => and(...parts.filter((part): part is SQL => part !== undefined));

/** The SQL condition of a selection on one kind's table. */
export function whereFor(kind: TransferKindCode, selection: Selection, companyId: number, today: string): SQL | undefined {
  const t = KIND_TABLES[kind];
  const parts: (SQL | undefined)[] = [eq(t.companyId, companyId)];
  if (selection.years.length) parts.push(inArray(t.year, selection.years));
  if (selection.parliamentarians.length) parts.push(inArray(t.parliamentarian, selection.parliamentarians));
  const grantors = selection.grantors.filter((g) => g.kinds.includes(kind)).map((g) => g.name);
  if (selection.grantors.length) parts.push(grantors.length ? inArray(t.grantorName, grantors) : sql`false`);
  if (selection.modality && kind === "voluntary") parts.push(eq(vt.modality, selection.modality as "CONVENIO"));
  for (const situation of selection.situations) parts.push(situationWhere(kind, situation, today));
  return and2(...parts);
}

function situationWhere(kind: TransferKindCode, situation: SituationConcept, today: string): SQL | undefined {
  const t = KIND_TABLES[kind];
  if (situation.suspensiveClause) return kind === "voluntary" ? eq(vt.contractingSituation, "CLAUSULA_SUSPENSIVA") : sql`false`;
  const codes = situation.codes[kind];
  if (!codes) return sql`false`;
  const inCodes = inArray(t.status, [...codes]);
  // "Ativas" is the dashboard's rule: an open situation and validity not over.
  return situation.active ? and2(inCodes, or(isNull(t.end), gte(t.end, today))) : inCodes;
}

/** The list screen's filters that show a selection (the validity date of "ativas" is not a list filter). */
export function listFilters(kind: TransferKindCode, selection: Selection): ListFilter[] {
  const t = KIND_TABLES[kind];
  const filters: ListFilter[] = [];
  if (selection.years.length === 1) filters.push({ field: "year", operator: "eq", value: selection.years[0] });
  const codes = selection.situations.filter((s) => !s.suspensiveClause).flatMap((s) => s.codes[kind] ?? []);
  if (codes.length) filters.push({ field: t.fields.status, operator: "in", value: [...new Set(codes)] });
  if (selection.parliamentarians.length === 1) filters.push({ field: "parliamentarianName", operator: "contains", value: selection.parliamentarians[0] });
  const grantors = selection.grantors.filter((g) => g.kinds.includes(kind));
  if (grantors.length === 1) filters.push({ field: "grantorName", operator: "contains", value: grantors[0].name });
  return filters;
}

// ---------- totals ----------

export interface Totals {
  count: number;
  planned: number;
  committed: number;
  paid: number;
  /** Planned minus received of the transfers whose money may still come (not cancelled, impeded, annulled or rescinded). */
  toReceive: number;
}

export const zeroTotals = (): Totals => ({ count: 0, planned: 0, committed: 0, paid: 0, toReceive: 0 });

export function addTotals(a: Totals, b: Totals): Totals {
  return { count: a.count + b.count, planned: a.planned + b.planned, committed: a.committed + b.committed, paid: a.paid + b.paid, toReceive: a.toReceive + b.toReceive };
}

/** Count and sums of one kind for a selection, optionally grouped by year. */
export async function kindTotals(db: Db, kind: TransferKindCode, selection: Selection, companyId: number, today: string): Promise<Totals> {
  const t = KIND_TABLES[kind];
  const lost = LOST_CODES[kind];
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      planned: sql<string>`coalesce(sum(${t.planned}), 0)::text`,
      committed: sql<string>`coalesce(sum(${t.committed}), 0)::text`,
      paid: sql<string>`coalesce(sum(${t.paid}), 0)::text`,
      toReceive: sql<string>`coalesce(sum(greatest(${t.planned} - ${t.paid}, 0)) filter (where ${notInArray(t.status, [...lost])}), 0)::text`,
    })
    .from(t.table)
    .where(whereFor(kind, selection, companyId, today));
  return { count: row.count, planned: Number(row.planned), committed: Number(row.committed), paid: Number(row.paid), toReceive: Number(row.toReceive) };
}

export const measureValue = (totals: Totals, measure: Measure) => totals[measure];

// ---------- counts by situation ----------

export interface SituationCount {
  kind: TransferKindCode;
  code: string;
  count: number;
}

export async function countsBySituation(db: Db, kind: TransferKindCode, selection: Selection, companyId: number, today: string): Promise<SituationCount[]> {
  const t = KIND_TABLES[kind];
  const rows = await db
    .select({ code: sql<string>`${t.status}::text`, count: sql<number>`count(*)::int` })
    .from(t.table)
    .where(whereFor(kind, selection, companyId, today))
    .groupBy(t.status)
    .orderBy(desc(sql`count(*)`), asc(t.status));
  return rows.map((r) => ({ kind, ...r }));
}

// ---------- rankings ----------

export interface RankRow {
  name: string;
  acronym: string | null;
  value: number;
  count: number;
}

/** Sum of a measure per parliamentarian or grantor across the selected kinds, largest first. */
export async function ranking(db: Db, dimension: Dimension, measure: Measure, selection: Selection, companyId: number, today: string): Promise<RankRow[]> {
  const merged = new Map<string, RankRow>();
  for (const kind of kindsOf(selection)) {
    const t = KIND_TABLES[kind];
    const nameColumn = dimension === "parliamentarian" ? t.parliamentarian : t.grantorName;
    const value =
      measure === "toReceive"
        ? sql<string>`coalesce(sum(greatest(${t.planned} - ${t.paid}, 0)) filter (where ${notInArray(t.status, [...LOST_CODES[kind]])}), 0)::text`
        : sql<string>`coalesce(sum(${measure === "planned" ? t.planned : measure === "committed" ? t.committed : t.paid}), 0)::text`;
    const rows = await db
      .select({ name: sql<string>`${nameColumn}`, acronym: sql<string | null>`max(${t.grantorAcronym})`, value, count: sql<number>`count(*)::int` })
      .from(t.table)
      .where(and2(whereFor(kind, selection, companyId, today), isNotNull(nameColumn)))
      .groupBy(nameColumn);
    for (const row of rows) {
      const previous = merged.get(row.name);
      merged.set(row.name, {
        name: row.name,
        acronym: dimension === "grantor" ? (row.acronym ?? previous?.acronym ?? null) : null,
        value: (previous?.value ?? 0) + Number(row.value),
        count: (previous?.count ?? 0) + row.count,
      });
    }
  }
  return [...merged.values()].sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

// ---------- deadlines ----------

export interface DeadlineRow {
  kind: TransferKindCode;
  deadline: DeadlineKind;
  key: string;
  title: string | null;
  date: string;
  status: string;
}

interface DeadlineSource {
  kind: TransferKindCode;
  deadline: DeadlineKind;
  date: AnyPgColumn;
  /** While the transfer is in this state the deadline still matters (the dashboard's rule). */
  open: SQL | undefined;
}

const DEADLINE_SOURCES: DeadlineSource[] = [
  { kind: "imposition", deadline: "validity", date: it.executionEnd, open: inArray(it.situation, [...ACTIVE_CODES.imposition] as "CIENTE"[]) },
  { kind: "voluntary", deadline: "validity", date: vt.validityEnd, open: inArray(vt.status, [...ACTIVE_CODES.voluntary] as "ASSINADO"[]) },
  { kind: "voluntary", deadline: "accountability", date: vt.accountabilityDeadline, open: inArray(vt.status, ["AGUARDANDO_PRESTACAO_CONTAS", "EM_EXECUCAO"]) },
  { kind: "voluntary", deadline: "suspensive", date: vt.suspensiveClauseDue, open: eq(vt.contractingSituation, "CLAUSULA_SUSPENSIVA") },
  { kind: "fund", deadline: "validity", date: ft.validityEnd, open: inArray(ft.situation, [...ACTIVE_CODES.fund] as "AUTORIZADO"[]) },
];

/** The next deadlines (from today on) of open transfers, soonest first. */
export async function nextDeadlines(db: Db, deadlines: DeadlineKind[], selection: Selection, companyId: number, today: string, limit: number): Promise<DeadlineRow[]> {
  const kinds = kindsOf(selection);
  const sources = DEADLINE_SOURCES.filter((s) => kinds.includes(s.kind) && (!deadlines.length || deadlines.includes(s.deadline)));
  const found = await Promise.all(
    sources.map(async (source) => {
      const t = KIND_TABLES[source.kind];
      const rows = await db
        .select({ key: sql<string>`${t.key}`, title: sql<string | null>`${t.title}`, date: sql<string>`${source.date}::text`, status: sql<string>`${t.status}::text` })
        .from(t.table)
        .where(and2(whereFor(source.kind, selection, companyId, today), source.open, gte(source.date, today)))
        .orderBy(asc(source.date), asc(t.key))
        .limit(limit);
      return rows.map((row): DeadlineRow => ({ kind: source.kind, deadline: source.deadline, ...row }));
    }),
  );
  return found
    .flat()
    .sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key))
    .slice(0, limit);
}

/** The latest deadlines already past (before today) of transfers still open: overdue ones. */
export async function lastPastDeadlines(db: Db, deadlines: DeadlineKind[], selection: Selection, companyId: number, today: string, limit: number): Promise<DeadlineRow[]> {
  const kinds = kindsOf(selection);
  const sources = DEADLINE_SOURCES.filter((s) => kinds.includes(s.kind) && (!deadlines.length || deadlines.includes(s.deadline)));
  const found = await Promise.all(
    sources.map(async (source) => {
      const t = KIND_TABLES[source.kind];
      const rows = await db
        .select({ key: sql<string>`${t.key}`, title: sql<string | null>`${t.title}`, date: sql<string>`${source.date}::text`, status: sql<string>`${t.status}::text` })
        .from(t.table)
        .where(and2(whereFor(source.kind, selection, companyId, today), source.open, lt(source.date, today)))
        .orderBy(desc(source.date), asc(t.key))
        .limit(limit);
      return rows.map((row): DeadlineRow => ({ kind: source.kind, deadline: source.deadline, ...row }));
    }),
  );
  return found
    .flat()
    .sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key))
    .slice(0, limit);
}

// ---------- payments ----------

export type PaymentRow = Awaited<ReturnType<typeof latestPayments>>[number];

export interface PaymentQuery {
  kinds: TransferKindCode[];
  month: MonthRef | null;
  year: number | null;
  /** Only money received by the municipality (ordens bancárias and desembolsos). */
  receivedOnly: boolean;
  /** Only these kinds of movement ('última ordem bancária'). */
  paymentKinds?: PaymentKind[];
  parliamentarians: string[];
}

function paymentWhere(companyId: number, query: PaymentQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(p.companyId, companyId), eq(p.status, "EFETIVADO"), inArray(p.kind, [...(query.paymentKinds?.length ? query.paymentKinds : query.receivedOnly ? PAID_KINDS : MONEY_MOVING_KINDS)])];
  const kinds = query.kinds.filter((k) => k !== "fund");
  if (kinds.length === 1) parts.push(kinds[0] === "imposition" ? isNotNull(p.impositionTransferId) : isNotNull(p.voluntaryTransferId));
  if (query.month) {
    const from = `${query.month.year}-${String(query.month.month).padStart(2, "0")}-01`;
    const next = query.month.month === 12 ? `${query.month.year + 1}-01-01` : `${query.month.year}-${String(query.month.month + 1).padStart(2, "0")}-01`;
    parts.push(gte(p.paymentDate, from), lt(p.paymentDate, next));
  } else if (query.year) {
    parts.push(gte(p.paymentDate, `${query.year}-01-01`), lt(p.paymentDate, `${query.year + 1}-01-01`));
  }
  if (query.parliamentarians.length) parts.push(or(inArray(it.parliamentarianName, query.parliamentarians), inArray(vt.parliamentarianName, query.parliamentarians)));
  return and2(...parts);
}

/** The newest effective payments (money that moved), with their transfer. */
export async function latestPayments(db: Db, companyId: number, query: PaymentQuery, limit: number) {
  return db
    .select(paymentColumns)
    .from(p)
    .leftJoin(it, eq(it.id, p.impositionTransferId))
    .leftJoin(vt, eq(vt.id, p.voluntaryTransferId))
    .where(paymentWhere(companyId, query))
    .orderBy(desc(p.paymentDate), desc(p.id))
    .limit(limit);
}

/** How many effective payments and how much money in a period. */
export async function paymentTotals(db: Db, companyId: number, query: PaymentQuery): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${p.amount}), 0)::text` })
    .from(p)
    .leftJoin(it, eq(it.id, p.impositionTransferId))
    .leftJoin(vt, eq(vt.id, p.voluntaryTransferId))
    .where(paymentWhere(companyId, query));
  return { count: row.count, amount: Number(row.amount) };
}

// ---------- one transfer ----------

export async function findImposition(db: Db, companyId: number, key: string) {
  const [row] = await db.select().from(it).where(and(eq(it.companyId, companyId), eq(it.nrTransfer, key))).limit(1);
  return row ?? null;
}

export async function findVoluntary(db: Db, companyId: number, key: string) {
  const [row] = await db.select().from(vt).where(and(eq(vt.companyId, companyId), eq(vt.nrTransfer, key))).limit(1);
  return row ?? null;
}

export async function findFund(db: Db, companyId: number, key: string) {
  const [row] = await db.select().from(ft).where(and(eq(ft.companyId, companyId), eq(ft.codPlan, key))).limit(1);
  return row ?? null;
}

// ---------- the company's names ----------

/** The parliamentarians and grantors that appear in the company's transfers (what a question can name). */
export async function companyNames(db: Db, companyId: number) {
  const parliamentarians = new Set<string>();
  const grantors = new Map<string, GrantorRef>();
  for (const kind of TRANSFER_KIND_CODES) {
    const t = KIND_TABLES[kind];
    const people = await db.selectDistinct({ name: sql<string>`${t.parliamentarian}` }).from(t.table).where(and(eq(t.companyId, companyId), isNotNull(t.parliamentarian)));
    for (const { name } of people) parliamentarians.add(name);
    const bodies = await db
      .selectDistinct({ name: sql<string>`${t.grantorName}`, acronym: sql<string | null>`${t.grantorAcronym}` })
      .from(t.table)
      .where(and(eq(t.companyId, companyId), isNotNull(t.grantorName)));
    for (const { name, acronym } of bodies) {
      const known = grantors.get(name);
      if (known) {
        if (!known.kinds.includes(kind)) known.kinds.push(kind);
      } else grantors.set(name, { name, acronym, kinds: [kind] });
    }
  }
  return { parliamentarians: [...parliamentarians].sort(), grantors: [...grantors.values()] };
}

// ---------- lists ----------

export interface TransferListRow {
  kind: TransferKindCode;
  key: string;
  title: string | null;
  status: string;
  year: number;
  planned: number;
  paid: number;
  end: string | null;
}

export type ListOrder = "largest" | "soonestEnd" | "newest";

/** Transfers of a selection, in the order asked, at most `limit` per kind (the caller merges and cuts). */
export async function listTransfers(db: Db, kind: TransferKindCode, selection: Selection, companyId: number, today: string, order: ListOrder, limit: number): Promise<TransferListRow[]> {
  const t = KIND_TABLES[kind];
  const orderBy = order === "largest" ? [desc(t.planned), asc(t.key)] : order === "soonestEnd" ? [sql`${t.end} asc nulls last`, asc(t.key)] : [desc(t.year), desc(t.planned), asc(t.key)];
  const rows = await db
    .select({
      key: sql<string>`${t.key}`,
      title: sql<string | null>`${t.title}`,
      status: sql<string>`${t.status}::text`,
      year: sql<number>`${t.year}::int`,
      planned: sql<string>`${t.planned}::text`,
      paid: sql<string>`${t.paid}::text`,
      end: sql<string | null>`${t.end}::text`,
    })
    .from(t.table)
    .where(whereFor(kind, selection, companyId, today))
    .orderBy(...orderBy)
    .limit(limit);
  return rows.map((r) => ({ kind, ...r, planned: Number(r.planned), paid: Number(r.paid) }));
}

/** Sorts rows of several kinds the same way the per-kind query did. */
export function sortRows(rows: TransferListRow[], order: ListOrder): TransferListRow[] {
  const sorted = [...rows];
  if (order === "largest") sorted.sort((a, b) => b.planned - a.planned || a.key.localeCompare(b.key));
  else if (order === "soonestEnd") sorted.sort((a, b) => (a.end ?? "9999").localeCompare(b.end ?? "9999") || a.key.localeCompare(b.key));
  else sorted.sort((a, b) => b.year - a.year || b.planned - a.planned || a.key.localeCompare(b.key));
  return sorted;
}
