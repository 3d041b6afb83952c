import { fillPlaceholders, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/** Small pieces the risk area's raw SQL shares. */

/** The rows of a raw query, on PGlite and node-postgres alike. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** `column in (…)` for the clients a queue covers; null: every client. */
export function inCompanies(column: AnyColumn | SQL, ids: readonly number[] | null): SQL {
  if (ids === null) return sql`true`;
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
}

/** A raw column name of an aliased table (`t.company_id`). */
export const col = (name: string) => sql.raw(name);

/** YYYY-MM-DD plus `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** YYYY-MM-DD as dd/mm/aaaa. */
export const brazilianDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** `column = any(:ids)` for a statement prepared once: the clients are a placeholder (an int[]). */
export function anyCompany(column: AnyColumn | SQL, all: boolean): SQL {
  return all ? sql`true` : sql`${column} = any(${sql.placeholder("ids")}::int[])`;
}

/** A statement built once: its SQL text and its parameters (placeholders filled on each run). */
export interface PreparedText {
  name: string;
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/** Renders a statement whose values are all placeholders or constants, once per process. */
export function prepareText(name: string, statement: SQL): PreparedText {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name, text, params };
}

interface QueryClient {
  query(config: { name?: string; text: string; values?: unknown[] } | string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Only PGlite (and its transactions) has it. */
  exec?: unknown;
}

/**
 * Runs a prepared text. On PostgreSQL it is a named statement: each pooled connection parses and
 * plans it on first use and, once its generic plan is as cheap as the custom ones (after five runs),
 * plans it no more; planning was most of the queue's time under load (bench/results/…-fila-de-riscos.md).
 * PGlite has one in-process connection and no such cost: the text is run as is.
 */
export async function runPrepared<T>(db: Db, statement: PreparedText, values: Record<string, unknown>): Promise<T[]> {
  // The database's driver client (a pg Pool or a PGlite instance); inside a transaction, its connection.
  const handle = db as unknown as { $client?: QueryClient; session?: { client?: QueryClient } };
  const client = handle.$client ?? handle.session?.client;
  if (!client) throw new Error("runPrepared: the database handle has no driver client");
  const params = fillPlaceholders(statement.params, values);
  const result = typeof client.exec === "function" ? await client.query(statement.text, params) : await client.query({ name: statement.name, text: statement.text, values: params });
  return result.rows as T[];
}
