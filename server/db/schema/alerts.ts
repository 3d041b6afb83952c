import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { ALERT_AUDIENCES, ALERT_SEVERITIES } from "../../../src/domain/alerts";
import { timestamps, versioned } from "./companies";
import { users } from "./users";

/**
 * The consultancy's notices (shared: no company_id). `company_ids` lists the chosen municipalities
 * when the audience is CHOSEN; reading is per person (`alert_reads`).
 */
export const alertSeverityEnum = pgEnum("alert_severity", ALERT_SEVERITIES);
export const alertAudienceEnum = pgEnum("alert_audience", ALERT_AUDIENCES);

export const alerts = pgTable(
  "alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 160 }).notNull(),
    message: text("message").notNull(),
    severity: alertSeverityEnum("severity").notNull().default("INFO"),
    audience: alertAudienceEnum("audience").notNull().default("ALL"),
    companyIds: jsonb("company_ids").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    validFrom: date("valid_from").notNull(),
    validUntil: date("valid_until"),
    linkUrl: text("link_url"),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("alerts_valid_idx").on(t.validFrom, t.validUntil)],
);

export const alertReads = pgTable(
  "alert_reads",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index("alert_reads_user_idx").on(t.userId)],
);
