import type { FastifyReply } from "fastify";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { cappedCount, countUpTo, sendPage } from "./paging";
import { parseListQuery, parseListShape, type ListSpec, type RawQuery, type ScopeCondition, type ShapedListQuery } from "./list-query";

/** A query built once and run many times with different placeholder values. */
export interface Executable<T> {
  execute(placeholders?: Record<string, unknown>): Promise<T>;
}
export interface Preparable<T> {
  prepare(name: string): Executable<T>;
}

/**
 * Built statements by list shape, the most recently used `max` of them. Building and rendering a
 * select through Drizzle was the largest share of a list request's CPU; a list's shapes are few (the
 * filters a screen offers), so most requests reuse one. Statements are unnamed for PostgreSQL: a
 * named one would stay in every connection for good, and the caller chooses the shapes.
 */
export class StatementCache<T> {
  private readonly statements = new Map<string, Executable<T>>();

  constructor(private readonly max = 200) {}

  get(shape: string, build: () => Preparable<T>): Executable<T> {
    const cached = this.statements.get(shape);
    if (cached) {
      this.statements.delete(shape);
      this.statements.set(shape, cached);
      return cached;
    }
    const statement = build().prepare("");
    this.statements.set(shape, statement);
    if (this.statements.size > this.max) this.statements.delete(this.statements.keys().next().value!);
    return statement;
  }

  get size(): number {
    return this.statements.size;
  }
}

/**
 * A simple-rest list whose page and count statements are built once per shape (X-Total-Count
 * included). `national` marks a list spanning every company, the one that reaches a million rows:
 * there the count may be answered by the planner's estimate (countUpTo), which needs values inline.
 */
export function preparedList<Row>(db: Db, table: PgTable, spec: ListSpec, page: (query: ShapedListQuery) => Preparable<Row[]>) {
  const pages = new StatementCache<Row[]>();
  const counts = new StatementCache<{ n: number }[]>();
  return async (reply: FastifyReply, raw: RawQuery, scopes: readonly ScopeCondition[], national: boolean): Promise<Row[]> => {
    const query = parseListShape(raw, spec, scopes);
    const rows = pages.get(query.shape, () => page(query)).execute(query.params);
    const counted = national
      ? countUpTo(db, table, parseListQuery(raw, spec, scopes).where, { national: true })
      : counts
          .get(query.shape, () => cappedCount(db, table, query.where))
          .execute(query.params)
          .then(([row]) => row.n);
    const [found, total] = await Promise.all([rows, counted]);
    return sendPage(reply, found, query.page, total, true);
  };
}

const byDatabase = new WeakMap<Db, StatementCache<unknown>>();

/**
 * A fixed-shape statement (its values all placeholders), built once per database and `key`. The
 * key names the call site and any choice that changes the SQL, e.g. `dashboard.totals.imposition:all`.
 */
export function preparedOnce<T>(db: Db, key: string, build: () => Preparable<T>): Executable<T> {
  let cache = byDatabase.get(db);
  if (!cache) byDatabase.set(db, (cache = new StatementCache<unknown>(1000)));
  return cache.get(key, build as () => Preparable<unknown>) as Executable<T>;
}
