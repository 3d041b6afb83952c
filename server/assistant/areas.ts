import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { OBLIGATION_STATUSES, addDays, isOpen, type ObligationKind, type ObligationStatus } from "../../src/domain/accountability";
import { parametrizationOf } from "../../src/domain/companies";
import { expiresSoon, type RegularityStatus } from "../../src/domain/regularity";
import type { MunicipalAmendmentStage } from "../../src/domain/municipal-amendments";
import type { ProposalStatus } from "../../src/domain/captacao";
import type { Db } from "../db/client";
import {
  accountabilityObligations as o,
  companies,
  impositionTransfers as it,
  lc210Notices,
  municipalAmendments as ma,
  proposals,
  regularityItems as ri,
  workPlanAnalyses as wpa,
  workPlanPendingBodies as wpb,
} from "../db/schema";
import { obligationsQuery } from "../accountability/queries";
import { regularityOverview } from "../regularity/queries";
import { deadlineCenter } from "../deadlines/center";
import { totalsByKindAndYear, type KindYearTotals } from "../domain/transfers";
import { fundraisingReport } from "../domain/reports";
import { impedimentRisks as radarRisks } from "../risks/radar";
import { inCompanies } from "../risks/sql";

/**
 * The assistant's reads of the other areas (CAUC, proposals, accountability and LC 210, municipal
 * emendas, the dashboard's totals, the reports' ranking, the work plans' analyses), each through the
 * query module its own screen uses, so an answer never sums differently from the screen it links to.
 */

// ---------- CAUC (the regularity screen) ----------

export interface RegularityRow {
  companyId: number;
  code: string;
  label: string;
  kind: "CAUC" | "OUTRA";
  status: RegularityStatus;
  validUntil: string | null;
  checkedOn: string;
}

/** Items the regularity screen asks someone to act on: not proven or irregular. */
export const PENDING_STATUSES: readonly RegularityStatus[] = ["IRREGULAR", "A_COMPROVAR"];

const regularityColumns = { companyId: ri.companyId, code: ri.code, label: ri.label, kind: ri.kind, status: ri.status, validUntil: ri.validUntil, checkedOn: ri.checkedOn };

export interface CaucPicture {
  today: string;
  alertDays: number;
  total: number;
  expiring: RegularityRow[];
  pending: RegularityRow[];
  /** Items without information from the source (the screen shows them grey). */
  unknown: number;
}

/** The company's regularity items as its screen reads them: those expiring within its CAUC alert days, and the pending ones. */
export async function caucPicture(db: Db, companyId: number, now: number): Promise<CaucPicture> {
  const { today, alertDays } = await regularityOverview(db, companyId, now);
  const items = (await db.select(regularityColumns).from(ri).where(eq(ri.companyId, companyId)).orderBy(asc(ri.code))) as RegularityRow[];
  return {
    today,
    alertDays,
    total: items.length,
    expiring: items.filter((item) => expiresSoon(item, today, alertDays)).sort(byValidity),
    pending: items.filter((item) => PENDING_STATUSES.includes(item.status)),
    unknown: items.filter((item) => item.status === "SEM_INFORMACAO").length,
  };
}

const byValidity = (a: RegularityRow, b: RegularityRow) => (a.validUntil ?? "").localeCompare(b.validUntil ?? "") || a.code.localeCompare(b.code, "pt-BR", { numeric: true });

export interface ClientCauc {
  companyId: number;
  cnpj: string;
  name: string;
  alertDays: number;
  expiring: RegularityRow[];
  pending: RegularityRow[];
}

/**
 * Every client with a regularity item expiring (within its own CAUC alert days) or pending. Only the
 * rows that can be either are read: pending ones, and regular ones valid from today up to the longest
 * alert window a company may set.
 */
export async function caucAcrossClients(db: Db, today: string): Promise<ClientCauc[]> {
  const horizon = addDays(today, 365);
  const rows = await db
    .select({ ...regularityColumns, name: companies.name, cnpj: companies.cnpj, parametrization: companies.parametrization })
    .from(ri)
    .innerJoin(companies, eq(companies.id, ri.companyId))
    .where(or(inArray(ri.status, [...PENDING_STATUSES]), and(eq(ri.status, "REGULAR"), gte(ri.validUntil, today), lt(ri.validUntil, horizon))))
    .orderBy(asc(companies.name), asc(ri.code));
  const clients = new Map<number, ClientCauc>();
  for (const row of rows) {
    const alertDays = parametrizationOf(row.parametrization).caucAlertDays;
    const client = clients.get(row.companyId) ?? { companyId: row.companyId, cnpj: row.cnpj, name: row.name, alertDays, expiring: [], pending: [] };
    const item = row as RegularityRow;
    if (expiresSoon(item, today, alertDays)) client.expiring.push(item);
    else if (PENDING_STATUSES.includes(item.status)) client.pending.push(item);
    else continue;
    clients.set(row.companyId, client);
  }
  for (const client of clients.values()) client.expiring.sort(byValidity);
  return [...clients.values()].sort((a, b) => b.expiring.length + b.pending.length - (a.expiring.length + a.pending.length) || a.name.localeCompare(b.name, "pt-BR"));
}

// ---------- proposals (captação's list) ----------

export interface ProposalCount {
  status: ProposalStatus;
  count: number;
  transferValue: number;
}

/** The company's proposals per status, with their transfer value (the proposals list's own columns). */
export async function proposalsByStatus(db: Db, companyId: number): Promise<ProposalCount[]> {
  const rows = await db
    .select({ status: proposals.status, count: sql<number>`count(*)::int`, transferValue: sql<string>`coalesce(sum(${proposals.transferValue}), 0)::text` })
    .from(proposals)
    .where(eq(proposals.companyId, companyId))
    .groupBy(proposals.status)
    .orderBy(desc(sql`count(*)`), asc(proposals.status));
  return rows.map((r) => ({ status: r.status, count: r.count, transferValue: Number(r.transferValue) }));
}

// ---------- accountability and LC 210 (the accountability list and the deadline center) ----------

export interface ObligationRow {
  id: number;
  companyId: number;
  kind: ObligationKind;
  status: ObligationStatus;
  transferKey: string;
  title: string | null;
  dueDate: string | null;
}

const OPEN_STATUSES = OBLIGATION_STATUSES.filter((status) => isOpen(status as ObligationStatus)) as ObligationStatus[];

const asObligation = (row: Record<string, unknown>): ObligationRow => ({
  id: row.id as number,
  companyId: row.companyId as number,
  kind: row.kind as ObligationKind,
  status: row.status as ObligationStatus,
  transferKey: row.transferKey as string,
  title: (row.title as string | null) ?? null,
  dueDate: (row.dueDate as string | null) ?? null,
});

export interface AccountabilityPicture {
  today: string;
  alertDays: number;
  /** Open and past the due date: the deadline center's overdue accountability rows. */
  overdue: ObligationRow[];
  /** Open, due from today on, soonest first (the center shows those within the alert days). */
  upcoming: ObligationRow[];
}

/**
 * The company's accountability deadlines (prestação de contas and relatórios de gestão, not LC 210):
 * the overdue ones exactly as the deadline center lists them, and the next ones (the center's, then
 * beyond its alert window from the accountability list, so "the nearest" is never missing).
 */
export async function accountabilityPicture(db: Db, companyId: number, today: string, upcomingLimit = 5): Promise<AccountabilityPicture> {
  const center = await deadlineCenter(db, companyId, today);
  const alertDays = center?.alertDays.accountabilityAlertDays ?? parametrizationOf({}).accountabilityAlertDays;
  const centerIds = (center?.items ?? []).filter((item) => item.kind === "accountability").map((item) => Number(item.key.split(":")[1]));
  const open = and(eq(o.companyId, companyId), inArray(o.status, OPEN_STATUSES), ne(o.kind, "LC210"), isNotNull(o.dueDate));
  const [listed, later] = await Promise.all([
    centerIds.length ? obligationsQuery(db).where(inArray(o.id, centerIds)) : Promise.resolve([]),
    obligationsQuery(db)
      .where(and(open, gte(o.dueDate, today)))
      .orderBy(asc(o.dueDate), asc(o.id))
      .limit(upcomingLimit),
  ]);
  const rows = (listed as Record<string, unknown>[]).map(asObligation);
  const overdue = rows.filter((r) => r.dueDate! < today).sort(byDue);
  const upcoming = dedupe([...rows.filter((r) => r.dueDate! >= today), ...(later as Record<string, unknown>[]).map(asObligation)]).sort(byDue).slice(0, upcomingLimit);
  return { today, alertDays, overdue, upcoming };
}

const byDue = (a: ObligationRow, b: ObligationRow) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || a.id - b.id;
const dedupe = (rows: ObligationRow[]) => [...new Map(rows.map((r) => [r.id, r])).values()];

export interface Lc210Picture {
  today: string;
  total: number;
  /** Told to all three recipients. */
  sent: ObligationRow[];
  /** Told to some of them. */
  partial: ObligationRow[];
  /** Not told yet and still within the 30 days. */
  pending: ObligationRow[];
  /** Not (fully) told and past the 30 days. */
  late: ObligationRow[];
  /** Per obligation, the recipients told (for the partial ones). */
  recipients: Map<number, string[]>;
}

/** The company's LC 210/2024 notices as the accountability list shows them (kind LC210, its statuses and due dates). */
export async function lc210Picture(db: Db, companyId: number, today: string): Promise<Lc210Picture> {
  const rows = ((await obligationsQuery(db)
    .where(and(eq(o.companyId, companyId), eq(o.kind, "LC210")))
    .orderBy(asc(o.dueDate), asc(o.id))) as Record<string, unknown>[]).map(asObligation);
  const late = rows.filter((r) => r.status !== "COMUNICADA" && r.dueDate !== null && r.dueDate < today);
  const partialIds = rows.filter((r) => r.status === "PARCIAL").map((r) => r.id);
  const told = partialIds.length
    ? await db.select({ obligationId: lc210Notices.obligationId, recipient: lc210Notices.recipient }).from(lc210Notices).where(and(inArray(lc210Notices.obligationId, partialIds), isNotNull(lc210Notices.sentOn)))
    : [];
  const recipients = new Map<number, string[]>();
  for (const t of told) recipients.set(t.obligationId, [...(recipients.get(t.obligationId) ?? []), t.recipient]);
  return {
    today,
    total: rows.length,
    sent: rows.filter((r) => r.status === "COMUNICADA"),
    partial: rows.filter((r) => r.status === "PARCIAL"),
    pending: rows.filter((r) => r.status === "PENDENTE" && !late.includes(r)),
    late,
    recipients,
  };
}

export interface ClientObligations {
  companyId: number;
  cnpj: string;
  name: string;
  overdue: ObligationRow[];
}

/** Every client with LC 210 notices late (not told to all three recipients within the 30 days), most first. */
export async function lateLc210AcrossClients(db: Db, today: string): Promise<ClientObligations[]> {
  const rows = await db
    .select({ id: o.id, companyId: o.companyId, kind: o.kind, status: o.status, transferKey: o.transferKey, title: o.title, dueDate: o.dueDate, name: companies.name, cnpj: companies.cnpj })
    .from(o)
    .innerJoin(companies, eq(companies.id, o.companyId))
    .where(and(eq(o.kind, "LC210"), ne(o.status, "COMUNICADA"), isNotNull(o.dueDate), lt(o.dueDate, today)))
    .orderBy(asc(o.dueDate), asc(o.id));
  return groupByClient(rows);
}

function groupByClient(rows: (Record<string, unknown> & { companyId: number; name: string; cnpj: string })[]): ClientObligations[] {
  const clients = new Map<number, ClientObligations>();
  for (const row of rows) {
    const client = clients.get(row.companyId) ?? { companyId: row.companyId, cnpj: row.cnpj, name: row.name, overdue: [] };
    client.overdue.push(asObligation(row));
    clients.set(row.companyId, client);
  }
  return [...clients.values()].sort((a, b) => b.overdue.length - a.overdue.length || a.name.localeCompare(b.name, "pt-BR"));
}

/** Every client with accountability overdue (open, past the due date, LC 210 apart), most first. */
export async function overdueAccountabilityAcrossClients(db: Db, today: string): Promise<ClientObligations[]> {
  const rows = await db
    .select({ id: o.id, companyId: o.companyId, kind: o.kind, status: o.status, transferKey: o.transferKey, title: o.title, dueDate: o.dueDate, name: companies.name, cnpj: companies.cnpj })
    .from(o)
    .innerJoin(companies, eq(companies.id, o.companyId))
    .where(and(inArray(o.status, OPEN_STATUSES), ne(o.kind, "LC210"), isNotNull(o.dueDate), lt(o.dueDate, today)))
    .orderBy(asc(o.dueDate), asc(o.id));
  return groupByClient(rows);
}

// ---------- municipal emendas (issue 37's list) ----------

export interface MunicipalPicture {
  count: number;
  value: number;
  paid: number;
  byStage: { stage: MunicipalAmendmentStage; count: number; value: number }[];
  byAuthor: { name: string; party: string; count: number; value: number; executed: number }[];
}

/** Stages at or past execution: the emenda's object was delivered. */
export const EXECUTED_STAGES: readonly MunicipalAmendmentStage[] = ["EXECUTADA", "CONTAS_PRESTADAS"];

/** The company's municipal emendas, per stage and per councillor, from the columns the list and its totals show. */
export async function municipalPicture(db: Db, companyId: number, years: number[]): Promise<MunicipalPicture> {
  const where = and(eq(ma.companyId, companyId), years.length ? inArray(ma.year, years) : undefined);
  const executed = sql<number>`(count(*) filter (where ${inArray(ma.stage, [...EXECUTED_STAGES])}))::int`;
  const [totals, byStage, byAuthor] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int`, value: sql<string>`coalesce(sum(${ma.value}), 0)::text`, paid: sql<string>`coalesce(sum(${ma.paidValue}), 0)::text` }).from(ma).where(where),
    db.select({ stage: ma.stage, count: sql<number>`count(*)::int`, value: sql<string>`coalesce(sum(${ma.value}), 0)::text` }).from(ma).where(where).groupBy(ma.stage),
    db
      .select({ name: ma.authorName, party: sql<string>`max(${ma.authorParty})`, count: sql<number>`count(*)::int`, value: sql<string>`coalesce(sum(${ma.value}), 0)::text`, executed })
      .from(ma)
      .where(where)
      .groupBy(ma.authorName)
      .orderBy(desc(sql`sum(${ma.value})`), asc(ma.authorName)),
  ]);
  return {
    count: totals[0].count,
    value: Number(totals[0].value),
    paid: Number(totals[0].paid),
    byStage: byStage.map((r) => ({ stage: r.stage, count: r.count, value: Number(r.value) })),
    byAuthor: byAuthor.map((r) => ({ ...r, value: Number(r.value) })),
  };
}

// ---------- the portfolio (dashboard's totals, reports' ranking) ----------

/** The dashboard's totals of every client (its query across companies), for one year. */
export async function portfolioYearTotals(db: Db, today: string, year: number): Promise<KindYearTotals[]> {
  return (await totalsByKindAndYear(db, null, today)).filter((row) => row.year === year);
}

/** The fundraising report's ranking of parliamentarians across every client (captured value, as the report shows it). */
export async function portfolioParliamentarians(db: Db, years: number[]) {
  const range = years.length ? { yearFrom: Math.min(...years), yearTo: Math.max(...years) } : {};
  return (await fundraisingReport(db, null, range)).byParliamentarian;
}

// ---------- the impediment risk (work plans' analyses) ----------

/** Whether anything is known of the work plans (an analysis, a body holding one, a plan's situation): without it the risk is unknown, not nil. */
export async function workPlansKnown(db: Db, companyId: number | null): Promise<boolean> {
  const [analysis] = await db.select({ id: wpa.id }).from(wpa).where(companyId === null ? undefined : eq(wpa.companyId, companyId)).limit(1);
  if (analysis) return true;
  const [body] = await db.select({ id: wpb.id }).from(wpb).where(companyId === null ? undefined : eq(wpb.companyId, companyId)).limit(1);
  if (body) return true;
  const [plan] = await db.select({ id: it.id }).from(it).where(and(companyId === null ? undefined : eq(it.companyId, companyId), isNotNull(it.workPlanStatus))).limit(1);
  return Boolean(plan);
}

export interface ImpedimentRisk {
  companyId: number;
  cnpj: string;
  client: string;
  key: string;
  title: string | null;
  parliamentarian: string;
  planned: number;
  /** Why it is at risk, in pt-BR (the radar's sentence: where the plan stands and the impediment date). */
  reason: string;
  /** Since when a body has held the plan (ISO day), when known. */
  since: string | null;
}

/**
 * Emendas PIX at risk of impediment, as the impediment radar and the risk queue list them
 * (server/risks/radar.ts: an open emenda whose plan is not approved, within its exercise's alert
 * lead time or past its impediment date), with their client and parliamentarian for the answer.
 * Across every client, or one (companyId); the nearest impediment first, then the most money.
 */
export async function impedimentRisks(db: Db, companyId: number | null, today: string): Promise<ImpedimentRisk[]> {
  const risks = await radarRisks(db, inCompanies(sql.raw("t.company_id"), companyId === null ? null : [companyId]), today);
  if (!risks.length) return [];
  const details = await db
    .select({ id: it.id, parliamentarian: it.parliamentarianName, client: companies.name, cnpj: companies.cnpj })
    .from(it)
    .innerJoin(companies, eq(companies.id, it.companyId))
    .where(inArray(it.id, risks.map((r) => r.transferId)));
  const byId = new Map(details.map((d) => [d.id, d]));
  return risks
    .map((r) => {
      const d = byId.get(r.transferId);
      return { companyId: r.companyId, cnpj: d?.cnpj ?? "", client: d?.client ?? "", key: r.nrTransfer, title: r.title, parliamentarian: d?.parliamentarian ?? "", planned: Number(r.plannedValue), reason: r.reason, since: r.heldSince, daysLeft: r.daysLeft };
    })
    .sort((a, b) => a.daysLeft - b.daysLeft || b.planned - a.planned || a.key.localeCompare(b.key))
    .map(({ daysLeft: _daysLeft, ...risk }) => risk);
}

