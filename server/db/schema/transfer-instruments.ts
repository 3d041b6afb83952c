import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { companies, timestamps } from "./companies";
import { fundTransferPlans, impositionTransfers, voluntaryTransfers } from "./transfers";
import { users } from "./users";

/**
 * The "inteiro teor" of a transfer's instrument (PNTP 2025 criterion 5.1): the full text, as a PDF,
 * of the termo de adesão / plano de ação of a special transfer, the termo de convênio of a voluntary
 * one or the plano de ação of a fundo a fundo one. One per transfer; exactly one of the three
 * transfer columns names it. The file goes through the product's signed uploads (kind "instrument")
 * and is served publicly only while its transfer is published.
 */
export const transferInstruments = pgTable(
  "transfer_instruments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    impositionTransferId: integer("imposition_transfer_id").references(() => impositionTransfers.id, { onDelete: "cascade" }),
    voluntaryTransferId: integer("voluntary_transfer_id").references(() => voluntaryTransfers.id, { onDelete: "cascade" }),
    fundTransferPlanId: integer("fund_transfer_plan_id").references(() => fundTransferPlans.id, { onDelete: "cascade" }),
    storagePath: text("storage_path").notNull(),
    /** The name people gave the file (the download's name). */
    fileName: varchar("file_name", { length: 120 }).notNull(),
    contentType: varchar("content_type", { length: 100 }).notNull(),
    size: integer("size").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("transfer_instruments_one_transfer", sql`num_nonnulls(${t.impositionTransferId}, ${t.voluntaryTransferId}, ${t.fundTransferPlanId}) = 1`),
    uniqueIndex("transfer_instruments_imposition_key").on(t.impositionTransferId),
    uniqueIndex("transfer_instruments_voluntary_key").on(t.voluntaryTransferId),
    uniqueIndex("transfer_instruments_fund_key").on(t.fundTransferPlanId),
    index("transfer_instruments_company_idx").on(t.companyId),
  ],
);

export type TransferInstrumentRow = typeof transferInstruments.$inferSelect;
