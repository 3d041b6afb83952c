import { date, index, integer, pgEnum, pgTable, smallint, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { CAUC_GROUPS, REGULARITY_KINDS, REGULARITY_STATUSES } from "../../../src/domain/regularity";
import { companies, timestamps, versioned } from "./companies";
import { users } from "./users";

/** Regularity (issue 16): one row per CAUC item (or other certificate) and company; a snapshot of the counts per day. */

export const regularityStatusEnum = pgEnum("regularity_status", REGULARITY_STATUSES);
export const regularityKindEnum = pgEnum("regularity_kind", REGULARITY_KINDS);
export const caucGroupEnum = pgEnum("cauc_group", CAUC_GROUPS);
export const regularityUpdatedByEnum = pgEnum("regularity_updated_by", ["IMPORTACAO", "MANUAL"]);

export const regularityItems = pgTable(
  "regularity_items",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: regularityKindEnum("kind").notNull(),
    code: varchar("code", { length: 20 }).notNull(),
    group: caucGroupEnum("group"),
    label: varchar("label", { length: 300 }).notNull(),
    source: varchar("source", { length: 60 }).notNull(),
    legalBasis: text("legal_basis"),
    status: regularityStatusEnum("status").notNull(),
    validUntil: date("valid_until"),
    rawValue: varchar("raw_value", { length: 40 }),
    checkedOn: date("checked_on").notNull(),
    evidenceUrl: text("evidence_url"),
    /** The evidence as an uploaded document (evidence/{uploader}/{uuid}.{ext}); downloaded through GET /api/regularity-items/{id}/evidence. */
    evidencePath: text("evidence_path"),
    evidenceName: varchar("evidence_name", { length: 120 }),
    evidenceType: varchar("evidence_type", { length: 120 }),
    /** The person of the municipality in charge of the item (one of its users); set null if the user is removed. */
    responsibleUserId: integer("responsible_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The responsible's name as shown: the chosen user's name, or the text typed before people were picked (kept readable). */
    responsibleName: varchar("responsible_name", { length: 120 }),
    notes: text("notes"),
    updatedBy: regularityUpdatedByEnum("updated_by").notNull().default("MANUAL"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("regularity_items_company_code_key").on(t.companyId, t.code),
    index("regularity_items_company_valid_idx").on(t.companyId, t.validUntil),
    index("regularity_items_responsible_idx").on(t.responsibleUserId),
  ],
);

export const regularitySnapshots = pgTable(
  "regularity_snapshots",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    takenOn: date("taken_on").notNull(),
    regular: smallint("regular").notNull(),
    aComprovar: smallint("a_comprovar").notNull(),
    irregular: smallint("irregular").notNull(),
    desabilitado: smallint("desabilitado").notNull(),
    semInformacao: smallint("sem_informacao").notNull(),
  },
  (t) => [uniqueIndex("regularity_snapshots_company_day_key").on(t.companyId, t.takenOn)],
);
