import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { ClientReportData, ClientReportMailStatus, ClientReportTrigger } from "../../../src/domain/client-reports";
import { companies } from "./companies";
import { users } from "./users";

/**
 * The monthly client report (issue 33 item 4), archived per client: one row per generation (the
 * schedule's on the first business day, or "Gerar agora"), with the figures it was built from (`data`,
 * the report's JSON twin: the PDF is rendered from it, so the two can never disagree), where its PDF is
 * stored and to whom it was e-mailed.
 */
export const clientReports = pgTable(
  "client_reports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The month reported, AAAA-MM. */
    month: varchar("month", { length: 7 }).notNull(),
    trigger: varchar("trigger", { length: 10 }).$type<ClientReportTrigger>().notNull(),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    data: jsonb("data").$type<ClientReportData>().notNull(),
    /** The PDF in the file store (client-reports/{companyId}/{uuid}.pdf); rendered again from `data` when missing. */
    storagePath: text("storage_path").notNull(),
    mailStatus: varchar("mail_status", { length: 14 }).$type<ClientReportMailStatus>().notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    mailError: text("mail_error"),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_reports_company_month_idx").on(t.companyId, t.month, t.generatedAt), index("client_reports_generated_idx").on(t.generatedAt, t.id)],
);

export type ClientReportRow = typeof clientReports.$inferSelect;
