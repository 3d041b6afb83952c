import { and, asc, desc, eq, inArray, isNull, max, or, sql, type SQL } from "drizzle-orm";
import { addDays } from "../../src/domain/accountability";
import { IDLE_DAYS, PORTFOLIO_CLIENTS, PORTFOLIO_PARLIAMENTARIANS, type PortfolioAnswer } from "../../src/domain/portfolio";
import type { Db } from "../db/client";
import { companies, regularityItems, syncRuns, syncSourceFreshness } from "../db/schema";
import { CAUC_LABEL, NEVER_READ, SICONV_LABEL, TRANSFEREGOV_SOURCES, transferegovCoverage } from "../client-reports/coverage";

/**
 * The portfolio's figures, aggregated in SQL over the clients chosen (null: every client), never summed
 * row by row in JavaScript:
 * - planned, committed and received (the União's paid value: what reached the client) come from the
 *   transfers themselves, as the transactions report and the dashboard read them;
 * - paid is what the client paid its suppliers (effective SUPPLIER_PAYMENT movements);
 * - idle is money standing still: received minus paid on a transfer that had no supplier payment in the
 *   last IDLE_DAYS days (fund-to-fund plans have no movements here, so they never count as idle).
 */

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const inClients = (column: SQL, ids: number[] | null) => (ids === null ? sql`true` : sql`${column} = any(${sql.raw(`'{${ids.join(",")}}'::int[]`)})`);

/** Every transfer of the clients in one shape, with what was paid to suppliers and whether its money stands still. */
function transfersWithMoney(ids: number[] | null, today: string): SQL {
  const since = addDays(today, -IDLE_DAYS);
  return sql`with paid as (
      select coalesce(imposition_transfer_id, voluntary_transfer_id) as tid,
        case when imposition_transfer_id is not null then 'imposition' else 'voluntary' end as kind,
        sum(amount) as amount, max(payment_date) as last_payment
      from transaction_payments
      where kind = 'SUPPLIER_PAYMENT' and status = 'EFETIVADO' and ${inClients(sql`company_id`, ids)}
      group by 1, 2
    ), t as (
      select 'imposition' as kind, id, company_id, year, parliamentarian_name as parliamentarian, planned_value as planned, committed_value as committed, paid_value as received from imposition_transfers where ${inClients(sql`company_id`, ids)}
      union all
      select 'voluntary', id, company_id, year, parliamentarian_name, transfer_value, committed_value, paid_value from voluntary_transfers where ${inClients(sql`company_id`, ids)}
      union all
      select 'fund', id, company_id, year, parliamentarian_name, total_transfer_value, committed_value, paid_value from fund_transfer_plans where ${inClients(sql`company_id`, ids)}
    ), m as materialized (
      select t.*, coalesce(p.amount, 0) as paid,
        case when t.kind <> 'fund' and t.received > coalesce(p.amount, 0) and (p.last_payment is null or p.last_payment < ${since}::date)
          then t.received - coalesce(p.amount, 0) else 0 end as idle
      from t left join paid p on p.tid = t.id and p.kind = t.kind
    )`;
}

const SUMS = sql`count(*)::int as count, coalesce(sum(planned), 0)::text as planned, coalesce(sum(committed), 0)::text as committed,
  coalesce(sum(received), 0)::text as received, coalesce(sum(paid), 0)::text as paid, coalesce(sum(idle), 0)::text as idle`;

type Figures = { count: number; planned: string; committed: string; received: string; paid: string; idle: string };

export async function portfolioFigures(db: Db, ids: number[] | null, today: string): Promise<Omit<PortfolioAnswer, "today" | "chosen" | "clientCount" | "freshness">> {
  const base = transfersWithMoney(ids, today);
  const [byYearKind, byClient, senders] = await Promise.all([
    rowsOf<Figures & { year: number; kind: "imposition" | "voluntary" | "fund" }>(db, sql`${base} select year::int as year, kind, ${SUMS} from m group by year, kind order by year desc, kind`),
    rowsOf<Figures & { companyId: number; name: string; uf: string | null }>(
      db,
      sql`${base} select m.company_id as "companyId", c.name, c.uf, ${SUMS} from m join companies c on c.id = m.company_id
        group by m.company_id, c.name, c.uf order by sum(received) desc nulls last, c.name limit ${PORTFOLIO_CLIENTS}`,
    ),
    // The largest senders first, each with the clients it sent to (planned value of the transfers it named).
    rowsOf<{ name: string; companyId: number; companyName: string; count: number; value: string; total: string; totalCount: number }>(
      db,
      sql`${base}, top as (
          select parliamentarian as name, sum(planned) as total, count(*)::int as total_count from m
          where coalesce(parliamentarian, '') <> '' group by parliamentarian order by sum(planned) desc, parliamentarian limit ${PORTFOLIO_PARLIAMENTARIANS}
        )
        select top.name, m.company_id as "companyId", c.name as "companyName", count(*)::int as count, sum(m.planned)::text as value,
          top.total::text as total, top.total_count as "totalCount"
        from top join m on m.parliamentarian = top.name join companies c on c.id = m.company_id
        group by top.name, top.total, top.total_count, m.company_id, c.name
        order by top.total desc, top.name, sum(m.planned) desc, c.name`,
    ),
  ]);
  const parliamentarians: PortfolioAnswer["parliamentarians"] = [];
  for (const row of senders) {
    let entry = parliamentarians.at(-1);
    if (!entry || entry.name !== row.name) parliamentarians.push((entry = { name: row.name, count: row.totalCount, value: row.total, clients: [] }));
    entry.clients.push({ companyId: row.companyId, name: row.companyName, count: row.count, value: row.value });
  }
  return { byYearKind, byClient, parliamentarians };
}

/** The clients in scope: the chosen ones (that exist) or every client, with how many there are. */
export async function clientsInScope(db: Db, ids: number[] | null): Promise<{ chosen: { id: number; name: string }[]; clientCount: number }> {
  if (ids === null) {
    const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from companies`);
    return { chosen: [], clientCount: n };
  }
  const chosen = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids)).orderBy(asc(companies.name));
  return { chosen, clientCount: chosen.length };
}

/** The freshness map: per client (the chosen, or the first PORTFOLIO_CLIENTS by name), every source with its date and problem, set-based. */
export async function freshnessMap(db: Db, ids: number[] | null): Promise<PortfolioAnswer["freshness"]> {
  const clients = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(ids === null ? undefined : inArray(companies.id, ids))
    .orderBy(asc(companies.name))
    .limit(PORTFOLIO_CLIENTS);
  const clientIds = clients.map((c) => c.id);
  if (clientIds.length === 0) return [];
  const [freshness, cauc, [siconv]] = await Promise.all([
    db.select().from(syncSourceFreshness).where(inArray(syncSourceFreshness.companyId, clientIds)),
    db.select({ companyId: regularityItems.companyId, checkedOn: max(regularityItems.checkedOn) }).from(regularityItems).where(inArray(regularityItems.companyId, clientIds)).groupBy(regularityItems.companyId),
    db
      .select({ status: syncRuns.status, finishedAt: syncRuns.finishedAt, error: syncRuns.error })
      .from(syncRuns)
      .where(and(eq(syncRuns.source, "siconv"), or(isNull(syncRuns.companyId), inArray(syncRuns.companyId, clientIds)), inArray(syncRuns.status, ["succeeded", "failed"])))
      .orderBy(desc(syncRuns.createdAt), desc(syncRuns.id))
      .limit(1),
  ]);
  const key = (companyId: number, source: string) => `${companyId}:${source}`;
  const fresh = new Map(freshness.map((row) => [key(row.companyId, row.source), row]));
  const checked = new Map(cauc.map((row) => [row.companyId, row.checkedOn]));
  return clients.map((client) => ({
    companyId: client.id,
    name: client.name,
    sources: [
      ...TRANSFEREGOV_SOURCES.map((source) => {
        const { rowsRead: _read, rowsSkipped: _skipped, ...line } = transferegovCoverage(source, fresh.get(key(client.id, source.source)));
        return line;
      }),
      {
        source: "siconv",
        label: SICONV_LABEL,
        lastReadAt: siconv?.finishedAt?.toISOString() ?? null,
        sourceUpdatedAt: null,
        problem: !siconv ? "Nenhuma importação de arquivos do SICONV registrada." : siconv.status === "failed" ? `A última importação falhou: ${siconv.error ?? "motivo não informado"}.` : null,
      },
      {
        source: "cauc",
        label: CAUC_LABEL,
        lastReadAt: checked.get(client.id) ? `${checked.get(client.id)}T12:00:00.000Z` : null,
        sourceUpdatedAt: checked.get(client.id) ?? null,
        problem: checked.get(client.id) ? null : NEVER_READ,
      },
    ],
  }));
}
