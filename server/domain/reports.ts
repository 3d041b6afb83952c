import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { FUND_ACTIVE_SITUATIONS, IMPOSITION_ACTIVE_SITUATIONS, VOLUNTARY_ACTIVE_STATUSES } from "../../src/domain/transfers";
import {
  ENDING_SOON_DAYS,
  ENDING_SOON_LIMIT,
  FUNNEL_STAGES,
  NOT_CAPTURED,
  PROPOSALS_LISTED,
  REPORT_KINDS,
  TIMED_PROPOSAL_STATUSES,
  TOP_PAYEES,
  type FundraisingAnswer,
  type FundraisingQuery,
  type MunicipalAmendmentsAnswer,
  type MunicipalAmendmentsQuery,
  type PaymentsAnswer,
  type PaymentsQuery,
  type ProposalAnswer,
  type ProposalQuery,
  type ReportKind,
  type TransactionsAnswer,
  type TransactionsQuery,
} from "../../src/domain/reports";
import type { PaymentKind } from "../../src/domain/transfers";
import { MUNICIPAL_AMENDMENT_STAGES } from "../../src/domain/municipal-amendments";
import type { ProposalStatus } from "../../src/domain/captacao";

/**
 * The reports' figures, aggregated in SQL. `companyId` null means every company (an ADMIN without a
 * chosen client): then the transfer and payment figures come from the national rollups
 * (server/db/schema/reports.ts, kept exact by triggers); for one company they are grouped from its own
 * rows, into the same shape, so each report runs one set of queries over either source.
 */

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));
const all = (...parts: (SQL | undefined | false | "")[]) => {
  const kept = parts.filter((p): p is SQL => Boolean(p));
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};

/** The three transfer tables in one shape: kind, year, situation, grantor, parliamentarian and the values. */
const TRANSFER_TABLES: Record<ReportKind, { table: SQL; situation: SQL; planned: SQL }> = {
  imposition: { table: sql`imposition_transfers`, situation: sql`situation::text`, planned: sql`planned_value` },
  voluntary: { table: sql`voluntary_transfers`, situation: sql`status::text`, planned: sql`transfer_value` },
  fund: { table: sql`fund_transfer_plans`, situation: sql`situation::text`, planned: sql`total_transfer_value` },
};

/**
 * Transfers grouped like report_transfer_totals (dimension, kind, year, key, captured, label, count and
 * values): the rollup itself across every company, or one company's rows grouped the same way.
 */
const DIMENSIONS = {
  situation: sql`('situation', r.situation, '')`,
  grantor: sql`('grantor', coalesce(r.grantor_acronym, ''), coalesce(r.grantor_name, ''))`,
  parliamentarian: sql`('parliamentarian', coalesce(r.parliamentarian, ''), '')`,
};
type Dimension = keyof typeof DIMENSIONS;

function transferTotals(companyId: number | null, dimensions: Dimension[]): SQL {
  if (companyId === null) return sql`(select * from report_transfer_totals where count <> 0 and dimension in (${list(dimensions)}))`;
  const union = sql.join(
    REPORT_KINDS.map((kind) => {
      const t = TRANSFER_TABLES[kind];
      return sql`select ${kind}::text as kind, year, ${t.situation} as situation, ${t.situation} not in (${list(NOT_CAPTURED[kind])}) as captured,
        grantor_acronym::text as grantor_acronym, grantor_name, parliamentarian_name as parliamentarian,
        ${t.planned} as planned, committed_value as committed, paid_value as paid
        from ${t.table} where company_id = ${companyId}`;
    }),
    sql` union all `,
  );
  return sql`(select d.dimension, r.kind, r.year, d.key, r.captured, max(d.label) as label, count(*)::int as count,
      sum(r.planned) as planned_value, sum(r.committed) as committed_value, sum(r.paid) as paid_value
    from (${union}) r
    cross join lateral (values ${sql.join(
      dimensions.map((d) => DIMENSIONS[d]),
      sql`, `,
    )}) as d(dimension, key, label)
    group by 1, 2, 3, 4, 5)`;
}

const yearRange = (column: SQL, q: { yearFrom?: number; yearTo?: number }) =>
  all(q.yearFrom !== undefined && sql`${column} >= ${q.yearFrom}`, q.yearTo !== undefined && sql`${column} <= ${q.yearTo}`);

/** The days column of proposal_facts (and of its rollup) for a timed status (e.g. EM_ANALISE → days_em_analise). */
const daysColumn = (status: ProposalStatus) => sql.identifier(`days_${status.toLowerCase()}`);

/**
 * Proposals summed like report_proposal_totals (year, status, grantor, program, statuses reached, open
 * status; count, values, days per timed status and the sum of the open spans' start): the rollup itself
 * across every company, or one company's proposal_facts grouped the same way.
 */
function proposalTotals(companyId: number | null): SQL {
  if (companyId === null) return sql`(select * from report_proposal_totals where count <> 0)`;
  const days = sql.join(
    TIMED_PROPOSAL_STATUSES.map((status) => sql`sum(${daysColumn(status)}) as ${daysColumn(status)}`),
    sql`, `,
  );
  return sql`(select year, status, grantor_id, program_id, reached, open_status, count(*)::int as count, sum(transfer_value) as transfer_value,
      sum(global_value) as global_value, ${days}, coalesce(sum(extract(epoch from open_since)), 0) as open_since_epoch
    from proposal_facts where company_id = ${companyId} group by 1, 2, 3, 4, 5, 6)`;
}

// ---------- fundraising ----------

interface Amount {
  count: number;
  value: string;
}

export async function fundraisingReport(db: Db, companyId: number | null, q: FundraisingQuery): Promise<Omit<FundraisingAnswer, "scope">> {
  const src = transferTotals(companyId, ["situation", "grantor", "parliamentarian"]);
  // One statement: the company's rows are grouped once (a materialized CTE), then each section from it.
  const query = sql`with t as materialized (select * from ${src} t where ${all(sql`t.captured`, yearRange(sql`t.year`, q), q.kind && sql`t.kind = ${q.kind}`)})
    select 'year' as section, t.year::text as key, t.kind as sub, '' as label, sum(t.count)::int as count, sum(t.planned_value)::text as value
      from t where t.dimension = 'situation' group by t.year, t.kind
    union all
    select 'grantor', t.key, '', max(t.label), sum(t.count)::int, sum(t.planned_value)::text from t where t.dimension = 'grantor' group by t.key having sum(t.count) > 0
    union all
    select 'parliamentarian', t.key, '', '', sum(t.count)::int, sum(t.planned_value)::text from t where t.dimension = 'parliamentarian' and t.key <> '' group by t.key having sum(t.count) > 0`;
  const [sections, funnel] = await Promise.all([
    rowsOf<{ section: "year" | "grantor" | "parliamentarian"; key: string; sub: ReportKind; label: string; count: number; value: string }>(db, query),
    q.kind && q.kind !== "voluntary" ? Promise.resolve(null) : proposalFunnel(db, companyId, q),
  ]);
  const years = new Map<number, { year: number; cents: Record<ReportKind, number>; count: number }>();
  for (const row of sections.filter((r) => r.section === "year")) {
    const year = Number(row.key);
    const entry = years.get(year) ?? { year, cents: { imposition: 0, voluntary: 0, fund: 0 }, count: 0 };
    entry.cents[row.sub] += toCents(row.value);
    entry.count += row.count;
    years.set(year, entry);
  }
  const byYear = [...years.values()]
    .sort((x, y) => x.year - y.year)
    .map((e) => ({
      year: e.year,
      imposition: fromCents(e.cents.imposition),
      voluntary: fromCents(e.cents.voluntary),
      fund: fromCents(e.cents.fund),
      total: fromCents(e.cents.imposition + e.cents.voluntary + e.cents.fund),
      count: e.count,
    }));
  const ranked = (section: "grantor" | "parliamentarian") =>
    sections.filter((r) => r.section === section).sort((x, y) => toCents(y.value) - toCents(x.value) || x.key.localeCompare(y.key));
  const byGrantor = ranked("grantor").map((r) => ({ grantor: r.key, name: r.label, count: r.count, value: r.value }));
  const byParliamentarian = ranked("parliamentarian").map((r) => ({ name: r.key, count: r.count, value: r.value }));
  const total = byYear.reduce((acc, r) => ({ count: acc.count + r.count, cents: acc.cents + toCents(r.total) }), { count: 0, cents: 0 });
  const empty = { count: 0, value: "0.00" };
  const stages = funnel ?? { sent: empty, approved: empty, signed: empty };
  return {
    byYear,
    byGrantor,
    byParliamentarian,
    funnel: {
      ...stages,
      approvalRate: stages.sent.count ? stages.approved.count / stages.sent.count : null,
      signatureRate: stages.approved.count ? stages.signed.count / stages.approved.count : null,
    },
    total: { count: total.count, value: fromCents(total.cents) },
  };
}

/** Proposals that reached each stage (their history or current status), counted and valued by transfer value. */
async function proposalFunnel(db: Db, companyId: number | null, q: FundraisingQuery): Promise<Record<(typeof FUNNEL_STAGES)[number]["stage"], Amount>> {
  const reached = (status: ProposalStatus) => sql`${status} = any(reached)`;
  const columns = sql.join(
    FUNNEL_STAGES.map(
      ({ stage, status }) => sql`coalesce(sum(count) filter (where ${reached(status)}), 0)::int as ${sql.identifier(`${stage}_count`)},
        coalesce(sum(transfer_value) filter (where ${reached(status)}), 0)::text as ${sql.identifier(`${stage}_value`)}`,
    ),
    sql`, `,
  );
  const [row] = await rowsOf<Record<string, string | number>>(db, sql`select ${columns} from ${proposalTotals(companyId)} t where ${yearRange(sql`year`, q)}`);
  return Object.fromEntries(FUNNEL_STAGES.map(({ stage }) => [stage, { count: Number(row[`${stage}_count`]), value: String(row[`${stage}_value`]) }])) as Record<
    (typeof FUNNEL_STAGES)[number]["stage"],
    Amount
  >;
}

const toCents = (value: string) => Math.round(Number(value) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

// ---------- payments ----------

/**
 * Payments grouped by month, kind and status (and by payee): the rollups across every company without a
 * transfer filter, else the payment rows of the company and/or the named transfer, grouped the same way.
 */
function paymentSources(companyId: number | null, transfer: string | undefined): { totals: SQL; payees: SQL } {
  if (companyId === null && !transfer) {
    return { totals: sql`(select * from report_payment_totals where count <> 0)`, payees: sql`(select * from report_payee_totals where count <> 0)` };
  }
  const company = companyId !== null && sql`company_id = ${companyId}`;
  const ofTransfer =
    transfer &&
    sql`(imposition_transfer_id = any(array(select id from imposition_transfers where ${all(sql`nr_transfer = ${transfer}`, company)}))
      or voluntary_transfer_id = any(array(select id from voluntary_transfers where ${all(sql`nr_transfer = ${transfer}`, company)})))`;
  const where = all(company, ofTransfer);
  return {
    totals: sql`(select date_trunc('month', payment_date)::date as month, kind, status, count(*)::int as count, sum(amount) as amount
      from transaction_payments where ${where} group by 1, 2, 3)`,
    payees: sql`(select payee_name as payee, coalesce(payee_document, '') as document, date_trunc('month', payment_date)::date as month, kind, status,
        count(*)::int as count, sum(amount) as amount
      from transaction_payments where ${where} and payee_name is not null group by 1, 2, 3, 4, 5)`,
  };
}

/** The payment kind whose payee is a third party: a supplier paid from the transfer's account. */
const SUPPLIER_PAYMENT: PaymentKind = "SUPPLIER_PAYMENT";
/** A payee's identity: its document without mask, else its name in capitals without extra spaces. */
const PAYEE_KEY = sql`coalesce(nullif(regexp_replace(upper(s.document), '[^0-9A-Z]', '', 'g'), ''), 'nome:' || upper(regexp_replace(trim(s.payee), '\\s+', ' ', 'g')))`;

export async function paymentsReport(db: Db, companyId: number | null, q: PaymentsQuery): Promise<Omit<PaymentsAnswer, "scope">> {
  const src = paymentSources(companyId, q.transfer);
  const where = all(
    q.from && sql`t.month >= ${`${q.from}-01`}::date`,
    q.to && sql`t.month <= ${`${q.to}-01`}::date`,
    q.kind && sql`t.kind = ${q.kind}`,
    q.status && sql`t.status = ${q.status}`,
  );
  const [byMonth, topPayees] = await Promise.all([
    rowsOf<{ month: string; kind: PaymentKind; count: number; value: string }>(
      db,
      sql`select to_char(t.month, 'YYYY-MM') as month, t.kind, sum(t.count)::int as count, sum(t.amount)::text as value
        from ${src.totals} t where ${where} group by t.month, t.kind order by t.month, t.kind`,
    ),
    // The top payees are the suppliers paid: the other movements go to the municipality's own accounts
    // (its fund, the convênio account), which are not payees of the money. One supplier is one CNPJ,
    // however its name or mask was typed; a payee without a document is its name.
    rowsOf<{ payee: string; document: string; count: number; value: string }>(
      db,
      sql`select (array_agg(t.payee order by t.amount desc, t.payee))[1] as payee, (case when t.payee_key like 'nome:%' then '' else t.payee_key end) as document,
          sum(t.count)::int as count, sum(t.amount)::text as value
        from (select *, ${PAYEE_KEY} as payee_key from ${src.payees} s) t
        where ${where} and t.kind = ${SUPPLIER_PAYMENT} group by t.payee_key having sum(t.count) > 0
        order by sum(t.amount) desc, 1 limit ${TOP_PAYEES}`,
    ),
  ]);
  const kinds = new Map<PaymentKind, { count: number; cents: number }>();
  for (const row of byMonth) {
    const acc = kinds.get(row.kind) ?? { count: 0, cents: 0 };
    kinds.set(row.kind, { count: acc.count + row.count, cents: acc.cents + toCents(row.value) });
  }
  const byKind = [...kinds].map(([kind, v]) => ({ kind, count: v.count, value: fromCents(v.cents) }));
  const total = byKind.reduce((acc, r) => ({ count: acc.count + r.count, cents: acc.cents + toCents(r.value) }), { count: 0, cents: 0 });
  return {
    byMonth,
    byKind,
    topPayees: topPayees.map((r) => ({ ...r, document: r.document || null })),
    total: { count: total.count, value: fromCents(total.cents) },
  };
}

// ---------- proposal ----------

/** Days in a timed status of one facts row: its closed spans, plus the open one up to `now`. */
function daysIn(row: ProposalFactsDays, status: ProposalStatus, now: Date): number {
  const open = row.openStatus === status && row.openSince !== null ? (now.getTime() - row.openSince) / 86_400_000 : 0;
  return Number(row[status]) + open;
}
type ProposalFactsDays = Record<ProposalStatus, number | string> & { reached: string[]; openStatus: string | null; /** Epoch milliseconds. */ openSince: number | null };

/**
 * Proposals by status, program and grantor, the days spent in each status, and the newest `listed`. The
 * figures come from proposalTotals (across every municipality, the rollup of a few hundred rows) and
 * the list from proposal_facts (a narrow row per proposal kept by a trigger): no history is parsed and
 * no national table is summed at request time.
 */
export async function proposalReport(db: Db, companyId: number | null, q: ProposalQuery, now: Date, listed: number = PROPOSALS_LISTED.screen): Promise<Omit<ProposalAnswer, "scope">> {
  const filters = all(
    yearRange(sql`year`, q),
    q.status && sql`status = ${q.status}`,
    q.grantorId !== undefined && sql`grantor_id = ${q.grantorId}`,
    q.programId !== undefined && sql`program_id = ${q.programId}`,
  );
  const totals = sql`(select * from ${proposalTotals(companyId)} t where ${filters})`;
  const base = sql`(select * from proposal_facts where ${all(companyId !== null && sql`company_id = ${companyId}`, filters)})`;
  const sums = sql`coalesce(sum(p.count), 0)::int as count, coalesce(sum(p.transfer_value), 0)::text as "transferValue", coalesce(sum(p.global_value), 0)::text as "globalValue"`;
  const nowEpoch = sql`${now.getTime() / 1000}::numeric`;
  // Per timed status, how many proposals had it and the days they spent in it: the closed spans, plus
  // the open ones up to now (count × now − the sum of their starts).
  const timedColumns = sql.join(
    TIMED_PROPOSAL_STATUSES.map(
      (status) => sql`coalesce(sum(p.count) filter (where ${status} = any(p.reached)), 0)::int as ${sql.identifier(`${status}:n`)},
        ((coalesce(sum(p.${daysColumn(status)}), 0) + coalesce(sum(p.count * ${nowEpoch} - p.open_since_epoch) filter (where p.open_status = ${status}), 0) / 86400))::float8 as ${sql.identifier(`${status}:d`)}`,
    ),
    sql`, `,
  );
  const dayColumns = sql.join(
    TIMED_PROPOSAL_STATUSES.map((status) => sql`f.${daysColumn(status)} as ${sql.identifier(status)}`),
    sql`, `,
  );
  type Group = { section: "status" | "program" | "grantor" | "total"; id: number | null; key: string | null; code: string | null; name: string | null; count: number; transferValue: string; globalValue: string };
  type Listed = Omit<ProposalAnswer["proposals"][number], "days"> & ProposalFactsDays;
  // One statement for every figure: the groups by status, program and grantor and the total, as grouping
  // sets over the (small) totals, named after grouping; the times are read from the total row.
  const [groups, proposals] = await Promise.all([
    rowsOf<Group & { [timed: `${string}:${"n" | "d"}`]: number }>(
      db,
      sql`select s.*, coalesce(g.code, r.acronym) as code, coalesce(g.name, r.name) as name from (
          select case when grouping(p.status) = 0 then 'status' when grouping(p.program_id) = 0 then 'program' when grouping(p.grantor_id) = 0 then 'grantor' else 'total' end as section,
            p.status::text as key, coalesce(p.program_id, p.grantor_id) as id, grouping(p.program_id) = 0 as by_program, grouping(p.grantor_id) = 0 as by_grantor,
            ${sums}, ${timedColumns}
          from ${totals} p group by grouping sets ((p.status), (p.program_id), (p.grantor_id), ())) s
        left join programs g on s.by_program and g.id = s.id
        left join grantors r on s.by_grantor and r.id = s.id`,
    ),
    // The newest `listed` in proposal_facts_date_idx's exact order (its id is DESC NULLS LAST): one index walk,
    // where a differing NULLS made PostgreSQL re-sort every proposal (31 ms at national scale).
    rowsOf<Listed>(
      db,
      sql`select p.id, p.nr_proposal as "nrProposal", p.proponent_cnpj as "proponentCnpj", p.object, p.status, p.proposal_date::text as "proposalDate",
          p.transfer_value::text as "transferValue", f.reached, f.open_status as "openStatus", (extract(epoch from f.open_since) * 1000)::float8 as "openSince", ${dayColumns}
        from (select * from ${base} f order by f.proposal_date desc nulls last, f.proposal_id desc nulls last limit ${listed}) f
        join proposals p on p.id = f.proposal_id
        order by f.proposal_date desc nulls last, f.proposal_id desc nulls last`,
    ),
  ]);
  const times = groups.find((g) => g.section === "total")!;
  const byValue = (x: Group, y: Group) => toCents(y.transferValue) - toCents(x.transferValue) || (x.code ?? "").localeCompare(y.code ?? "");
  const values = (g: Group) => ({ count: g.count, transferValue: g.transferValue, globalValue: g.globalValue });
  const of = (section: Group["section"]) => groups.filter((g) => g.section === section);
  const tenth = (days: number) => Math.round(days * 10) / 10;
  return {
    byStatus: of("status")
      .sort((x, y) => y.count - x.count || (x.key ?? "").localeCompare(y.key ?? ""))
      .map((g) => ({ status: g.key as ProposalStatus, ...values(g) })),
    byProgram: of("program")
      .sort(byValue)
      .map((g) => ({ programId: g.id, code: g.code, name: g.name, ...values(g) })),
    byGrantor: of("grantor")
      .sort(byValue)
      .map((g) => ({ grantorId: g.id, acronym: g.code, name: g.name, ...values(g) })),
    timeInStatus: TIMED_PROPOSAL_STATUSES.filter((status) => times[`${status}:n`] > 0).map((status) => {
      const proposals = times[`${status}:n`];
      const totalDays = tenth(times[`${status}:d`]);
      return { status, proposals, totalDays, averageDays: tenth(times[`${status}:d`] / proposals) };
    }),
    proposals: proposals.map(({ reached, openStatus, openSince, ...row }) => ({
      id: row.id,
      nrProposal: row.nrProposal,
      proponentCnpj: row.proponentCnpj,
      object: row.object,
      status: row.status,
      proposalDate: row.proposalDate,
      transferValue: row.transferValue,
      days: Object.fromEntries(TIMED_PROPOSAL_STATUSES.filter((status) => reached.includes(status)).map((status) => [status, tenth(daysIn({ ...row, reached, openStatus, openSince }, status, now))])),
    })),
    total: values(of("total")[0]),
  };
}

// ---------- transactions ----------

/** Where each kind's validity ends and which situations are still in force. */
const IN_FORCE: Record<ReportKind, { end: SQL; key: SQL; title: SQL; active: readonly string[] }> = {
  imposition: { end: sql`execution_end`, key: sql`nr_transfer`, title: sql`object_name`, active: IMPOSITION_ACTIVE_SITUATIONS },
  voluntary: { end: sql`validity_end`, key: sql`nr_transfer`, title: sql`object`, active: VOLUNTARY_ACTIVE_STATUSES },
  fund: { end: sql`validity_end`, key: sql`cod_plan`, title: sql`program_name`, active: FUND_ACTIVE_SITUATIONS },
};

export async function transactionsReport(db: Db, companyId: number | null, q: TransactionsQuery, today: string): Promise<Omit<TransactionsAnswer, "scope" | "today" | "days">> {
  const src = transferTotals(companyId, ["situation"]);
  const kinds = q.kind ? [q.kind] : [...REPORT_KINDS];
  const where = all(sql`t.dimension = 'situation'`, yearRange(sql`t.year`, q), q.kind && sql`t.kind = ${q.kind}`, q.situation && sql`t.key = ${q.situation}`);
  const days = q.days ?? ENDING_SOON_DAYS;
  const ending = sql.join(
    kinds.map((kind) => {
      const t = TRANSFER_TABLES[kind];
      const f = IN_FORCE[kind];
      if (q.situation && !f.active.includes(q.situation)) return sql`(select null::text as kind, null::text as key, null::text as title, null::int as company_id, null::text as situation, null::date as ends_at, 0::numeric as planned, 0::numeric as paid limit 0)`;
      // The 15 lowest are picked from an in-force index alone (ids and values); only they are then read whole. Across
      // every municipality, *_in_force_execution_idx (migration 0029) holds this very order: keep the expression as it is.
      const status = sql.raw(kind === "voluntary" ? "status" : "situation");
      return sql`(select ${kind}::text as kind, ${f.key}::text as key, ${f.title} as title, x.company_id, ${t.situation} as situation, x.ends_at, x.planned, x.paid
        from (select id, company_id, ${f.end} as ends_at, ${t.planned} as planned, paid_value as paid from ${t.table}
          where ${all(
            companyId !== null && sql`company_id = ${companyId}`,
            sql`${f.end} between ${today}::date and ${today}::date + ${days}::int`,
            sql`${status} in (${list(f.active)})`,
            q.situation && sql`${status} = ${q.situation}`,
            yearRange(sql`year`, q),
          )}
          order by paid_value / nullif(${t.planned}, 0) nulls first, ${f.end}
          limit ${ENDING_SOON_LIMIT}) x
        join ${t.table} on ${t.table}.id = x.id)`;
    }),
    sql` union all `,
  );
  const [groups, endingSoon] = await Promise.all([
    rowsOf<{ kind: ReportKind; year: number; situation: string; count: number; plannedValue: string; committedValue: string; paidValue: string }>(
      db,
      sql`select t.kind, t.year::int as year, t.key as situation, sum(t.count)::int as count, sum(t.planned_value)::text as "plannedValue",
          sum(t.committed_value)::text as "committedValue", sum(t.paid_value)::text as "paidValue"
        from ${src} t where ${where} group by t.kind, t.year, t.key having sum(t.count) > 0 order by t.kind, t.year desc, t.key`,
    ),
    rowsOf<{ kind: ReportKind; key: string; title: string | null; companyName: string; situation: string; endsAt: string; plannedValue: string; paidValue: string; execution: string }>(
      db,
      sql`select e.kind, e.key, e.title, c.name as "companyName", e.situation, e.ends_at::text as "endsAt", e.planned::text as "plannedValue", e.paid::text as "paidValue",
          coalesce(e.paid / nullif(e.planned, 0), 0)::float8 as execution
        from (${ending}) e join companies c on c.id = e.company_id
        order by coalesce(e.paid / nullif(e.planned, 0), 0), e.ends_at, e.key limit ${ENDING_SOON_LIMIT}`,
    ),
  ]);
  const sumOf = (rows: typeof groups) =>
    rows.reduce(
      (acc, r) => ({ count: acc.count + r.count, planned: acc.planned + toCents(r.plannedValue), committed: acc.committed + toCents(r.committedValue), paid: acc.paid + toCents(r.paidValue) }),
      { count: 0, planned: 0, committed: 0, paid: 0 },
    );
  const triple = (s: ReturnType<typeof sumOf>) => ({ count: s.count, plannedValue: fromCents(s.planned), committedValue: fromCents(s.committed), paidValue: fromCents(s.paid) });
  const byKind = kinds.map((kind) => ({ kind, ...triple(sumOf(groups.filter((g) => g.kind === kind))) })).filter((k) => k.count > 0);
  return { groups, byKind, endingSoon: endingSoon.map((e) => ({ ...e, execution: Number(e.execution) })), total: triple(sumOf(groups)) };
}

/**
 * The councillors' emendas (issue 37) of one municipality, or every one (null): grouped by year, stage
 * and councillor in one pass over municipal_amendments (a few thousand rows a year at most), each group
 * with the value indicated, committed, paid to the emenda's account and paid on to suppliers.
 */
export async function municipalAmendmentsReport(db: Db, companyId: number | null, q: MunicipalAmendmentsQuery): Promise<Omit<MunicipalAmendmentsAnswer, "scope">> {
  const where = all(companyId !== null && sql`company_id = ${companyId}`, yearRange(sql`year`, q), q.stage && sql`stage = ${q.stage}`);
  type Grouped = { year: number | null; stage: MunicipalAmendmentsAnswer["byStage"][number]["stage"] | null; authorName: string | null; authorParty: string | null; count: number; value: string; committedValue: string; paidValue: string; supplierPaidValue: string; byYear: boolean; byStage: boolean; byAuthor: boolean };
  const rows = await rowsOf<Grouped>(
    db,
    sql`select year::int as year, stage::text as stage, author_name as "authorName", max(author_party) as "authorParty", count(*)::int as count,
        sum(value)::text as value, sum(committed_value)::text as "committedValue", sum(paid_value)::text as "paidValue", sum(supplier_paid_value)::text as "supplierPaidValue",
        grouping(year) = 0 as "byYear", grouping(stage) = 0 as "byStage", grouping(author_name) = 0 as "byAuthor"
      from municipal_amendments where ${where}
      group by grouping sets ((year), (stage), (author_name), ())`,
  );
  const values = (r: Grouped) => ({ count: r.count, value: r.value ?? "0", committedValue: r.committedValue ?? "0", paidValue: r.paidValue ?? "0", supplierPaidValue: r.supplierPaidValue ?? "0" });
  const stageOrder = (stage: string) => (MUNICIPAL_AMENDMENT_STAGES as readonly string[]).indexOf(stage);
  const total = rows.find((r) => !r.byYear && !r.byStage && !r.byAuthor);
  return {
    byYear: rows.filter((r) => r.byYear).map((r) => ({ year: r.year as number, ...values(r) })).sort((a, b) => b.year - a.year),
    byStage: rows.filter((r) => r.byStage).map((r) => ({ stage: r.stage!, ...values(r) })).sort((a, b) => stageOrder(a.stage) - stageOrder(b.stage)),
    byCouncillor: rows
      .filter((r) => r.byAuthor)
      .map((r) => ({ authorName: r.authorName as string, authorParty: r.authorParty ?? "", ...values(r) }))
      .sort((a, b) => toCents(b.value) - toCents(a.value) || a.authorName.localeCompare(b.authorName, "pt-BR")),
    total: total ? values(total) : { count: 0, value: "0.00", committedValue: "0.00", paidValue: "0.00", supplierPaidValue: "0.00" },
  };
}
