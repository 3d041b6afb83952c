import { createHash } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transferegovMirrorRows as rowsTable, transferegovMirrorTables as cursors } from "../../db/schema";
import { sameValue, type TransferegovClient } from "./client";
import { PAGE_SIZE, columnsOf, type Row, type TableName } from "./tables";

/**
 * The national mirror (issue 32 item 1). The `especiais` hops below take one id per filter, so the
 * per-plan chain costs one request per plan and table for every client, every night. Read whole,
 * page by page, they cost their national row count ÷ 200 once, whatever the number of clients:
 * the nightly sync refreshes them here first, and every client's sync then asks the mirror what it
 * would have asked the API, filter by filter, so the records it derives are the per-plan path's.
 * Only what the API filters by the municipality's CNPJ (bank statement, returns) and the
 * `fundoafundo` lists are still asked per client.
 *
 * The read is resumable: each page is written together with the table's cursor (the next page), so
 * a restart continues where the last committed page left off. It is idempotent: a row is written
 * only when it is new or differs, and a table already read whole at the module's current
 * `data-atualizacao` is not read again. Rows the source no longer has are removed once a whole read
 * of the new version ends. One page is held in memory at a time.
 */

interface MirroredTable {
  /** The filter the sync asks this table by: the only one the mirror answers. */
  lookup: string;
  /** The row's id at the source; without one (or when it is empty) the row's hash is its key. */
  id?: readonly string[];
}

export const MIRRORED = {
  "especiais/beneficiarios_especiais": { lookup: "cnpj_beneficiario", id: ["id_beneficiario"] },
  "especiais/planos_acao_especiais": { lookup: "id_beneficiario", id: ["id_plano_acao"] },
  "especiais/planos_trabalho_especiais": { lookup: "id_plano_acao", id: ["id_plano_trabalho"] },
  "especiais/empenhos_especiais": { lookup: "id_plano_acao", id: ["id_empenho"] },
  "especiais/documentos_habeis_especiais": { lookup: "id_empenho", id: ["id_dh"] },
  "especiais/ordens_pagamentos_ordens_bancarias_especiais": { lookup: "id_dh", id: ["id_op_ob"] },
  "especiais/saldo_conta_gestao_financeira_especiais": { lookup: "id_agencia_conta" },
  "especiais/programas_especiais": { lookup: "id_programa", id: ["id_programa"] },
  "especiais/gestao_financeira_subtransacoes_especiais": { lookup: "id_lancamento_gestao_financeira", id: ["id_subtransacao_gestao_financeira"] },
  "especiais/planos_trabalho_analises_especiais": { lookup: "id_plano_trabalho", id: ["id_plano_trabalho_analise_pt"] },
  "especiais/plano_trabalho_analise_historico_especiais": { lookup: "id_plano_trabalho_analise_pt" },
  "especiais/orgaos_analises_pendentes_especiais": { lookup: "id_plano_trabalho", id: ["id_plano_trabalho", "id_orgao_analise_pendente_pt"] },
} as const satisfies Partial<Record<TableName, MirroredTable>>;

export type MirroredTableName = keyof typeof MIRRORED;
export const MIRRORED_TABLES = Object.keys(MIRRORED) as MirroredTableName[];
const MODULE = "especiais" as const;

const isMirrored = (table: TableName): table is MirroredTableName => table in MIRRORED;

/**
 * A lookup value as the mirror indexes it: trimmed, and where it is a number or a document, its
 * digits without punctuation or leading zeros — the same equivalence the client's filter check
 * accepts (`sameValue`), so "0903" finds 903 and a formatted CNPJ finds its digits.
 */
export function lookupKey(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === "") return null;
  const digits = text.replace(/[./-]/g, "");
  return /^\d+$/.test(digits) ? digits.replace(/^0+(?=\d)/, "") : text;
}

/** The row's key: its source id, or a hash of what it says where the source gives it no id. */
function rowKeyOf(table: MirroredTableName, row: Record<string, unknown>): string {
  const spec: MirroredTable = MIRRORED[table];
  const ids = spec.id?.map((column) => lookupKey(row[column]));
  if (ids && ids.every((id) => id !== null)) return ids.join(":");
  const canonical = JSON.stringify(columnsOf(table).map((column) => row[column] ?? null));
  return `#${createHash("sha1").update(canonical).digest("hex")}`;
}

export interface MirrorTableResult {
  table: MirroredTableName;
  /** Pages asked in this refresh (0 when the table was already whole at this version). */
  pages: number;
  rowsWritten: number;
  rowsRefused: number;
  rowsRemoved: number;
}

export interface MirrorRefresh {
  /** The module's data-atualizacao the mirror now holds. */
  sourceVersion: string;
  tables: MirrorTableResult[];
  requests: number;
  /** Every table whole at sourceVersion. */
  complete: boolean;
}

export interface RefreshOptions {
  onProgress?: (progress: { table: MirroredTableName; page: number; totalPages: number }) => void;
  clock?: () => Date;
  /** Checked between pages: a stop leaves the cursor at the next page, for the next run to continue. */
  signal?: AbortSignal;
}

/**
 * Reads every mirrored table whole (or what is left of it), page after page at the client's pace.
 * A table whose cursor belongs to an older data-atualizacao starts over from page 1 (the source was
 * reloaded; its pages shifted).
 */
export async function refreshMirror(db: Db, client: TransferegovClient, options: RefreshOptions = {}): Promise<MirrorRefresh> {
  const clock = options.clock ?? (() => new Date());
  const requestsBefore = client.requests;
  const sourceVersion = await client.freshness(MODULE);
  const results: MirrorTableResult[] = [];
  for (const table of MIRRORED_TABLES) results.push(await refreshTable(db, client, table, sourceVersion, clock, options));
  return { sourceVersion, tables: results, requests: client.requests - requestsBefore, complete: true };
}

async function refreshTable(db: Db, client: TransferegovClient, table: MirroredTableName, sourceVersion: string, clock: () => Date, options: RefreshOptions): Promise<MirrorTableResult> {
  const result: MirrorTableResult = { table, pages: 0, rowsWritten: 0, rowsRefused: 0, rowsRemoved: 0 };
  let [cursor] = await db.select().from(cursors).where(eq(cursors.tableName, table)).limit(1);
  if (cursor?.sourceVersion === sourceVersion && cursor.completedAt) return result;
  if (!cursor || cursor.sourceVersion !== sourceVersion) {
    const fresh = { tableName: table, sourceVersion, nextPage: 1, totalPages: null, totalItems: null, rowsWritten: 0, rowsRefused: 0, startedAt: clock(), completedAt: null, updatedAt: clock() };
    [cursor] = await db.insert(cursors).values(fresh).onConflictDoUpdate({ target: cursors.tableName, set: fresh }).returning();
  }
  const size = PAGE_SIZE[MODULE];
  let number = cursor.nextPage;
  let totalPages = cursor.totalPages ?? Number.POSITIVE_INFINITY;
  while (number <= totalPages) {
    if (options.signal?.aborted) throw new Error(`Leitura do espelho interrompida em ${table}, página ${number}.`);
    const page = await client.page(table, {}, number);
    result.pages += 1;
    totalPages = page.totalPages;
    const { written, refused } = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      const counts = await writePage(tx, table, page.rows as Record<string, unknown>[], (number - 1) * size, sourceVersion);
      await tx
        .update(cursors)
        .set({
          nextPage: number + 1,
          totalPages: page.totalPages,
          totalItems: page.totalItems,
          rowsWritten: sql`${cursors.rowsWritten} + ${counts.written}`,
          rowsRefused: sql`${cursors.rowsRefused} + ${counts.refused}`,
          updatedAt: clock(),
        })
        .where(eq(cursors.tableName, table));
      return counts;
    });
    result.rowsWritten += written;
    result.rowsRefused += refused;
    options.onProgress?.({ table, page: number, totalPages });
    number += 1;
    // An empty page before the announced end: the table is shorter than announced, it ends here.
    if (page.rows.length === 0) break;
  }
  // The whole table was read at this version: what it no longer has is gone from the source.
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const removed = await tx
      .delete(rowsTable)
      .where(and(eq(rowsTable.tableName, table), ne(rowsTable.sourceVersion, sourceVersion)))
      .returning({ key: rowsTable.rowKey });
    result.rowsRemoved = removed.length;
    await tx.update(cursors).set({ completedAt: clock(), updatedAt: clock() }).where(eq(cursors.tableName, table));
  });
  return result;
}

/**
 * One page into the mirror: a row without the column it is looked up by is refused (it could never
 * be found); a row is written only when new or different (a second read writes nothing).
 */
async function writePage(tx: Db, table: MirroredTableName, rows: Record<string, unknown>[], offset: number, sourceVersion: string): Promise<{ written: number; refused: number }> {
  const values = new Map<string, typeof rowsTable.$inferInsert>();
  let refused = 0;
  for (const [index, row] of rows.entries()) {
    const parentKey = lookupKey(row[MIRRORED[table].lookup]);
    if (parentKey === null) {
      refused += 1;
      continue;
    }
    const rowKey = rowKeyOf(table, row);
    values.set(rowKey, { tableName: table, rowKey, parentKey, position: offset + index, sourceVersion, row });
  }
  if (values.size === 0) return { written: 0, refused };
  const written = await tx
    .insert(rowsTable)
    .values([...values.values()])
    .onConflictDoUpdate({
      target: [rowsTable.tableName, rowsTable.rowKey],
      set: { parentKey: sql.raw("excluded.parent_key"), position: sql.raw("excluded.position"), sourceVersion: sql.raw("excluded.source_version"), row: sql.raw("excluded.row") },
      setWhere: sql.raw(
        "(transferegov_mirror_rows.parent_key, transferegov_mirror_rows.position, transferegov_mirror_rows.source_version, transferegov_mirror_rows.row) is distinct from (excluded.parent_key, excluded.position, excluded.source_version, excluded.row)",
      ),
    })
    .returning({ key: rowsTable.rowKey });
  return { written: written.length, refused };
}

/**
 * The data-atualizacao the mirror can answer for, when it is fresh: every mirrored table read whole
 * at the module's current data-atualizacao (one request). Null when the source has moved since, a
 * read is unfinished, or the source does not say: the sync then asks per plan.
 */
export async function freshMirrorVersion(db: Db, client: TransferegovClient): Promise<string | null> {
  const tables = await db.select().from(cursors);
  if (tables.length === 0) return null;
  const current = await client.freshness(MODULE).catch(() => null);
  if (current === null) return null;
  const byName = new Map(tables.map((row) => [row.tableName, row]));
  const fresh = MIRRORED_TABLES.every((table) => {
    const cursor = byName.get(table);
    return cursor?.sourceVersion === current && cursor.completedAt !== null;
  });
  return fresh ? current : null;
}

/**
 * A client that answers the mirrored tables' lookups from the mirror and asks the API for
 * everything else (the CNPJ-filtered bank statement and returns, `fundoafundo`, freshness). A
 * lookup answers the rows of that table whose lookup column is the value sent, in the order the
 * national read met them, each checked against the filter like an API answer.
 */
export function mirrorBackedClient(db: Db, client: TransferegovClient): TransferegovClient {
  let refused = 0;
  async function lookup(table: MirroredTableName, value: string): Promise<Record<string, unknown>[]> {
    const key = lookupKey(value);
    if (key === null) return [];
    const found = await db
      .select({ row: rowsTable.row })
      .from(rowsTable)
      .where(and(eq(rowsTable.tableName, table), eq(rowsTable.parentKey, key)))
      .orderBy(asc(rowsTable.position));
    const column = MIRRORED[table].lookup;
    const kept: Record<string, unknown>[] = [];
    for (const { row } of found) {
      if (sameValue(row[column], value)) kept.push(row);
      else refused += 1;
    }
    return kept;
  }
  /** The one filter a mirrored table is looked up by, single-valued; anything else goes to the API. */
  function mirroredLookup(table: TableName, filters: Record<string, unknown>): { table: MirroredTableName; value: string } | null {
    if (!isMirrored(table)) return null;
    const entries = Object.entries(filters);
    if (entries.length !== 1) return null;
    const [name, value] = entries[0];
    if (name !== MIRRORED[table].lookup || (typeof value !== "string" && typeof value !== "number")) return null;
    return { table, value: String(value).trim() };
  }
  return {
    baseUrl: client.baseUrl,
    get requests() {
      return client.requests;
    },
    get skipped() {
      return client.skipped + refused;
    },
    async all(table, filters) {
      const asked = mirroredLookup(table, filters as Record<string, unknown>);
      if (!asked) return client.all(table, filters);
      return (await lookup(asked.table, asked.value)) as Row<typeof table>[];
    },
    page: (table, filters, number) => client.page(table, filters, number),
    allIn: (table, column, ids, options) => client.allIn(table, column, ids, options),
    freshness: (module) => client.freshness(module),
  };
}
