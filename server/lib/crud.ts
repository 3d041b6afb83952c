import type { FastifyReply } from "fastify";
import { and, type SQL } from "drizzle-orm";
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

