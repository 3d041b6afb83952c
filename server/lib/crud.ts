import type { FastifyReply } from "fastify";
import { and, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { parseListQuery, type ListQuery, type ListSpec, type RawQuery } from "./list-query";

export interface ListSource<Row> {
  /** The page of rows for the parsed query (where, orderBy, limit, offset). */
  rows(query: ListQuery): Promise<Row[]>;
  /** How many rows match `where` in all (the X-Total-Count header). */
  count(where: SQL | undefined): Promise<number>;
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
  const [rows, total] = await Promise.all([source.rows({ ...parsed, where }), source.count(where)]);
  reply.header("x-total-count", String(total));
  reply.header("access-control-expose-headers", "X-Total-Count");
  return rows;
}


/** Past this many matches a list's total is reported as COUNT_CAP + 1, meaning "more than COUNT_CAP". */
export const COUNT_CAP = 10_000;

/**
 * How many rows match, counted exactly up to `cap` and reported as `cap + 1` beyond it. A national
 * filter over a million payments then costs a bounded scan instead of a full one; nobody pages past
 * ten thousand rows, they narrow the filter.
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap = COUNT_CAP): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(table).where(where).limit(cap + 1).as("matches");
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return n;
}
