import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The database's own record of which clients' data changed, and in which transaction (issue 33: the
 * risk queue's cache, server/risks/cache.ts). A statement-level trigger on every table the queue
 * reads adds one row per client its statement touched (migration 0047, `record_data_change`); a
 * null client means "every client" (tables with no client of their own: programs, the impediment
 * calendar, the consultancy's people). The rows are compared with a cached result's
 * `pg_current_snapshot()`: a change committed since that snapshot was taken makes it stale.
 */

/** PostgreSQL's 64-bit transaction id (`pg_current_xact_id()`), read and written as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

export const dataChanges = pgTable(
  "data_changes",
  {
    /** The writing transaction (top-level), set by the column's default inside the trigger. */
    txid: xid8("txid")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    /** The client whose rows changed; null: any client may be affected. */
    companyId: integer("company_id"),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("data_changes_txid_idx").on(t.txid)],
);

/**
 * The pruner's memory (one row): the snapshot its previous run took. Rows of transactions older than
 * that snapshot's xmin are visible to every snapshot a cache may still hold, so they can go.
 */
export const dataChangeHorizon = pgTable("data_change_horizon", {
  id: boolean("id").primaryKey().default(true),
  /** `pg_current_snapshot()` as text. */
  snapshot: text("snapshot").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
});
