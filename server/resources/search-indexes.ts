import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Resource } from "./define-resource";

/** Every resource defined in this process, in definition order (defineResource adds itself). */
export const definedResources: Resource[] = [];

/**
 * The trigram index a searchable column needs, named after its table and column. On a table with
 * company_id the index leads with it (btree_gin, migration 0017): one municipality's search then walks
 * its own few hundred entries instead of the national posting list of a common word (34,691 rows for
 * "engenharia" at a million payments: 27 ms, now about 1 ms), and a national search still uses the
 * trigram column alone. `sampled` is the position of the expression whose statistics the planner reads.
 */
export interface SearchIndex {
  name: string;
  table: string;
  column: string;
  tenant: boolean;
  /** The index's key definition, e.g. `company_id, f_unaccent("payee_name"::text) gin_trgm_ops`. */
  keys: string;
  sampled: 1 | 2;
  /** The single-column index an earlier version made in its place, dropped once this one exists. */
  replaces?: string;
}

export function searchIndexesOf(resource: Resource): SearchIndex[] {
  const table = getTableName(resource.table);
  const tenant = "companyId" in getTableColumns(resource.table);
  return (resource.list.search ?? []).map((column) => {
    const trigram = `f_unaccent("${column.name}"::text) gin_trgm_ops`;
    const single = `${table}_${column.name}_search_idx`.slice(0, 63);
    if (!tenant) return { name: single, table, column: column.name, tenant, keys: trigram, sampled: 1 };
    const name = `${table}_${column.name}_tenant_search_idx`.slice(0, 63);
    return { name, table, column: column.name, tenant, keys: `company_id, ${trigram}`, sampled: 2, replaces: single };
  });
}

/**
 * Statistics samples kept for each search index's expression. A contains-search's row estimate comes
 * from testing the pattern against these samples; with the default 100, a word in 3% of a million
 * payments was estimated at 300 rows and one in none at 4,800, so the planner walked the sort index
 * through every row for a search with no match (6 s) and bitmap-scanned 35,000 rows for a common one.
 * With 1,000 the estimates land within a few percent and both answer in milliseconds.
 */
export const SEARCH_STATISTICS = 1000;

/**
 * Creates, when missing, the index behind each searchable field of every resource: a trigram GIN
 * index on the unaccented text, the expression that `q` and `_like` compare (list-query.ts), so a
 * contains-search is an index scan at a million rows instead of a full scan; and gives its expression
 * SEARCH_STATISTICS samples (then analyzes the table once), so the planner knows how common a word is.
 * Idempotent; serialized across instances by an advisory lock; free of the statement timeout (a first
 * build takes a while).
 */
export async function ensureSearchIndexes(db: Db, resources: readonly Resource[] = definedResources): Promise<string[]> {
  const wanted = resources.flatMap(searchIndexesOf).filter((index, i, all) => all.findIndex((other) => other.name === index.name) === i);
  if (wanted.length === 0) return [];
  const existing = (await db.execute(
    sql`select c.relname as name, max(a.attstattarget) filter (where a.attnum <= 2) as target from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relkind = 'i' and c.relnamespace = current_schema()::regnamespace group by c.relname`,
  )) as unknown as { rows: { name: string; target: number | null }[] };
  const targets = new Map(existing.rows.map((row) => [row.name, row.target]));
  const stale = wanted.flatMap((index) => (index.replaces && targets.has(index.replaces) ? [index.replaces] : []));
  const missing = wanted.filter((index) => !targets.has(index.name));
  const unsampled = wanted.filter((index) => targets.get(index.name) !== SEARCH_STATISTICS);
  for (const index of unsampled) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sol:search-indexes'))`);
      await tx.execute(
        sql.raw(`create index if not exists "${index.name}" on "${index.table}" using gin (${index.keys})`),
      );
      await tx.execute(sql.raw(`alter index "${index.name}" alter column ${index.sampled} set statistics ${SEARCH_STATISTICS}`));
    });
  }
  for (const name of stale) await db.execute(sql.raw(`drop index if exists "${name}"`));
  for (const table of new Set(unsampled.map((index) => index.table))) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql.raw(`analyze "${table}"`));
    });
  }
  return missing.map((index) => index.name);
}
