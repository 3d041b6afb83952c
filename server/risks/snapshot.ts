import { sql, type SQL } from "drizzle-orm";
import { rolesOf } from "../../src/domain/guards";
import type { RiskState } from "../../src/domain/risks";
import type { Db } from "../db/client";
import { companies, riskComments, riskHandlings, users } from "../db/schema";
import { cachePerDb, type Computed } from "./cache";
import { handlingMapOf, rankRisks, type StoredHandling } from "./handling";
import { KIND_COLUMNS, kindSql, queueCompaniesOf, rankedRisks, type CompanyRow, type ComputeOptions, type KindRows, type QueueCompany, type RankedRisk } from "./queue";
import { anyCompany, col, prepareText, runPrepared, type PreparedText } from "./sql";

/**
 * The risk queue in one statement (issue 33: "≤ 100 ms p95 for 30 clients"). The clients, their
 * items of every kind, the handling, the comment counts and the people an item can be assigned to
 * come back as one row of JSON columns: one round trip and one connection per request, where the
 * queue used to run ten statements over two round trips (and, under load, wait for ten connections
 * of the pool). Every value is a placeholder, so on PostgreSQL the statement is prepared by name and
 * each connection plans it once (./sql.ts, runPrepared); the SQL text is built once per process.
 */

/** Who an item can be assigned to: the consultancy's people and, when `ownerCompany` names one municipality, its own. */
export function ownersCondition(ownerCompany: SQL): SQL {
  const consultancy = sql.join([...rolesOf("admin-only")].map((role) => sql`${role}`), sql`, `);
  const own = sql.join([...rolesOf("manager-only"), ...rolesOf("user-only")].map((role) => sql`${role}`), sql`, `);
  return sql`${users.active} and (
    (${users.role}::text in (${consultancy}) and (${ownerCompany}::int is not null or ${users.companyId} is null))
    or (${users.role}::text in (${own}) and ${users.companyId} = ${ownerCompany}::int))`;
}

/** `coalesce(json_agg(…), '[]')` of a part's rows. */
const rowsJson = (part: SQL, order?: SQL) => sql`(select coalesce(json_agg(x${order ? sql` order by ${order}` : sql``}), '[]'::json) from (${part}) x)`;

/** A part's rows as JSON arrays of `columns` (no key repeated on every row); `objectsOf` reads them back. */
const arraysJson = (part: SQL, columns: readonly string[]) =>
  sql`(select coalesce(json_agg(json_build_array(${sql.join(columns.map((c) => sql`x.${sql.identifier(c)}`), sql`, `)})), '[]'::json) from (${part}) x)`;

function objectsOf<T>(columns: readonly string[], rows: readonly unknown[][]): T[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]] = values[i];
    return row as T;
  });
}

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

function queueStatement(all: boolean): SQL {
  const company = (column: SQL) => anyCompany(column, all);
  const today = sql`${sql.placeholder("today")}`;
  const kinds = kindSql(company, today);
  const parts = {
    companies: rowsJson(sql`select c.id, c.name, c.cnpj, c.uf, c.parametrization from ${companies} c where ${company(col("c.id"))}`, sql`x.name`),
    handlings: rowsJson(sql`
      select h.company_id, h.item_key, h.state, h.owner_user_id as owner_id, u.name as owner_name, h.snoozed_until::text as snoozed_until,
        ${ms(col("h.done_at"))} as done_at, ${ms(col("h.updated_at"))} as updated_at
      from ${riskHandlings} h left join ${users} u on u.id = h.owner_user_id
      where ${company(col("h.company_id"))}`),
    comments: rowsJson(sql`
      select k.company_id, k.item_key, count(*)::int as n from ${riskComments} k
      where ${company(col("k.company_id"))} group by k.company_id, k.item_key`),
    owners: rowsJson(sql`select ${users.id} as id, ${users.name} as name from ${users} where ${ownersCondition(sql`${sql.placeholder("ownerCompany")}`)}`, sql`x.name`),
    workPlan: arraysJson(kinds.workPlan, KIND_COLUMNS.workPlan),
    cauc: arraysJson(kinds.cauc, KIND_COLUMNS.cauc),
    obligations: arraysJson(kinds.obligations, KIND_COLUMNS.obligations),
    programs: arraysJson(kinds.programs, KIND_COLUMNS.programs),
    idleMoney: arraysJson(kinds.idleMoney, KIND_COLUMNS.idleMoney),
    sync: arraysJson(kinds.sync, KIND_COLUMNS.sync),
  };
  // The statement's own snapshot (what its reads saw) and whether its transaction had written: ./cache.ts.
  return sql`select ${sql.join(
    Object.entries(parts).map(([name, part]) => sql`${part} as ${sql.identifier(name)}`),
    sql`,\n  `,
  )},
  pg_current_snapshot()::text as "snapshot", pg_current_xact_id_if_assigned() is null as "cacheable"`;
}

/** Built once per process: the SQL text never changes, only its values. */
const statements = { all: prepareText("risk_queue_all", queueStatement(true)), some: prepareText("risk_queue_some", queueStatement(false)) };

/** The statement a request runs, with its values (exposed for the benchmark's EXPLAIN). */
export function queueStatementFor(request: SnapshotRequest): { statement: PreparedText; values: Record<string, unknown> } {
  const { ids, allowed, options } = request;
  const ownerCompany = allowed && allowed.length === 1 ? allowed[0] : null;
  return {
    statement: ids === null ? statements.all : statements.some,
    values: { ids: ids === null ? [] : [...ids], today: options.today, sync: options.includeSync, ownerCompany },
  };
}

interface HandlingRow {
  company_id: number;
  item_key: string;
  state: RiskState;
  owner_id: number | null;
  owner_name: string | null;
  snoozed_until: string | null;
  done_at: number | null;
  updated_at: number;
}

/** The statement's row: each kind's rows as arrays of KIND_COLUMNS. */
type SnapshotRow = { [K in keyof KindRows]: unknown[][] } & {
  companies: CompanyRow[];
  handlings: HandlingRow[];
  comments: { company_id: number; item_key: string; n: number }[];
  owners: { id: number; name: string }[];
  snapshot: string;
  cacheable: boolean;
};

export interface SnapshotRequest {
  /** The clients covered (null: every client). */
  ids: readonly number[] | null;
  /** The clients the caller may see: a single one also offers its own people as owners. */
  allowed: readonly number[] | null;
  options: ComputeOptions;
}

/** Shared by every request that finds it current (./cache.ts): frozen, read-only. */
export interface QueueSnapshot {
  readonly clients: readonly Readonly<QueueCompany>[];
  /** Every item, ranked (./handling.ts, rankRisks) and undescribed: a caller filters (keeping the order) and describes the ones it returns. */
  readonly ranked: readonly RankedRisk[];
  readonly handlings: ReadonlyMap<string, Readonly<StoredHandling>>;
  readonly owners: readonly Readonly<{ id: number; name: string }>[];
}

/** The process's cache of queue snapshots on `db` (its counters are read by tests). */
export const queueSnapshotCache = cachePerDb<QueueSnapshot>();

/** What a snapshot depends on besides the data: the clients, who can own an item, the day, the sync kind. */
function cacheKey(request: SnapshotRequest, ownerCompany: number | null): string {
  const ids = request.ids === null ? "all" : [...request.ids].sort((a, b) => a - b).join(",");
  return `${ids}|${ownerCompany ?? ""}|${request.options.today}|${request.options.includeSync ? 1 : 0}`;
}

/**
 * Everything the queue shows: the previous computation when the database proves nothing it read
 * changed since (./cache.ts), otherwise the one statement, in one round trip.
 */
export async function queueSnapshot(db: Db, request: SnapshotRequest): Promise<QueueSnapshot> {
  const { values } = queueStatementFor(request);
  const ownerCompany = values.ownerCompany as number | null;
  // The owners offered read one more client's people than `ids` may name.
  const ids = request.ids === null ? null : ownerCompany === null || request.ids.includes(ownerCompany) ? request.ids : [...request.ids, ownerCompany];
  return queueSnapshotCache(db).get(db, { key: cacheKey(request, ownerCompany), ids, clock: request.options.now.getTime() }, () => computeSnapshot(db, request));
}

/** Freezes what the cache shares, so a caller that tried to change it would fail loudly instead of corrupting other requests. */
function frozen(snapshot: QueueSnapshot): QueueSnapshot {
  for (const list of [snapshot.clients, snapshot.ranked, snapshot.owners]) {
    for (const item of list) Object.freeze(item);
    Object.freeze(list);
  }
  for (const handling of snapshot.handlings.values()) Object.freeze(handling);
  return Object.freeze(snapshot);
}

async function computeSnapshot(db: Db, request: SnapshotRequest): Promise<Computed<QueueSnapshot>> {
  const { statement, values } = queueStatementFor(request);
  const [row] = await runPrepared<SnapshotRow>(db, statement, values);
  const clients = queueCompaniesOf(row.companies);
  const stored = row.handlings.map(
    (h): StoredHandling => ({
      companyId: h.company_id,
      itemKey: h.item_key,
      state: h.state,
      ownerId: h.owner_id,
      ownerName: h.owner_name,
      snoozedUntil: h.snoozed_until,
      doneAt: h.done_at === null ? null : new Date(h.done_at),
      updatedAt: new Date(h.updated_at),
      commentCount: 0,
    }),
  );
  const counts = row.comments.map((c) => ({ companyId: c.company_id, itemKey: c.item_key, n: c.n }));
  const kindRows = {
    workPlan: objectsOf<KindRows["workPlan"][number]>(KIND_COLUMNS.workPlan, row.workPlan),
    cauc: objectsOf<KindRows["cauc"][number]>(KIND_COLUMNS.cauc, row.cauc),
    obligations: objectsOf<KindRows["obligations"][number]>(KIND_COLUMNS.obligations, row.obligations),
    programs: objectsOf<KindRows["programs"][number]>(KIND_COLUMNS.programs, row.programs),
    idleMoney: objectsOf<KindRows["idleMoney"][number]>(KIND_COLUMNS.idleMoney, row.idleMoney),
    sync: objectsOf<KindRows["sync"][number]>(KIND_COLUMNS.sync, row.sync),
  };
  const snapshot = frozen({ clients, ranked: rankRisks(rankedRisks(kindRows, clients, request.options)), handlings: handlingMapOf(stored, counts), owners: row.owners });
  return { value: snapshot, snapshot: row.snapshot, cacheable: row.cacheable };
}
