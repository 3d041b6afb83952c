import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, numeric, pgEnum, pgTable, text, unique, varchar } from "drizzle-orm/pg-core";
import { QUOTE_SOURCES, QUOTE_STATUSES } from "../../../src/domain/quotes";
import { companies, timestamps, versioned } from "./companies";
import { projects } from "./projects";

/**
 * Price research (issue 15, "Quotes"): an item of a project and its prices. Both carry company_id
 * and reach their parent through a composite foreign key (id, company_id), so no row can point at
 * another company's project or item. The item's figures (count, mean, median, lowest, estimate and
 * the number of flagged prices) are MAINTAINED by every write of a price, in its transaction, from
 * the rule in src/domain/quotes.ts (quoteStats).
 */

const companyId = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const unitPrice = (name: string) => numeric(name, { precision: 15, scale: 4 });

export const quoteStatusEnum = pgEnum("quote_status", QUOTE_STATUSES);
export const quoteSourceEnum = pgEnum("quote_source", QUOTE_SOURCES);

export const quotes = pgTable(
  "quotes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    projectId: integer("project_id").notNull(),
    itemDescription: text("item_description").notNull(),
    catmatCode: varchar("catmat_code", { length: 9 }),
    unit: varchar("unit", { length: 20 }).notNull(),
    quantity: numeric("quantity", { precision: 14, scale: 2 }).notNull(),
    status: quoteStatusEnum("status").notNull().default("EM_ANDAMENTO"),
    notes: text("notes"),
    priceCount: integer("price_count").notNull().default(0),
    meanPrice: unitPrice("mean_price"),
    medianPrice: unitPrice("median_price"),
    lowestPrice: unitPrice("lowest_price"),
    /** Median × quantity: up to 1e9 × 1e9, beyond numeric(15,2). */
    estimatedTotal: numeric("estimated_total", { precision: 24, scale: 2 }),
    outlierCount: integer("outlier_count").notNull().default(0),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    // Removing a project removes its price research.
    foreignKey({ name: "quotes_project_fk", columns: [t.projectId, t.companyId], foreignColumns: [projects.id, projects.companyId] }).onDelete("cascade"),
    unique("quotes_id_company_key").on(t.id, t.companyId),
    index("quotes_company_project_idx").on(t.companyId, t.projectId),
    index("quotes_company_status_idx").on(t.companyId, t.status),
    check("quotes_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const quotePrices = pgTable(
  "quote_prices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    quoteId: integer("quote_id").notNull(),
    supplierCnpj: varchar("supplier_cnpj", { length: 14 }).notNull(),
    supplierName: varchar("supplier_name", { length: 200 }).notNull(),
    unitPrice: unitPrice("unit_price").notNull(),
    quoteDate: date("quote_date").notNull(),
    validUntil: date("valid_until"),
    source: quoteSourceEnum("source").notNull(),
    /** The evidence: an upload of kind project-document, attached in the write's transaction. */
    filePath: text("file_path"),
    fileName: varchar("file_name", { length: 120 }),
    contentType: varchar("content_type", { length: 120 }),
    fileSize: integer("file_size"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "quote_prices_quote_fk", columns: [t.quoteId, t.companyId], foreignColumns: [quotes.id, quotes.companyId] }).onDelete("cascade"),
    index("quote_prices_quote_idx").on(t.quoteId),
    check("quote_prices_unit_price_positive", sql`${t.unitPrice} > 0`),
    check("quote_prices_validity_order", sql`${t.validUntil} >= ${t.quoteDate}`),
  ],
);
