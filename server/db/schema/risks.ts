import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { RISK_STATES } from "../../../src/domain/risks";
import { companies, timestamps, versioned } from "./companies";
import { users } from "./users";

/**
 * The risk queue (issue 33) stores only what people do about an item: its owner, its state and its
 * comments, keyed by the item's stable key (`kind:record`). The items themselves are computed from
 * the areas' tables every time (server/risks/queue.ts), never copied here.
 */

/** The impediment calendar, one row per exercise: when impediments are registered and how early to warn. */
export const riskCalendar = pgTable(
  "risk_calendar",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    year: smallint("year").notNull(),
    /** The day the exercise's technical impediments are registered (2026: SIOP, 05/05/2026). */
    impedimentDate: date("impediment_date").notNull(),
    /** How many days before it an unapproved plan enters the queue and the digest. */
    alertDays: integer("alert_days").notNull().default(30),
    /** An emenda account with a balance and no debit for this many months is idle money. */
    idleMonths: integer("idle_months").notNull().default(3),
    notes: text("notes"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("risk_calendar_year_key").on(t.year),
    check("risk_calendar_alert_days", sql`${t.alertDays} between 1 and 180`),
    check("risk_calendar_idle_months", sql`${t.idleMonths} between 1 and 24`),
  ],
);

/** What the consultancy does about one item of one client. */
export const riskHandlings = pgTable(
  "risk_handlings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    itemKey: varchar("item_key", { length: 80 }).notNull(),
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    state: varchar("state", { length: 24, enum: RISK_STATES }).notNull().default("OPEN"),
    snoozedUntil: date("snoozed_until"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("risk_handlings_company_key").on(t.companyId, t.itemKey),
    index("risk_handlings_owner_idx").on(t.ownerUserId),
    check("risk_handlings_snooze", sql`(${t.state} = 'SNOOZED') = (${t.snoozedUntil} is not null)`),
  ],
);

/** The comment thread of an item. */
export const riskComments = pgTable(
  "risk_comments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    itemKey: varchar("item_key", { length: 80 }).notNull(),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: varchar("author_name", { length: 120 }).notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("risk_comments_item_idx").on(t.companyId, t.itemKey, t.createdAt)],
);
