import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The rate limits' counters when several instances share one PostgreSQL (server/limits/shared-store.ts):
 * one row per limited route and client, counting hits until `resets_at`. A row past its reset is
 * started over by the next hit and deleted by the store's periodic sweep. Unused on PGlite (one process
 * counts in memory).
 */
export const rateLimits = pgTable("rate_limits", {
  /** The route (method and pattern) and the client's key (its address, or what the route counts by). */
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
});
