import type { FastifyReply } from "fastify";
import { and, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import type { Db } from "../db/client";
import { parseListQuery, type ListQuery, type ListSpec, type RawQuery } from "./list-query";

export interface ListSource<Row> {
  /** The page of rows for the parsed query (where, orderBy, limit, offset). */
  rows(query: ListQuery): Promise<Row[]>;
  /** How many rows match `where` in all (the X-Total-Count header). */
  count(where: SQL | undefined, context: CountContext): Promise<number>;
}

export interface CountContext {
  /** No tenant scope: an ADMIN's list across every municipality, the one that can reach a million rows. */
  national: boolean;
}

/**
 * Answers a simple-rest getList/getMany: parses the query against the spec, adds the tenant scope,
 * sets X-Total-Count and returns the page.
 */
export async function sendList<Row>(
  reply: FastifyReply,
  raw: RawQuery,
  spec: ListSpec,
  scope: SQL | undefined,
  source: ListSource<Row>,
): Promise<Row[]> {
  const parsed = parseListQuery(raw, spec);
  const where = scope && parsed.where ? and(scope, parsed.where) : (scope ?? parsed.where);
  const [rows, counted] = await Promise.all([source.rows({ ...parsed, where }), source.count(where, { national: !scope })]);
  return sendPage(reply, rows, parsed, counted);
}

/** The header that says X-Total-Count is a floor, not the total: "mais de 1.000" (issue 36 item 6). */
export const TOTAL_CAPPED_HEADER = "x-total-count-capped";

/**
 * Sets X-Total-Count and returns the page. A short page that is not past the end tells the exact total
 * for free. A `bounded` count (countUpTo, cappedCount) past COUNT_CAP is sent as COUNT_CAP with
 * `X-Total-Count-Capped: true`: the list footer says "mais de 1.000" and the pager stops there.
 */
export function sendPage<Row>(reply: FastifyReply, rows: Row[], page: { limit: number; offset: number }, counted: number, bounded = false): Row[] {
  const exact = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  const total = exact ? page.offset + rows.length : counted;
  const capped = bounded && !exact && total > COUNT_CAP;
  reply.header("x-total-count", String(capped ? COUNT_CAP : total));
  if (capped) reply.header(TOTAL_CAPPED_HEADER, "true");
  reply.header("access-control-expose-headers", capped ? "X-Total-Count, X-Total-Count-Capped" : "X-Total-Count");
  return rows;
}


/**
 * Past this many matches a list's total is "more than COUNT_CAP" (countUpTo answers COUNT_CAP + 1;
 * the answer says COUNT_CAP with X-Total-Count-Capped). Counting a common word's matches exactly cost
 * more than its page (11,568 of 300,000 payments: 39 ms against 4 ms); a bounded count of a thousand
 * costs about what the page does, and nobody pages past fifty pages of twenty: they narrow the search.
 */
export const COUNT_CAP = 1_000;

/**
 * A national estimate this many times the cap is trusted to be above it without counting. Estimates of
 * equality and range filters are close; a contains-search's comes from its index's 1,000 statistics
 * samples (search-indexes.ts) and lands within a few percent, so twice the cap is a safe margin (a
 * common word in 35,000 of a million payments was counted row by row to 10,001: 450 ms, with the cap
 * then at ten thousand).
 */
const ESTIMATE_MARGIN = 2;

/**
 * How many rows match, counted exactly up to `cap` and reported as `cap + 1` beyond it. A filter over
 * a million payments then costs a bounded scan instead of a full one; nobody pages past a thousand
 * rows, they narrow the filter. Across every municipality even the bounded scan is the slowest part
 * of a list, so there the planner's estimate answers first: far above the cap means "more than".
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, context: CountContext = { national: false }, cap = COUNT_CAP): Promise<number> {
  if (context.national && (await estimateRows(db, db.select({ one: sql`1` }).from(table).where(where))) >= cap * ESTIMATE_MARGIN) return cap + 1;
  const [{ n }] = await cappedCount(db, table, where, cap);
  return n;
}

/** The bounded count itself, as a query (to run, or to prepare with placeholders in `where`). */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined, cap = COUNT_CAP) {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(cap + 1);
  return db.select({ n: sql<number>`count(*)::int` }).from(matching.as("matches"));
}

type PlanRow = { "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] | string };

const dialect = new PgDialect();

/**
 * Estimates are reused for a minute. They move when PostgreSQL's statistics do (ANALYZE, by
 * autovacuum), not between one request and the next, and planning a contains-search over a million
 * payments costs a good part of what its page does. Paging through a search asks the same count again.
 */
const ESTIMATE_TTL_MS = 60_000;
const estimates = new WeakMap<Db, LRUCache<string, number>>();

/** PostgreSQL's own estimate of how many rows a query returns (EXPLAIN, nothing executed). */
export async function estimateRows(db: Db, query: SQLWrapper): Promise<number> {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  const key = `${text}\u0000${JSON.stringify(params)}`;
  let cache = estimates.get(db);
  if (!cache) estimates.set(db, (cache = new LRUCache({ max: 500, ttl: ESTIMATE_TTL_MS })));
  const known = cache.get(key);
  if (known !== undefined) return known;
  const result = (await db.execute(sql`explain (format json) ${query}`)) as unknown as { rows: PlanRow[] };
  const plan = result.rows[0]["QUERY PLAN"];
  const rows = (typeof plan === "string" ? (JSON.parse(plan) as Exclude<PlanRow["QUERY PLAN"], string>) : plan)[0].Plan["Plan Rows"];
  cache.set(key, rows);
  return rows;
}
