import { createHash } from "node:crypto";
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
  /** The statement's text (Drizzle's builders have it); without it a statement is never named. */
  toSQL?(): { sql: string };
}

/**
 * How many distinct statements this process names (prepares once per connection and keeps there).
 * Each named statement stays in every pooled connection for the connection's life, and shapes are
 * the caller's choice (filters, value counts, sorts), so the set must be bounded: past the budget a
 * new shape runs unnamed, as every shape did before (parsed and planned on each request).
 */
export const NAMED_STATEMENT_BUDGET = 100;
const named = new Set<string>();

/**
 * The name a statement is kept under on PostgreSQL's connections, or "" (unnamed: parsed and planned
 * on every run). Planning the payments page took about 1 ms against 0.2 ms to run it, the largest
 * fixed cost of a list request: a named statement is parsed once per connection and, after a few
 * runs, PostgreSQL may keep one generic plan. The name is the text's hash, so a name never stands
 * for two texts (pg refuses that) and two lists with the same SQL share one statement.
 */
export function statementName(statement: Pick<Preparable<unknown>, "toSQL">, reusable: boolean): string {
  if (!reusable || !statement.toSQL) return "";
  const name = `sol_${createHash("sha1").update(statement.toSQL().sql).digest("hex").slice(0, 24)}`;
  if (named.has(name)) return name;
  if (named.size >= NAMED_STATEMENT_BUDGET) return "";
  named.add(name);
  return name;
}

/**
 * Whether a list's statement may be named, so PostgreSQL may come to run it with one generic plan.
 * Only within one client (a company's rows, found by its index, are few enough that any plan reads
 * them quickly) and without a contains-search, whose best plan depends on how common its word is (an
 * index walk for a rare word, the date order for a common one), which a generic plan cannot know.
 * Across every client a filter's value decides the plan over a million rows: those stay unnamed.
 */
export const planIsValueFree = (shape: string, national: boolean) => !national && !/(^|\|)q:|:like:/.test(shape);

/**
 * Built statements by list shape, the most recently used `max` of them. Building and rendering a
 * select through Drizzle was the largest share of a list request's CPU; a list's shapes are few (the
 * filters a screen offers), so most requests reuse one. A statement is named on PostgreSQL only when
 * the caller says its plan does not depend on its values, and within NAMED_STATEMENT_BUDGET: a named
 * one stays in every connection for good, and the caller chooses the shapes.
 */
export class StatementCache<T> {
  private readonly statements = new Map<string, Executable<T>>();

  constructor(private readonly max = 200) {}

  /** `reusable`: the statement may be named on the connections (statementName). */
  get(shape: string, build: () => Preparable<T>, reusable = false): Executable<T> {
    const cached = this.statements.get(shape);
    if (cached) {
      this.statements.delete(shape);
      this.statements.set(shape, cached);
      return cached;
    }
    const query = build();
    const statement = query.prepare(statementName(query, reusable));
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
    const reusable = planIsValueFree(query.shape, national);
    const rows = pages.get(query.shape, () => page(query), reusable).execute(query.params);
    const counted = national
      ? countUpTo(db, table, parseListQuery(raw, spec, scopes).where, { national: true })
      : counts
          .get(query.shape, () => cappedCount(db, table, query.where), reusable)
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
