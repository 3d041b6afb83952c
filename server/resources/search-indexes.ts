import { getTableColumns, getTableName } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The trigram index a searchable column needs, named after its table and column. The indexes
 * themselves are made by the migrations (0035_search_indexes.sql): a resource's new searchable field
 * needs a migration with its index, and the resource contract test (tests/support/resource-contract.ts)
 * fails until it exists. On a table with company_id the index leads with it (btree_gin, migration
 * 0017): one municipality's search then walks its own few hundred entries instead of the national
 * posting list of a common word (34,691 rows for "engenharia" at a million payments: 27 ms, now about
 * 1 ms), and a national search still uses the trigram column alone. `sampled` is the position of the
 * expression whose statistics the planner reads.
 */
export interface SearchIndex {
  name: string;
  table: string;
  column: string;
  tenant: boolean;
  /** The index's key definition, e.g. `company_id, f_unaccent("payee_name"::text) gin_trgm_ops`. */
  keys: string;
  sampled: 1 | 2;
  /** The single-column index an earlier version made in its place (dropped by the migration). */
  replaces?: string;
}

/** The indexes behind a list's searchable columns (`list.search` of a resource). */
export function searchIndexesOf(search: readonly AnyPgColumn[]): SearchIndex[] {
  return search.map((column) => {
    const table = getTableName(column.table);
    const tenant = "companyId" in getTableColumns(column.table);
    const trigram = `f_unaccent("${column.name}"::text) gin_trgm_ops`;
    const single = `${table}_${column.name}_search_idx`.slice(0, 63);
    if (!tenant) return { name: single, table, column: column.name, tenant, keys: trigram, sampled: 1 };
    const name = `${table}_${column.name}_tenant_search_idx`.slice(0, 63);
    return { name, table, column: column.name, tenant, keys: `company_id, ${trigram}`, sampled: 2, replaces: single };
  });
}

/**
 * Statistics samples kept for each search index's expression (set by the migration). A contains-search's
 * row estimate comes from testing the pattern against these samples; with the default 100, a word in 3%
 * of a million payments was estimated at 300 rows and one in none at 4,800, so the planner walked the
 * sort index through every row for a search with no match (6 s) and bitmap-scanned 35,000 rows for a
 * common one. With 1,000 the estimates land within a few percent and both answer in milliseconds.
 */
export const SEARCH_STATISTICS = 1000;
