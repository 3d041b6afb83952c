import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The national mirror of Transferegov's single-valued `especiais` tables (issue 32 item 1). Those
 * tables take one id per filter, so asking them per plan costs one request per plan and table for
 * every client; read whole, page by page, they cost their national row count ÷ 200 once a night,
 * whatever the number of clients. Every client's records are then derived from these rows.
 */

/** One row of a mirrored table, as the source answered it. */
export const transferegovMirrorRows = pgTable(
  "transferegov_mirror_rows",
  {
    /** The table, as the client names it ("especiais/empenhos_especiais"). */
    tableName: text("table_name").notNull(),
    /** The row's id at the source (or a hash of the row where the source gives it none). */
    rowKey: text("row_key").notNull(),
    /** The value of the column the sync looks rows up by (id_plano_acao for empenhos…), normalised. */
    parentKey: text("parent_key"),
    /** Where the row came in the national read: the mirror answers rows in the source's order. */
    position: bigint("position", { mode: "number" }).notNull(),
    /** The module's data-atualizacao of the read that last saw the row. */
    sourceVersion: text("source_version").notNull(),
    row: jsonb("row").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.rowKey] }), index("transferegov_mirror_rows_parent_idx").on(t.tableName, t.parentKey)],
);

/**
 * How far the read of each mirrored table has gone: the cursor a restart continues from (the next
 * page of the read of `sourceVersion`), and when the last whole read of that version ended.
 */
export const transferegovMirrorTables = pgTable("transferegov_mirror_tables", {
  tableName: text("table_name").primaryKey(),
  /** The module's data-atualizacao the current (or last) read belongs to. */
  sourceVersion: text("source_version").notNull(),
  /** The next page to read (1-based); past totalPages once the table is whole. */
  nextPage: integer("next_page").notNull().default(1),
  totalPages: integer("total_pages"),
  totalItems: integer("total_items"),
  /** Rows written (new or changed) in the current read: 0 on a night where nothing changed. */
  rowsWritten: integer("rows_written").notNull().default(0),
  /** Rows refused in the current read (no id, no lookup column). */
  rowsRefused: integer("rows_refused").notNull().default(0),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set when the read of sourceVersion reached its last page; null while it is under way. */
  completedAt: timestamp("completed_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type TransferegovMirrorTableRow = typeof transferegovMirrorTables.$inferSelect;
