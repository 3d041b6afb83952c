import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { users } from "./users";

/**
 * Every file stored through a signed upload URL, from the moment it arrives: whose company it counts
 * against (the quota of unattached uploads) and whether a record uses it yet. A file that stays
 * unattached past UPLOAD_PENDING_HOURS is removed by the clean-up (server/storage/ledger.ts).
 */
export const uploads = pgTable(
  "uploads",
  {
    storagePath: text("storage_path").primaryKey(),
    /** What it is for (the path's folder kind: logo, avatar…). */
    kind: text("kind").notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** The uploader's company (null for the consultancy's ADMINs); not a cascade, so it is no tenant data. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "set null" }),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a record (a user's avatar, a company's logo…) started using it; null while unattached. */
    attachedAt: timestamp("attached_at", { withTimezone: true }),
  },
  (t) => [index("uploads_pending_idx").on(t.companyId, t.createdAt).where(sql`${t.attachedAt} is null`)],
);

export type UploadRow = typeof uploads.$inferSelect;
