import { boolean, date, integer, numeric, pgTable, primaryKey, smallint, text, unique } from "drizzle-orm/pg-core";
import { proposalStatusEnum } from "./captacao";
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

/** An exact running sum of values that are added and subtracted again (days as numeric, never float drift). */
const exact = (name: string) => numeric(name).notNull().default("0");

/**
 * proposal_facts summed by everything the proposal report and the fundraising funnel filter or group
 * by: year, status, grantor, program, the statuses reached and the open status. It follows
 * proposal_facts itself (migration 0034: a trigger adds each inserted facts row and subtracts each
 * deleted one), so across every municipality the reports sum a few hundred rows, not every proposal.
 * `open_since_epoch` is the sum of the open spans' start (epoch seconds): with `count` it gives the open
 * days up to any instant.
 */
export const reportProposalTotals = pgTable(
  "report_proposal_totals",
  {
    year: smallint("year"),
    status: proposalStatusEnum("status").notNull(),
    grantorId: integer("grantor_id"),
    programId: integer("program_id"),
    reached: text("reached").array().notNull(),
    openStatus: text("open_status"),
    count: integer("count").notNull().default(0),
    transferValue: sum("transfer_value"),
    globalValue: sum("global_value"),
    daysCadastrada: exact("days_cadastrada"),
    daysEnviadaAnalise: exact("days_enviada_analise"),
    daysEmAnalise: exact("days_em_analise"),
    daysComplementacaoSolicitada: exact("days_complementacao_solicitada"),
    daysComplementacaoEnviada: exact("days_complementacao_enviada"),
    daysAprovada: exact("days_aprovada"),
    openSinceEpoch: exact("open_since_epoch"),
  },
  (t) => [unique("report_proposal_totals_key").on(t.year, t.status, t.grantorId, t.programId, t.reached, t.openStatus).nullsNotDistinct()],
);
