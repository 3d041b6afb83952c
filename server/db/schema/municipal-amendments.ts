import { boolean, date, index, integer, jsonb, numeric, pgEnum, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { BENEFICIARY_KINDS, MOVEMENT_KINDS, MUNICIPAL_AMENDMENT_KINDS, MUNICIPAL_AMENDMENT_STAGES, PLAN_STATUSES } from "../../../src/domain/municipal-amendments";
import { companies, timestamps, versioned } from "./companies";
import { users } from "./users";

/** Municipal emendas (issue 37): the councillors' emendas, their plano de trabalho, stages and money. */

const money = (name: string) => numeric(name, { precision: 15, scale: 2 });

export const municipalAmendmentKindEnum = pgEnum("municipal_amendment_kind", MUNICIPAL_AMENDMENT_KINDS);
export const beneficiaryKindEnum = pgEnum("municipal_amendment_beneficiary_kind", BENEFICIARY_KINDS);
export const municipalAmendmentStageEnum = pgEnum("municipal_amendment_stage", MUNICIPAL_AMENDMENT_STAGES);
export const municipalPlanStatusEnum = pgEnum("municipal_amendment_plan_status", PLAN_STATUSES);
export const municipalMovementKindEnum = pgEnum("municipal_amendment_movement_kind", MOVEMENT_KINDS);

export const municipalAmendments = pgTable(
  "municipal_amendments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** "EM 2026/0007": year and a sequence per municipality and year, given once and never reused. */
    identifier: varchar("identifier", { length: 20 }).notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    authorName: varchar("author_name", { length: 160 }).notNull(),
    authorParty: varchar("author_party", { length: 20 }).notNull(),
    kind: municipalAmendmentKindEnum("kind").notNull(),
    functionCode: varchar("function_code", { length: 2 }).notNull(),
    subfunctionCode: varchar("subfunction_code", { length: 3 }).notNull(),
    programCode: varchar("program_code", { length: 4 }).notNull(),
    actionCode: varchar("action_code", { length: 4 }).notNull(),
    expenseNature: varchar("expense_nature", { length: 14 }).notNull(),
    value: money("value").notNull(),
    object: varchar("object", { length: 500 }).notNull(),
    beneficiaryKind: beneficiaryKindEnum("beneficiary_kind").notNull(),
    beneficiaryName: varchar("beneficiary_name", { length: 200 }).notNull(),
    beneficiaryCnpj: varchar("beneficiary_cnpj", { length: 14 }),
    finalBeneficiaryName: varchar("final_beneficiary_name", { length: 200 }),
    finalBeneficiaryDocument: varchar("final_beneficiary_document", { length: 14 }),
    indicatedOn: date("indicated_on").notNull(),
    impedimentReason: text("impediment_reason"),
    stage: municipalAmendmentStageEnum("stage").notNull().default("INDICADA"),
    planStatus: municipalPlanStatusEnum("plan_status").notNull().default("EM_ELABORACAO"),
    planObject: text("plan_object"),
    goals: jsonb("goals").$type<{ description: string; quantity: number; unit: string; deadline: string }[]>().notNull().default([]),
    budgetItems: jsonb("budget_items").$type<{ description: string; value: string }[]>().notNull().default([]),
    schedule: jsonb("schedule").$type<{ month: string; value: string }[]>().notNull().default([]),
    bankCode: varchar("bank_code", { length: 3 }),
    agency: varchar("agency", { length: 7 }),
    account: varchar("account", { length: 14 }),
    planSubmittedOn: date("plan_submitted_on"),
    planDecidedOn: date("plan_decided_on"),
    planDecisionReason: text("plan_decision_reason"),
    executedOn: date("executed_on"),
    accountedOn: date("accounted_on"),
    committedValue: money("committed_value").notNull().default("0"),
    paidValue: money("paid_value").notNull().default("0"),
    supplierPaidValue: money("supplier_paid_value").notNull().default("0"),
    returnedValue: money("returned_value").notNull().default("0"),
    isPublic: boolean("is_public").notNull().default(true),
    notes: text("notes"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("municipal_amendments_company_identifier_key").on(t.companyId, t.identifier),
    index("municipal_amendments_company_year_idx").on(t.companyId, t.year),
    index("municipal_amendments_company_stage_idx").on(t.companyId, t.stage),
    index("municipal_amendments_company_author_idx").on(t.companyId, t.authorName),
  ],
);

/** Each step of an emenda's life with its date, its person and its document (append-only). */
export const municipalAmendmentEvents = pgTable(
  "municipal_amendment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    amendmentId: integer("amendment_id")
      .notNull()
      .references(() => municipalAmendments.id, { onDelete: "cascade" }),
    stage: municipalAmendmentStageEnum("stage").notNull(),
    occurredOn: date("occurred_on").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    personName: varchar("person_name", { length: 160 }).notNull(),
    documentNumber: varchar("document_number", { length: 120 }),
    reason: text("reason"),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("municipal_amendment_events_amendment_idx").on(t.amendmentId, t.occurredOn)],
);

/** Money on an emenda: commitments, payments into its account, the beneficiary's supplier payments, returns. */
export const municipalAmendmentMovements = pgTable(
  "municipal_amendment_movements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    amendmentId: integer("amendment_id")
      .notNull()
      .references(() => municipalAmendments.id, { onDelete: "cascade" }),
    kind: municipalMovementKindEnum("kind").notNull(),
    occurredOn: date("occurred_on").notNull(),
    value: money("value").notNull(),
    documentNumber: varchar("document_number", { length: 60 }).notNull(),
    bankCode: varchar("bank_code", { length: 3 }),
    agency: varchar("agency", { length: 7 }),
    account: varchar("account", { length: 14 }),
    supplierName: varchar("supplier_name", { length: 200 }),
    supplierDocument: varchar("supplier_document", { length: 14 }),
    description: varchar("description", { length: 500 }),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("municipal_amendment_movements_amendment_idx").on(t.amendmentId, t.occurredOn)],
);

/** Each municipality's rules for its emendas: whether the Câmara registers indications, and the stage deadlines of its budget law. */
export const municipalAmendmentSettings = pgTable("municipal_amendment_settings", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  camaraMayIndicate: boolean("camara_may_indicate").notNull().default(false),
  /** Days from the indication to the plano de trabalho's submission. */
  planDueDays: integer("plan_due_days").notNull().default(30),
  /** Days the Executive has to approve or return a submitted plan. */
  decisionDueDays: integer("decision_due_days").notNull().default(15),
  /** Days without a movement after approval before the emenda counts as stalled. */
  idleDays: integer("idle_days").notNull().default(60),
  ...versioned,
  ...timestamps,
});
