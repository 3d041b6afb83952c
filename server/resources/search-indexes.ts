import { getTableName, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Resource } from "./define-resource";

/** Every resource defined in this process, in definition order (defineResource adds itself). */
export const definedResources: Resource[] = [];

/** The trigram index a searchable column needs, named after its table and column. */
export function searchIndexesOf(resource: Resource): { name: string; table: string; column: string }[] {
  const table = getTableName(resource.table);
  return (resource.list.search ?? []).map((column) => ({ name: `${table}_${column.name}_search_idx`.slice(0, 63), table, column: column.name }));
}

/**
 * Creates, when missing, the index behind each searchable field of every resource: a trigram GIN
 * index on the unaccented text, the expression that `q` and `_like` compare (list-query.ts), so a
 * contains-search is an index scan at a million rows instead of a full scan. Idempotent; serialized
 * across instances by an advisory lock; free of the statement timeout (a first build takes a while).
 */
export async function ensureSearchIndexes(db: Db, resources: readonly Resource[] = definedResources): Promise<string[]> {
  const wanted = resources.flatMap(searchIndexesOf);
  if (wanted.length === 0) return [];
  const existing = (await db.execute(sql`select indexname from pg_indexes where schemaname = current_schema()`)) as unknown as { rows: { indexname: string }[] };
  const have = new Set(existing.rows.map((row) => row.indexname));
  const missing = wanted.filter((index, i) => !have.has(index.name) && wanted.findIndex((other) => other.name === index.name) === i);
  for (const index of missing) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sol:search-indexes'))`);
      await tx.execute(
        sql.raw(`create index if not exists "${index.name}" on "${index.table}" using gin (f_unaccent("${index.column}"::text) gin_trgm_ops)`),
      );
    });
  }
  return missing.map((index) => index.name);
}
