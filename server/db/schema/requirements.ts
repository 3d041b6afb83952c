import { date, index, integer, pgEnum, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { RECIPIENT_KINDS, REQUIREMENT_STATUSES, REQUIREMENT_TRANSFER_KINDS, REQUIREMENT_TYPES } from "../../../src/domain/requirements";
import { companies, timestamps, versioned } from "./companies";

/** Requirements (issue 16): shared templates (no company_id) and each company's documents filled from them. */

export const requirementTypeEnum = pgEnum("requirement_type", REQUIREMENT_TYPES);
export const recipientKindEnum = pgEnum("recipient_kind", RECIPIENT_KINDS);
export const requirementStatusEnum = pgEnum("requirement_status", REQUIREMENT_STATUSES);
export const requirementTransferKindEnum = pgEnum("requirement_transfer_kind", REQUIREMENT_TRANSFER_KINDS);

export const requirementTemplates = pgTable(
  "requirement_templates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    type: requirementTypeEnum("type").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    purpose: varchar("purpose", { length: 120 }).notNull(),
    description: text("description").notNull(),
    recipientKind: recipientKindEnum("recipient_kind").notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    body: text("body").notNull(),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("requirement_templates_type_idx").on(t.type)],
);

export const requirements = pgTable(
  "requirements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    templateId: integer("template_id").references(() => requirementTemplates.id, { onDelete: "set null" }),
    type: requirementTypeEnum("type"),
    transferKind: requirementTransferKindEnum("transfer_kind"),
    /** The transfer's id in its kind's table (no foreign key: two tables); checked on every write. */
    transferId: integer("transfer_id"),
    transferNumber: varchar("transfer_number", { length: 21 }),
    recipientKind: recipientKindEnum("recipient_kind").notNull(),
    recipientName: varchar("recipient_name", { length: 200 }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    body: text("body").notNull(),
    status: requirementStatusEnum("status").notNull().default("RASCUNHO"),
    protocolNumber: varchar("protocol_number", { length: 60 }),
    sentOn: date("sent_on"),
    respondedOn: date("responded_on"),
    notes: text("notes"),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("requirements_company_status_idx").on(t.companyId, t.status), index("requirements_company_sent_idx").on(t.companyId, t.sentOn)],
);
