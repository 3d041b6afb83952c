import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { ACCOUNT_ENTRY_KINDS, MATCH_STATUSES, RETURN_KINDS } from "../../../src/domain/account-trail";
import { companies, timestamps } from "./companies";
import { dataSourceEnum, impositionTransfers, transactionPayments } from "./transfers";

/**
 * The money trail of an emenda (issue 32): its specific account as the bank reports it to
 * Transferegov (especiais `gestao-financeira-lancamentos`, `-subtransacoes`,
 * `saldo-conta-gestao-financeira`) and its returns (`devolucao-especiais`). Rows are the source's,
 * keyed like every synced table (company + source + external id); the reconciliation with the
 * payments recorded by hand lives on the statement rows (match_*), never as new payments.
 */

/** A tenant row's company (cascade: a client removed takes its synced rows). */
export const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/** The columns of a row read from a source: which, its id there, when, as sent, and since when it is missing. */
export const synced = () => ({
  source: dataSourceEnum("source").notNull(),
  externalId: varchar("external_id", { length: 80 }).notNull(),
  syncedAt: timestamp("synced_at", { withTimezone: true }),
  raw: jsonb("raw").$type<Record<string, unknown>>(),
  sourceMissingSince: timestamp("source_missing_since", { withTimezone: true }),
});

const amount = (name: string) => numeric(name, { precision: 15, scale: 2 });

/** The reconciliation of one statement line with the payments recorded by hand. */
const reconciliation = () => ({
  matchStatus: varchar("match_status", { length: 12, enum: MATCH_STATUSES }).notNull().default("NONE"),
  matchedPaymentId: integer("matched_payment_id").references(() => transactionPayments.id, { onDelete: "set null" }),
  matchNote: text("match_note"),
});

/** One entry of an emenda's bank statement (credit or debit). */
export const transferAccountEntries = pgTable(
  "transfer_account_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    impositionTransferId: integer("imposition_transfer_id").notNull(),
    /** id_agencia_conta: the account the entry moved. */
    accountKey: varchar("account_key", { length: 40 }).notNull(),
    entryDate: date("entry_date").notNull(),
    /** C credit, D debit (tipo_operacao_gestao_financeira). */
    operation: varchar("operation", { length: 1 }).notNull(),
    kind: varchar("kind", { length: 12, enum: ACCOUNT_ENTRY_KINDS }).notNull(),
    amount: amount("amount").notNull(),
    description: text("description"),
    /** Who the money went to (a debit) or came from (a credit). */
    counterpartyName: text("counterparty_name"),
    counterpartyDocument: varchar("counterparty_document", { length: 14 }),
    reference: text("reference"),
    subtransactionCount: integer("subtransaction_count").notNull().default(0),
    ...reconciliation(),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "transfer_account_entries_transfer_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    check("transfer_account_entries_operation", sql`${t.operation} in ('C', 'D')`),
    check("transfer_account_entries_amount_non_negative", sql`${t.amount} >= 0`),
    uniqueIndex("transfer_account_entries_company_source_key").on(t.companyId, t.source, t.externalId),
    index("transfer_account_entries_transfer_idx").on(t.impositionTransferId, t.entryDate),
  ],
);

/** A payee-level part of a statement entry (one debit paying several suppliers). */
export const transferAccountSubtransactions = pgTable(
  "transfer_account_subtransactions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    impositionTransferId: integer("imposition_transfer_id").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => transferAccountEntries.id, { onDelete: "cascade" }),
    paymentDate: date("payment_date"),
    amount: amount("amount").notNull(),
    beneficiaryName: text("beneficiary_name"),
    beneficiaryDocument: varchar("beneficiary_document", { length: 14 }),
    description: text("description"),
    ...reconciliation(),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "transfer_account_subtransactions_transfer_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    check("transfer_account_subtransactions_amount_non_negative", sql`${t.amount} >= 0`),
    uniqueIndex("transfer_account_subtransactions_company_source_key").on(t.companyId, t.source, t.externalId),
    index("transfer_account_subtransactions_transfer_idx").on(t.impositionTransferId),
  ],
);

/** The latest dated balance of an emenda's account (one row per account). */
export const transferAccountBalances = pgTable(
  "transfer_account_balances",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    impositionTransferId: integer("imposition_transfer_id").notNull(),
    balanceDate: date("balance_date"),
    balance: amount("balance").notNull(),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "transfer_account_balances_transfer_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    uniqueIndex("transfer_account_balances_company_source_key").on(t.companyId, t.source, t.externalId),
    index("transfer_account_balances_transfer_idx").on(t.impositionTransferId),
  ],
);

/** A return of an emenda's money to the União: its interest (RENDIMENTOS) or a restitution, with fines and interest. */
export const transferReturns = pgTable(
  "transfer_returns",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    impositionTransferId: integer("imposition_transfer_id").notNull(),
    kind: varchar("kind", { length: 12, enum: RETURN_KINDS }).notNull(),
    status: text("status"),
    requestedAt: date("requested_at"),
    paidAt: date("paid_at"),
    dueAt: date("due_at"),
    competence: varchar("competence", { length: 10 }),
    reason: text("reason"),
    amount: amount("amount").notNull().default("0"),
    fine: amount("fine").notNull().default("0"),
    interest: amount("interest").notNull().default("0"),
    additions: amount("additions").notNull().default("0"),
    discount: amount("discount").notNull().default("0"),
    deductions: amount("deductions").notNull().default("0"),
    total: amount("total").notNull().default("0"),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "transfer_returns_transfer_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    uniqueIndex("transfer_returns_company_source_key").on(t.companyId, t.source, t.externalId),
    index("transfer_returns_transfer_idx").on(t.impositionTransferId),
  ],
);

export type TransferAccountEntryRow = typeof transferAccountEntries.$inferSelect;
