import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  CONTRACTING_SITUATIONS,
  EXPENSE_CATEGORIES,
  FUND_SITUATIONS,
  IMPOSITION_SITUATIONS,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  VOLUNTARY_MODALITIES,
  VOLUNTARY_STATUSES,
} from "../../../src/domain/transfers";
import { DATA_SOURCES } from "../../../src/domain/sync";
import { companies, timestamps, versioned } from "./companies";
import { users } from "./users";

/**
 * Transfers received by a municipality and the payments on them. Column names follow the research
 * notes' section 7 (Transferegov / SICONV sources in comments). Every table is tenant-scoped by
 * company_id; `is_public` says what the transparency site may show, and `internal_notes` is never
 * selected by the public API.
 *
 * committed_value / paid_value of imposition and voluntary transfers are MAINTAINED, not computed on
 * read: every write to transaction_payments recomputes them for the touched transfer inside the same
 * transaction (server/domain/payments.ts, recomputeTransferTotals), from the sum of its EFETIVADO
 * payments. That keeps list totals and sorting by paid value an index scan at 1M payments.
 */

const money = (name: string) => numeric(name, { precision: 15, scale: 2 });
const moneyDefault0 = (name: string) => money(name).notNull().default("0");

export const impositionSituationEnum = pgEnum("imposition_situation", IMPOSITION_SITUATIONS);
export const expenseCategoryEnum = pgEnum("expense_category", EXPENSE_CATEGORIES);
export const voluntaryStatusEnum = pgEnum("voluntary_status", VOLUNTARY_STATUSES);
export const voluntaryModalityEnum = pgEnum("voluntary_modality", VOLUNTARY_MODALITIES);
export const contractingSituationEnum = pgEnum("contracting_situation", CONTRACTING_SITUATIONS);
export const fundSituationEnum = pgEnum("fund_situation", FUND_SITUATIONS);
export const paymentKindEnum = pgEnum("payment_kind", PAYMENT_KINDS);
export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);
export const dataSourceEnum = pgEnum("data_source", DATA_SOURCES);

/**
 * Where a row came from when the sync or an import wrote it (server/sync): the source, its natural
 * key there (id_plano_acao, id_empenho, id_op_ob, NR_CONVENIO, ...), when the source last changed it,
 * the source row(s) as received, and since when the source no longer has it (rows are marked, never
 * deleted). All null on rows typed in the app.
 */
const syncColumns = () => ({
  source: dataSourceEnum("source"),
  externalId: varchar("external_id", { length: 60 }),
  syncedAt: timestamp("synced_at", { withTimezone: true }),
  raw: jsonb("raw").$type<Record<string, unknown>>(),
  sourceMissingSince: timestamp("source_missing_since", { withTimezone: true }),
});

const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/** Emenda impositiva / transferência especial ("emenda PIX"): planos_acao_especiais. */
export const impositionTransfers = pgTable(
  "imposition_transfers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** codigo_plano_acao, the route id NR_TRANSFER: `09032025-079703`. */
    nrTransfer: varchar("nr_transfer", { length: 15 }).notNull(),
    year: smallint("year").notNull(),
    situation: impositionSituationEnum("situation").notNull(),
    impedimentReason: text("impediment_reason"),
    /** numero_emenda_parlamentar_plano_acao: year + parliamentarian code + sequence. */
    amendmentNumber: varchar("amendment_number", { length: 12 }).notNull(),
    parliamentarianName: text("parliamentarian_name").notNull(),
    parliamentarianCode: smallint("parliamentarian_code"),
    programCode: varchar("program_code", { length: 20 }),
    programName: text("program_name"),
    grantorAcronym: varchar("grantor_acronym", { length: 20 }),
    grantorName: text("grantor_name"),
    expenseCategory: expenseCategoryEnum("expense_category").notNull(),
    costingValue: moneyDefault0("costing_value"),
    investmentValue: moneyDefault0("investment_value"),
    plannedValue: money("planned_value")
      .notNull()
      .generatedAlwaysAs(sql`costing_value + investment_value`),
    committedValue: moneyDefault0("committed_value"),
    paidValue: moneyDefault0("paid_value"),
    acceptedAt: date("accepted_at"),
    objectName: text("object_name"),
    objectDetail: text("object_detail"),
    policyAreas: text("policy_areas"),
    bankCode: varchar("bank_code", { length: 3 }),
    bankName: text("bank_name"),
    agency: varchar("agency", { length: 10 }),
    account: varchar("account", { length: 20 }),
    executionStart: date("execution_start"),
    executionEnd: date("execution_end"),
    /** The current plano de trabalho (planos-trabalho-especiais): its id, situation and since when. */
    workPlanId: integer("work_plan_id"),
    workPlanStatus: varchar("work_plan_status", { length: 60 }),
    workPlanStatusAt: timestamp("work_plan_status_at", { withTimezone: true }),
    /** LC 210/2024 art. 8: when the Câmara was told of the transfer. */
    legislativeNotifiedAt: date("legislative_notified_at"),
    isPublic: boolean("is_public").notNull().default(true),
    internalNotes: text("internal_notes"),
    ...versioned,
    ...syncColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("imposition_transfers_company_nr_key").on(t.companyId, t.nrTransfer),
    unique("imposition_transfers_id_company_key").on(t.id, t.companyId),
    index("imposition_transfers_company_year_idx").on(t.companyId, t.year, t.nrTransfer),
    index("imposition_transfers_year_idx").on(t.year, t.nrTransfer),
    // The payments report's transfer filter across every municipality (an ADMIN without a client).
    index("imposition_transfers_nr_idx").on(t.nrTransfer),
    index("imposition_transfers_company_situation_idx").on(t.companyId, t.situation),
    index("imposition_transfers_company_parliamentarian_idx").on(t.companyId, t.parliamentarianName),
    index("imposition_transfers_company_program_idx").on(t.companyId, t.programCode),
    index("imposition_transfers_company_grantor_idx").on(t.companyId, t.grantorAcronym),
    index("imposition_transfers_company_planned_idx").on(t.companyId, t.plannedValue),
    index("imposition_transfers_company_paid_idx").on(t.companyId, t.paidValue),
    index("imposition_transfers_company_accepted_idx").on(t.companyId, t.acceptedAt),
    index("imposition_transfers_company_execution_end_idx").on(t.companyId, t.executionEnd),
    index("imposition_transfers_execution_end_idx").on(t.executionEnd),
    check("imposition_transfers_nr_format", sql`${t.nrTransfer} ~ '^[0-9]{8}-[0-9]{6}$'`),
    check("imposition_transfers_year_range", sql`${t.year} between 2000 and 2100`),
    check(
      "imposition_transfers_values_non_negative",
      sql`${t.costingValue} >= 0 and ${t.investmentValue} >= 0 and ${t.committedValue} >= 0 and ${t.paidValue} >= 0`,
    ),
    check("imposition_transfers_execution_order", sql`${t.executionEnd} is null or ${t.executionStart} is null or ${t.executionEnd} >= ${t.executionStart}`),
  ],
);

/** Convênio / contrato de repasse / termo (SICONV `convenio`); NR_TRANSFER = NR_CONVENIO. */
export const voluntaryTransfers = pgTable(
  "voluntary_transfers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** NR_CONVENIO, 6 digits. */
    nrTransfer: varchar("nr_transfer", { length: 6 }).notNull(),
    /** NR_PROPOSTA `014275/2026`. */
    proposalNumber: varchar("proposal_number", { length: 12 }),
    year: smallint("year").notNull(),
    modality: voluntaryModalityEnum("modality").notNull(),
    status: voluntaryStatusEnum("status").notNull(),
    object: text("object").notNull(),
    programCode: varchar("program_code", { length: 20 }),
    programName: text("program_name"),
    grantorAcronym: varchar("grantor_acronym", { length: 20 }),
    grantorName: text("grantor_name"),
    amendmentNumber: varchar("amendment_number", { length: 12 }),
    parliamentarianName: text("parliamentarian_name"),
    /** VL_REPASSE_CONV: the federal money, the "planned" value. */
    transferValue: moneyDefault0("transfer_value"),
    counterpartValue: moneyDefault0("counterpart_value"),
    globalValue: money("global_value")
      .notNull()
      .generatedAlwaysAs(sql`transfer_value + counterpart_value`),
    /** VL_EMPENHADO_CONV, maintained from payments. */
    committedValue: moneyDefault0("committed_value"),
    /** VL_DESEMBOLSADO_CONV, maintained from payments. */
    paidValue: moneyDefault0("paid_value"),
    signedAt: date("signed_at"),
    publishedAt: date("published_at"),
    validityStart: date("validity_start"),
    validityEnd: date("validity_end"),
    accountabilityDeadline: date("accountability_deadline"),
    contractingSituation: contractingSituationEnum("contracting_situation").notNull().default("NORMAL"),
    suspensiveClauseDue: date("suspensive_clause_due"),
    processNumber: varchar("process_number", { length: 40 }),
    /** SIT_CONVENIO as SICONV wrote it, next to the status it maps to. */
    sourceStatus: text("source_status"),
    isPublic: boolean("is_public").notNull().default(true),
    internalNotes: text("internal_notes"),
    ...versioned,
    ...syncColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("voluntary_transfers_company_nr_key").on(t.companyId, t.nrTransfer),
    unique("voluntary_transfers_id_company_key").on(t.id, t.companyId),
    index("voluntary_transfers_company_year_idx").on(t.companyId, t.year, t.nrTransfer),
    index("voluntary_transfers_year_idx").on(t.year, t.nrTransfer),
    index("voluntary_transfers_nr_idx").on(t.nrTransfer),
    index("voluntary_transfers_company_status_idx").on(t.companyId, t.status),
    index("voluntary_transfers_company_parliamentarian_idx").on(t.companyId, t.parliamentarianName),
    index("voluntary_transfers_company_program_idx").on(t.companyId, t.programCode),
    index("voluntary_transfers_company_grantor_idx").on(t.companyId, t.grantorAcronym),
    index("voluntary_transfers_company_transfer_value_idx").on(t.companyId, t.transferValue),
    index("voluntary_transfers_company_paid_idx").on(t.companyId, t.paidValue),
    index("voluntary_transfers_company_signed_idx").on(t.companyId, t.signedAt),
    index("voluntary_transfers_company_validity_end_idx").on(t.companyId, t.validityEnd),
    index("voluntary_transfers_validity_end_idx").on(t.validityEnd),
    index("voluntary_transfers_company_accountability_idx").on(t.companyId, t.accountabilityDeadline),
    index("voluntary_transfers_accountability_idx").on(t.accountabilityDeadline),
    index("voluntary_transfers_suspensive_idx").on(t.suspensiveClauseDue).where(sql`contracting_situation = 'CLAUSULA_SUSPENSIVA'`),
    check("voluntary_transfers_nr_format", sql`${t.nrTransfer} ~ '^[0-9]{6}$'`),
    check("voluntary_transfers_year_range", sql`${t.year} between 2000 and 2100`),
    check(
      "voluntary_transfers_values_non_negative",
      sql`${t.transferValue} >= 0 and ${t.counterpartValue} >= 0 and ${t.committedValue} >= 0 and ${t.paidValue} >= 0`,
    ),
    check("voluntary_transfers_validity_order", sql`${t.validityEnd} is null or ${t.validityStart} is null or ${t.validityEnd} >= ${t.validityStart}`),
  ],
);

/**
 * One movement of the money chain (empenho, ordem bancária, desembolso, pagamento a fornecedor...)
 * on exactly one transfer, imposition or voluntary. The composite foreign keys also pin the payment
 * to its transfer's company.
 */
export const transactionPayments = pgTable(
  "transaction_payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    impositionTransferId: integer("imposition_transfer_id"),
    voluntaryTransferId: integer("voluntary_transfer_id"),
    kind: paymentKindEnum("kind").notNull(),
    status: paymentStatusEnum("status").notNull().default("EFETIVADO"),
    /** numero_empenho / numero_ordem_bancaria / NR_SIAFI / NR_MOV_FIN: `2025NE000123`, `2025OB000456`. */
    documentNumber: varchar("document_number", { length: 30 }).notNull(),
    paymentDate: date("payment_date").notNull(),
    amount: money("amount").notNull(),
    payeeName: text("payee_name"),
    payeeDocument: varchar("payee_document", { length: 14 }),
    description: text("description"),
    internalNotes: text("internal_notes"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...versioned,
    ...syncColumns(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: "transaction_payments_imposition_fk",
      columns: [t.impositionTransferId, t.companyId],
      foreignColumns: [impositionTransfers.id, impositionTransfers.companyId],
    }).onDelete("cascade"),
    foreignKey({
      name: "transaction_payments_voluntary_fk",
      columns: [t.voluntaryTransferId, t.companyId],
      foreignColumns: [voluntaryTransfers.id, voluntaryTransfers.companyId],
    }).onDelete("cascade"),
    check("transaction_payments_one_transfer", sql`num_nonnulls(${t.impositionTransferId}, ${t.voluntaryTransferId}) = 1`),
    check("transaction_payments_amount_non_negative", sql`${t.amount} >= 0`),
    index("transaction_payments_imposition_idx").on(t.impositionTransferId, t.paymentDate),
    index("transaction_payments_voluntary_idx").on(t.voluntaryTransferId, t.paymentDate),
    index("transaction_payments_company_date_idx").on(t.companyId, t.paymentDate, t.id),
    index("transaction_payments_date_idx").on(t.paymentDate, t.id),
    // Across every municipality a rare status or kind (CANCELADO, YIELD) would otherwise scan the
    // whole table for one page: these serve the filter, the date order and the capped count.
    index("transaction_payments_status_date_idx").on(t.status, t.paymentDate, t.id),
    index("transaction_payments_kind_date_idx").on(t.kind, t.paymentDate, t.id),
    index("transaction_payments_company_kind_idx").on(t.companyId, t.kind),
    index("transaction_payments_company_amount_idx").on(t.companyId, t.amount),
    // The natural key of a synced movement (empenho:123, op_ob:456, desembolso:789): its upsert target.
    uniqueIndex("transaction_payments_company_source_key").on(t.companyId, t.source, t.externalId),
  ],
);

/** Transferência fundo a fundo (fundoafundo `planos-acao`); codPlan = codigo_plano_acao. */
export const fundTransferPlans = pgTable(
  "fund_transfer_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    /** codigo_plano_acao `30882120230006-010014`. */
    codPlan: varchar("cod_plan", { length: 21 }).notNull(),
    year: smallint("year").notNull(),
    situation: fundSituationEnum("situation").notNull(),
    programCode: varchar("program_code", { length: 20 }),
    programName: text("program_name"),
    grantorAcronym: varchar("grantor_acronym", { length: 20 }),
    grantorName: text("grantor_name"),
    transferringFundName: text("transferring_fund_name"),
    receivingFundCnpj: varchar("receiving_fund_cnpj", { length: 14 }),
    receivingFundName: text("receiving_fund_name"),
    parliamentarianName: text("parliamentarian_name"),
    validityStart: date("validity_start"),
    validityEnd: date("validity_end"),
    objectives: text("objectives"),
    amendmentTransferValue: moneyDefault0("amendment_transfer_value"),
    specificTransferValue: moneyDefault0("specific_transfer_value"),
    voluntaryTransferValue: moneyDefault0("voluntary_transfer_value"),
    totalTransferValue: money("total_transfer_value")
      .notNull()
      .generatedAlwaysAs(sql`amendment_transfer_value + specific_transfer_value + voluntary_transfer_value`),
    ownResourcesValue: moneyDefault0("own_resources_value"),
    /** Fund-to-fund plans have no payment rows here: empenhado and repassado come with the plan. */
    committedValue: moneyDefault0("committed_value"),
    paidValue: moneyDefault0("paid_value"),
    /** situacao_plano_acao as Transferegov wrote it, next to the situation it maps to. */
    sourceStatus: text("source_status"),
    /** The latest management report (relatorios-gestao): `PARCIAL · EM_ELABORACAO`. */
    managementReportStatus: text("management_report_status"),
    isPublic: boolean("is_public").notNull().default(true),
    internalNotes: text("internal_notes"),
    ...versioned,
    ...syncColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("fund_transfer_plans_company_cod_plan_key").on(t.companyId, t.codPlan),
    index("fund_transfer_plans_company_year_idx").on(t.companyId, t.year, t.codPlan),
    index("fund_transfer_plans_year_idx").on(t.year, t.codPlan),
    index("fund_transfer_plans_company_situation_idx").on(t.companyId, t.situation),
    index("fund_transfer_plans_company_program_idx").on(t.companyId, t.programCode),
    index("fund_transfer_plans_company_grantor_idx").on(t.companyId, t.grantorAcronym),
    index("fund_transfer_plans_company_total_idx").on(t.companyId, t.totalTransferValue),
    index("fund_transfer_plans_company_validity_end_idx").on(t.companyId, t.validityEnd),
    index("fund_transfer_plans_validity_end_idx").on(t.validityEnd),
    check("fund_transfer_plans_cod_plan_format", sql`${t.codPlan} ~ '^[0-9]{14}-[0-9]{6}$'`),
    check("fund_transfer_plans_year_range", sql`${t.year} between 2000 and 2100`),
    check(
      "fund_transfer_plans_values_non_negative",
      sql`${t.amendmentTransferValue} >= 0 and ${t.specificTransferValue} >= 0 and ${t.voluntaryTransferValue} >= 0 and ${t.ownResourcesValue} >= 0 and ${t.committedValue} >= 0 and ${t.paidValue} >= 0`,
    ),
    check("fund_transfer_plans_validity_order", sql`${t.validityEnd} is null or ${t.validityStart} is null or ${t.validityEnd} >= ${t.validityStart}`),
  ],
);

export type ImpositionTransferRow = typeof impositionTransfers.$inferSelect;
export type VoluntaryTransferRow = typeof voluntaryTransfers.$inferSelect;
export type TransactionPaymentRow = typeof transactionPayments.$inferSelect;
export type FundTransferPlanRow = typeof fundTransferPlans.$inferSelect;
