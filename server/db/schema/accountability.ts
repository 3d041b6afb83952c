import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { LC210_RECIPIENTS, OBLIGATION_KINDS, OBLIGATION_STATUSES } from "../../../src/domain/accountability";
import { DIGEST_RUN_STATUSES, type DeadlineItem } from "../../../src/domain/deadlines";
import { companies, timestamps, versioned } from "./companies";
import { fundTransferPlans, impositionTransfers, voluntaryTransfers } from "./transfers";
import { users } from "./users";

/**
 * Accountability (issue 17). An obligation is computed from a transfer (server/accountability):
 * one per convênio with a prestação de contas, two relatórios de gestão and one LC 210 notice per
 * emenda PIX, two relatórios de gestão per fundo a fundo plan. What people track on it (status,
 * responsible, notes, checklist, the notices sent) is kept here; the transfer's number, title and
 * computed due date are copied on it so the list filters, sorts and searches on its own columns.
 */

export const obligationKindEnum = pgEnum("obligation_kind", OBLIGATION_KINDS);
export const obligationStatusEnum = pgEnum("obligation_status", OBLIGATION_STATUSES);
export const lc210RecipientEnum = pgEnum("lc210_recipient", LC210_RECIPIENTS);
export const digestRunStatusEnum = pgEnum("digest_run_status", DIGEST_RUN_STATUSES);
export const digestTriggerEnum = pgEnum("digest_trigger", ["SCHEDULE", "MANUAL"]);

const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export const accountabilityObligations = pgTable(
  "accountability_obligations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    kind: obligationKindEnum("kind").notNull(),
    status: obligationStatusEnum("status").notNull(),
    impositionTransferId: integer("imposition_transfer_id"),
    voluntaryTransferId: integer("voluntary_transfer_id"),
    fundTransferPlanId: integer("fund_transfer_plan_id"),
    /** NR_TRANSFER / codPlan of the transfer, and its object: copied from it when computed. */
    transferKey: varchar("transfer_key", { length: 21 }).notNull(),
    title: text("title"),
    dueDate: date("due_date"),
    /** Set by hand: the computation no longer moves it. */
    dueDateManual: boolean("due_date_manual").notNull().default(false),
    responsibleUserId: integer("responsible_user_id").references(() => users.id, { onDelete: "set null" }),
    responsibleName: varchar("responsible_name", { length: 120 }),
    notes: text("notes"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    unique("accountability_obligations_id_company_key").on(t.id, t.companyId),
    foreignKey({ name: "accountability_obligations_imposition_fk", columns: [t.impositionTransferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    foreignKey({ name: "accountability_obligations_voluntary_fk", columns: [t.voluntaryTransferId, t.companyId], foreignColumns: [voluntaryTransfers.id, voluntaryTransfers.companyId] }).onDelete("cascade"),
    foreignKey({ name: "accountability_obligations_fund_fk", columns: [t.fundTransferPlanId], foreignColumns: [fundTransferPlans.id] }).onDelete("cascade"),
    check("accountability_obligations_one_transfer", sql`num_nonnulls(${t.impositionTransferId}, ${t.voluntaryTransferId}, ${t.fundTransferPlanId}) = 1`),
    // One obligation of a kind per transfer (nulls never collide: each row names one transfer).
    uniqueIndex("accountability_obligations_imposition_key").on(t.kind, t.impositionTransferId),
    uniqueIndex("accountability_obligations_voluntary_key").on(t.kind, t.voluntaryTransferId),
    uniqueIndex("accountability_obligations_fund_key").on(t.kind, t.fundTransferPlanId),
    index("accountability_obligations_company_due_idx").on(t.companyId, t.dueDate),
    index("accountability_obligations_company_kind_idx").on(t.companyId, t.kind, t.status),
    index("accountability_obligations_responsible_idx").on(t.responsibleUserId),
  ],
);

/** The documents an obligation asks for, each with an optional uploaded file. */
export const accountabilityChecklistItems = pgTable(
  "accountability_checklist_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    obligationId: integer("obligation_id").notNull(),
    label: varchar("label", { length: 200 }).notNull(),
    done: boolean("done").notNull().default(false),
    position: smallint("position").notNull().default(100),
    /** accountability/{uploader}/{uuid}.{ext}, downloaded through GET /api/accountability-checklist-items/{id}/file. */
    filePath: text("file_path"),
    fileName: varchar("file_name", { length: 120 }),
    fileType: varchar("file_type", { length: 120 }),
    doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
    doneByName: varchar("done_by_name", { length: 120 }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "accountability_checklist_items_obligation_fk", columns: [t.obligationId, t.companyId], foreignColumns: [accountabilityObligations.id, accountabilityObligations.companyId] }).onDelete("cascade"),
    index("accountability_checklist_items_obligation_idx").on(t.obligationId, t.position),
  ],
);

/** LC 210/2024 art. 8: what was sent to each recipient about one emenda PIX. */
export const lc210Notices = pgTable(
  "lc210_notices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    obligationId: integer("obligation_id").notNull(),
    recipient: lc210RecipientEnum("recipient").notNull(),
    recipientName: varchar("recipient_name", { length: 200 }),
    sentOn: date("sent_on").notNull(),
    protocol: varchar("protocol", { length: 60 }),
    proofPath: text("proof_path"),
    proofName: varchar("proof_name", { length: 120 }),
    proofType: varchar("proof_type", { length: 120 }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "lc210_notices_obligation_fk", columns: [t.obligationId, t.companyId], foreignColumns: [accountabilityObligations.id, accountabilityObligations.companyId] }).onDelete("cascade"),
    uniqueIndex("lc210_notices_obligation_recipient_key").on(t.obligationId, t.recipient),
  ],
);

/** One digest of the deadline center for a company: sent, nothing new, nobody to send to, or failed. */
export const digestRuns = pgTable(
  "digest_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    trigger: digestTriggerEnum("trigger").notNull(),
    status: digestRunStatusEnum("status").notNull(),
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    itemCount: integer("item_count").notNull().default(0),
    /** What the e-mail listed, as sent. */
    items: jsonb("items").$type<DeadlineItem[]>().notNull().default([]),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("digest_runs_company_created_idx").on(t.companyId, t.createdAt)],
);

/** What the last digests said about each item: the next one lists an item only if it is new or its signature changed. */
export const digestSentItems = pgTable(
  "digest_sent_items",
  {
    companyId: companyId(),
    itemKey: varchar("item_key", { length: 80 }).notNull(),
    signature: text("signature").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.itemKey] })],
);
