import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, date, foreignKey, index, integer, jsonb, numeric, pgEnum, pgTable, text, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import {
  BID_MODALITIES,
  BID_STATUSES,
  EXECUTION_KINDS,
  FILE_CATEGORIES,
  FUNDING_KINDS,
  HISTORY_ACTIONS,
  HISTORY_ENTITIES,
  PROJECT_STATUSES,
  PURCHASE_PROCESS_TYPES,
  WORK_PLAN_KINDS,
  type HistoryChange,
} from "../../../src/domain/projects";
import { companies, timestamps, versioned } from "./companies";
import { users } from "./users";
import { proposals } from "./captacao";
import { fundTransferPlans, impositionTransfers, voluntaryTransfers } from "./transfers";

/**
 * Projects (issue 15) and their tabs. Every tab row carries company_id and a composite foreign key
 * (project_id, company_id) to its project, so no row can point at another company's project. The
 * project's progress and totals are MAINTAINED by every write of a tab, in its transaction
 * (server/projects/routes.ts), from the rule in src/domain/projects.ts (computeProgress).
 */

const money = (name: string) => numeric(name, { precision: 15, scale: 2 });
const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const projectRef = () => integer("project_id").notNull();
/** The tab's project, in the same company; removing a project removes its tabs. */
const toProject = (t: { projectId: AnyPgColumn; companyId: AnyPgColumn }, name: string) =>
  foreignKey({ name, columns: [t.projectId, t.companyId], foreignColumns: [projects.id, projects.companyId] }).onDelete("cascade");

export const projectStatusEnum = pgEnum("project_status", PROJECT_STATUSES);
export const workPlanKindEnum = pgEnum("work_plan_kind", WORK_PLAN_KINDS);
export const fundingKindEnum = pgEnum("funding_kind", FUNDING_KINDS);
export const bidModalityEnum = pgEnum("bid_modality", BID_MODALITIES);
export const purchaseProcessTypeEnum = pgEnum("purchase_process_type", PURCHASE_PROCESS_TYPES);
export const bidStatusEnum = pgEnum("bid_status", BID_STATUSES);
export const executionKindEnum = pgEnum("execution_kind", EXECUTION_KINDS);
export const fileCategoryEnum = pgEnum("project_file_category", FILE_CATEGORIES);
export const historyEntityEnum = pgEnum("project_history_entity", HISTORY_ENTITIES);
export const historyActionEnum = pgEnum("project_history_action", HISTORY_ACTIONS);

export const projects = pgTable(
  "projects",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    title: varchar("title", { length: 200 }).notNull(),
    object: text("object").notNull(),
    status: projectStatusEnum("status").notNull().default("PLANEJAMENTO"),
    policyArea: varchar("policy_area", { length: 120 }),
    address: varchar("address", { length: 300 }),
    latitude: numeric("latitude", { precision: 9, scale: 6 }),
    longitude: numeric("longitude", { precision: 9, scale: 6 }),
    startDate: date("start_date"),
    endDate: date("end_date"),
    totalValue: money("total_value").notNull(),
    responsibleUserId: integer("responsible_user_id").references(() => users.id, { onDelete: "set null" }),
    proposalId: integer("proposal_id").references(() => proposals.id, { onDelete: "set null" }),
    physicalProgress: numeric("physical_progress", { precision: 5, scale: 2 }).notNull().default("0"),
    financialProgress: numeric("financial_progress", { precision: 5, scale: 2 }).notNull().default("0"),
    workPlanValue: money("work_plan_value").notNull().default("0"),
    fundedValue: money("funded_value").notNull().default("0"),
    executedValue: money("executed_value").notNull().default("0"),
    nextDeadline: date("next_deadline"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    unique("projects_id_company_key").on(t.id, t.companyId),
    index("projects_company_status_idx").on(t.companyId, t.status),
    index("projects_company_deadline_idx").on(t.companyId, t.nextDeadline),
    check("projects_dates_order", sql`${t.endDate} >= ${t.startDate}`),
    check("projects_progress_range", sql`${t.physicalProgress} between 0 and 100 and ${t.financialProgress} between 0 and 100`),
    check("projects_total_non_negative", sql`${t.totalValue} >= 0`),
  ],
);

export const projectWorkPlanItems = pgTable(
  "project_work_plan_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: projectRef(),
    kind: workPlanKindEnum("kind").notNull(),
    parentId: integer("parent_id"),
    number: varchar("number", { length: 8 }).notNull(),
    description: text("description").notNull(),
    unit: varchar("unit", { length: 20 }),
    quantity: numeric("quantity", { precision: 14, scale: 2 }),
    value: money("value"),
    startDate: date("start_date"),
    endDate: date("end_date"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    toProject(t, "project_work_plan_items_project_fk"),
    foreignKey({ name: "project_work_plan_items_parent_fk", columns: [t.parentId], foreignColumns: [t.id] }),
    unique("project_work_plan_items_id_company_key").on(t.id, t.companyId),
    unique("project_work_plan_items_number_key").on(t.projectId, t.number),
    index("project_work_plan_items_project_idx").on(t.projectId),
    check("project_work_plan_items_dates_order", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const projectFundingSources = pgTable(
  "project_funding_sources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: projectRef(),
    kind: fundingKindEnum("kind").notNull(),
    impositionTransferId: integer("imposition_transfer_id"),
    voluntaryTransferId: integer("voluntary_transfer_id"),
    fundTransferPlanId: integer("fund_transfer_plan_id"),
    amount: money("amount").notNull(),
    notes: text("notes"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    toProject(t, "project_funding_sources_project_fk"),
    // A transfer of the same company; it cannot be removed while a project counts on it.
    foreignKey({ name: "project_funding_sources_imposition_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }),
    foreignKey({ name: "project_funding_sources_voluntary_fk", columns: [t.voluntaryTransferId, t.companyId], foreignColumns: [voluntaryTransfers.id, voluntaryTransfers.companyId] }),
    foreignKey({ name: "project_funding_sources_fund_fk", columns: [t.fundTransferPlanId], foreignColumns: [fundTransferPlans.id] }),
    unique("project_funding_sources_id_company_key").on(t.id, t.companyId),
    index("project_funding_sources_project_idx").on(t.projectId),
    index("project_funding_sources_imposition_idx").on(t.impositionTransferId),
    index("project_funding_sources_voluntary_idx").on(t.voluntaryTransferId),
    index("project_funding_sources_fund_idx").on(t.fundTransferPlanId),
    check("project_funding_sources_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const projectBids = pgTable(
  "project_bids",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: projectRef(),
    number: varchar("number", { length: 40 }).notNull(),
    modality: bidModalityEnum("modality").notNull(),
    purchaseProcessType: purchaseProcessTypeEnum("purchase_process_type").notNull().default("LICITACAO"),
    object: text("object"),
    publishedAt: date("published_at"),
    openedAt: date("opened_at"),
    homologatedAt: date("homologated_at"),
    estimatedValue: money("estimated_value"),
    homologatedValue: money("homologated_value"),
    status: bidStatusEnum("status").notNull().default("EM_PREPARACAO"),
    winnerCnpj: varchar("winner_cnpj", { length: 14 }),
    winnerName: varchar("winner_name", { length: 200 }),
    contractNumber: varchar("contract_number", { length: 40 }),
    contractValue: money("contract_value"),
    contractStart: date("contract_start"),
    contractEnd: date("contract_end"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    toProject(t, "project_bids_project_fk"),
    unique("project_bids_number_key").on(t.projectId, t.number),
    index("project_bids_project_idx").on(t.projectId),
    check("project_bids_contract_order", sql`${t.contractEnd} >= ${t.contractStart}`),
  ],
);

export const projectExecutions = pgTable(
  "project_executions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: projectRef(),
    workPlanItemId: integer("work_plan_item_id").notNull(),
    fundingSourceId: integer("funding_source_id"),
    kind: executionKindEnum("kind").notNull().default("MEDICAO"),
    referenceDate: date("reference_date").notNull(),
    physicalPct: numeric("physical_pct", { precision: 5, scale: 2 }).notNull(),
    amount: money("amount").notNull(),
    documentNumber: varchar("document_number", { length: 60 }),
    payeeCnpj: varchar("payee_cnpj", { length: 14 }),
    payeeName: varchar("payee_name", { length: 200 }),
    notes: text("notes"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    toProject(t, "project_executions_project_fk"),
    foreignKey({ name: "project_executions_item_fk", columns: [t.workPlanItemId, t.companyId], foreignColumns: [projectWorkPlanItems.id, projectWorkPlanItems.companyId] }),
    foreignKey({ name: "project_executions_source_fk", columns: [t.fundingSourceId, t.companyId], foreignColumns: [projectFundingSources.id, projectFundingSources.companyId] }),
    index("project_executions_project_idx").on(t.projectId, t.referenceDate),
    index("project_executions_item_idx").on(t.workPlanItemId),
    index("project_executions_source_idx").on(t.fundingSourceId),
    check("project_executions_pct_range", sql`${t.physicalPct} between 0 and 100`),
  ],
);

export const projectFiles = pgTable(
  "project_files",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: projectRef(),
    category: fileCategoryEnum("category").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    fileName: varchar("file_name", { length: 120 }).notNull(),
    filePath: text("file_path").notNull(),
    contentType: varchar("content_type", { length: 120 }).notNull(),
    fileSize: integer("file_size").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    latitude: numeric("latitude", { precision: 9, scale: 6 }),
    longitude: numeric("longitude", { precision: 9, scale: 6 }),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    ...versioned,
    ...timestamps,
  },
  (t) => [toProject(t, "project_files_project_fk"), index("project_files_project_idx").on(t.projectId, t.category)],
);

/** Append-only: the API offers no update or delete, and a trigger refuses them (migration projects_sql). */
export const projectHistory = pgTable(
  "project_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: projectRef(),
    entity: historyEntityEnum("entity").notNull(),
    entityId: integer("entity_id"),
    action: historyActionEnum("action").notNull(),
    subject: text("subject"),
    changes: jsonb("changes").$type<HistoryChange[]>().notNull().default(sql`'[]'::jsonb`),
    note: text("note"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [toProject(t, "project_history_project_fk"), index("project_history_project_idx").on(t.projectId, t.createdAt)],
);
