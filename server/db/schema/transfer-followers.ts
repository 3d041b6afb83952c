import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { companies, timestamps } from "./companies";
import { impositionTransfers } from "./transfers";

/**
 * A citizen following one public transfer by e-mail ("Siga a emenda", issue 34): no account, only an
 * address, confirmed by a signed link (double opt-in) and left with one click. notified_state is the
 * transfer's trail as last told to this follower (set at confirmation), so a change is told once:
 * the notice job claims the new state before sending (compare-and-set on notified_hash).
 */
export const transferFollowers = pgTable(
  "transfer_followers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    impositionTransferId: integer("imposition_transfer_id").notNull(),
    /** Lower-cased and trimmed. */
    email: varchar("email", { length: 254 }).notNull(),
    /** PENDING until the link in the confirmation e-mail is opened; UNSUBSCRIBED keeps the row so a link never revives it. */
    status: varchar("status", { length: 12, enum: ["PENDING", "CONFIRMED", "UNSUBSCRIBED"] }).notNull().default("PENDING"),
    /** Random, part of every signed link: a new subscription after leaving invalidates the old links. */
    nonce: varchar("nonce", { length: 32 }).notNull(),
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    notifiedState: jsonb("notified_state").$type<Record<string, unknown>>(),
    notifiedHash: varchar("notified_hash", { length: 64 }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "transfer_followers_transfer_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    check("transfer_followers_status", sql`${t.status} in ('PENDING', 'CONFIRMED', 'UNSUBSCRIBED')`),
    uniqueIndex("transfer_followers_transfer_email_key").on(t.impositionTransferId, t.email),
    index("transfer_followers_confirmed_idx").on(t.status, t.impositionTransferId),
  ],
);
