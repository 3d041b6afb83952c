import { sql, type AnyColumn, type SQL } from "drizzle-orm";

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
