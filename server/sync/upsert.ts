import { and, eq, getTableColumns, getTableName, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import type { DataSource, SyncCounts } from "../../src/domain/sync";

/**
 * Idempotent writes of synced rows. A row is inserted when its natural key is new, updated only
 * when something the source owns differs (so a second run with the same source changes nothing,
 * not even updated_at), and left alone otherwise. Hand-edited fields (internal notes, isPublic,
 * local links) are never in the update: they are written once, when the row is created.
 */

type SyncedTable = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn; source: AnyPgColumn; externalId: AnyPgColumn; sourceMissingSince: AnyPgColumn };

export interface UpsertSpec<Values extends Record<string, unknown>> {
  table: SyncedTable;
  /** The unique index the upsert lands on (company + natural key). */
  target: AnyPgColumn[];
  /** Source-owned fields: compared, and overwritten when they differ. */
  owned: (keyof Values & string)[];
  /** Columns read back for every written row (besides id and whether it was created). */
  returning?: Record<string, AnyPgColumn>;
  /** Rows per statement (PostgreSQL takes at most 65,535 parameters). */
  batch?: number;
}

export interface UpsertResult<Returned> {
  created: number;
  updated: number;
  unchanged: number;
  written: (Returned & { id: number; created: boolean })[];
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function upsertSynced<Values extends Record<string, unknown>, Returned extends Record<string, unknown> = Record<string, never>>(
  db: Db,
  spec: UpsertSpec<Values>,
  rows: (Values & { companyId: number })[],
  now: Date,
): Promise<UpsertResult<Returned>> {
  const columns = getTableColumns(spec.table) as Record<string, AnyPgColumn>;
  const tableName = quoted(getTableName(spec.table));
  const ownedColumns = spec.owned.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`upsertSynced: ${key} não é coluna de ${getTableName(spec.table)}`);
    return column;
  });
  const set: Record<string, SQL> = {};
  for (const [key, column] of spec.owned.map((k, i) => [k, ownedColumns[i]] as const)) set[key] = sql.raw(`excluded.${quoted(column.name)}`);
  set.syncedAt = sql`${now.toISOString()}::timestamptz`;
  set.sourceMissingSince = sql`null`;
  if ("updatedAt" in columns) set.updatedAt = sql`${now.toISOString()}::timestamptz`;
  // A form opened before the sync changed the row gets the stale-edit 409 (issue 10's version).
  if ("version" in columns) set.version = sql.raw(`${tableName}.${quoted(columns.version.name)} + 1`);
  const current = ownedColumns.map((c) => `${tableName}.${quoted(c.name)}`).join(", ");
  const incoming = ownedColumns.map((c) => `excluded.${quoted(c.name)}`).join(", ");
  // Only a real difference (or a row coming back to the source) is an update.
  const changed = sql.raw(`(${current}) is distinct from (${incoming}) or ${tableName}.${quoted(columns.sourceMissingSince.name)} is not null`);

  const result: UpsertResult<Returned> = { created: 0, updated: 0, unchanged: 0, written: [] };
  const size = spec.batch ?? 500;
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size).map((row) => ({ ...row, syncedAt: now, sourceMissingSince: null }));
    const written = (await db
      .insert(spec.table)
      .values(slice as never)
      .onConflictDoUpdate({ target: spec.target, set, setWhere: changed })
      .returning({ id: spec.table.id, created: sql<boolean>`(xmax = 0)`, ...(spec.returning ?? {}) })) as unknown as (Returned & { id: number; created: boolean })[];
    for (const row of written) {
      if (row.created) result.created += 1;
      else result.updated += 1;
    }
    result.unchanged += slice.length - written.length;
    result.written.push(...written);
  }
  return result;
}

/**
 * Marks the rows of `source` in the company that the source no longer has (their natural keys are
 * not in `seen`). They stay, with the day they went missing; a later sync that sees them clears it.
 */
export async function markMissing<Returned extends Record<string, AnyPgColumn> = Record<string, never>>(
  db: Db,
  table: SyncedTable,
  companyId: number,
  source: DataSource,
  seen: string[],
  now: Date,
  returning?: Returned,
): Promise<{ id: number; [key: string]: unknown }[]> {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const changes: Record<string, unknown> = { sourceMissingSince: now };
  if ("updatedAt" in columns) changes.updatedAt = now;
  if ("version" in columns) changes.version = sql.raw(`${quoted(columns.version.name)} + 1`);
  const marked = await db
    .update(table)
    .set(changes as never)
    .where(and(eq(table.companyId, companyId), eq(table.source, source), isNull(table.sourceMissingSince), seen.length ? notInArray(table.externalId, seen) : undefined))
    .returning({ id: table.id, ...(returning ?? {}) });
  return marked as { id: number; [key: string]: unknown }[];
}

export const addCounts = (a: SyncCounts, b: Partial<SyncCounts>): SyncCounts => ({
  created: a.created + (b.created ?? 0),
  updated: a.updated + (b.updated ?? 0),
  unchanged: a.unchanged + (b.unchanged ?? 0),
  skipped: a.skipped + (b.skipped ?? 0),
  failed: a.failed + (b.failed ?? 0),
});
