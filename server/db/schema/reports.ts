import { boolean, date, integer, numeric, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { paymentKindEnum, paymentStatusEnum } from "./transfers";

/**
 * Rollups for the reports across every municipality (an ADMIN without a chosen client), where summing
 * the national tables on each request would read 200,000 transfers or 1,000,000 payments. They are
 * EXACT: statement-level triggers (migration 0023_reports_sql) add each inserted row and subtract each
 * deleted one, inside the statement's own transaction, for every writer (API, sync, SICONV import,
 * cascades); the migration fills them from the data already there. A company's reports read its own
 * rows directly (through its indexes) and never these tables.
 */

const sum = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull().default("0");

/**
 * Transfers by kind and year, along one dimension at a time: `situation` (key: the situation code),
 * `grantor` (key: the acronym, label: the name) or `parliamentarian` (key: the name). `captured`: not
 * impeded, cancelled, annulled or rescinded (NOT_CAPTURED of src/domain/reports.ts).
 */
export const reportTransferTotals = pgTable(
  "report_transfer_totals",
  {
    dimension: text("dimension").notNull(),
    kind: text("kind").notNull(),
    year: smallint("year").notNull(),
    key: text("key").notNull(),
    captured: boolean("captured").notNull(),
    label: text("label").notNull().default(""),
    count: integer("count").notNull().default(0),
    plannedValue: sum("planned_value"),
    committedValue: sum("committed_value"),
    paidValue: sum("paid_value"),
  },
  (t) => [primaryKey({ name: "report_transfer_totals_pkey", columns: [t.dimension, t.kind, t.year, t.key, t.captured] })],
);

/** Payments by month (first day), kind and status. */
export const reportPaymentTotals = pgTable(
  "report_payment_totals",
  {
    month: date("month").notNull(),
    kind: paymentKindEnum("kind").notNull(),
    status: paymentStatusEnum("status").notNull(),
    count: integer("count").notNull().default(0),
    amount: sum("amount"),
  },
  (t) => [primaryKey({ name: "report_payment_totals_pkey", columns: [t.month, t.kind, t.status] })],
);

/** Payments with a payee by payee (name and document, '' when none), month, kind and status. */
export const reportPayeeTotals = pgTable(
  "report_payee_totals",
  {
    payee: text("payee").notNull(),
    document: text("document").notNull(),
    month: date("month").notNull(),
    kind: paymentKindEnum("kind").notNull(),
    status: paymentStatusEnum("status").notNull(),
    count: integer("count").notNull().default(0),
    amount: sum("amount"),
  },
  (t) => [primaryKey({ name: "report_payee_totals_pkey", columns: [t.payee, t.document, t.month, t.kind, t.status] })],
);
