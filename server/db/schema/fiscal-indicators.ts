import { sql } from "drizzle-orm";
import { check, integer, numeric, pgEnum, pgTable, smallint, uniqueIndex } from "drizzle-orm/pg-core";
import { FISCAL_INDICATORS } from "../../../src/domain/fiscal-indicators";
import { companies, timestamps } from "./companies";

export const fiscalIndicatorEnum = pgEnum("fiscal_indicator", FISCAL_INDICATORS);

/**
 * One published fiscal indicator of a municipality for one year (RCL in R$, the others in %), with
 * the legal limit in force that year. Everything here is public: the transparency site shows it.
 */
export const fiscalIndicators = pgTable(
  "fiscal_indicators",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    indicator: fiscalIndicatorEnum("indicator").notNull(),
    value: numeric("value", { precision: 15, scale: 2 }).notNull(),
    limitValue: numeric("limit_value", { precision: 15, scale: 2 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("fiscal_indicators_company_year_indicator_key").on(t.companyId, t.year, t.indicator),
    check("fiscal_indicators_year_range", sql`${t.year} between 2000 and 2100`),
    check("fiscal_indicators_value_non_negative", sql`${t.value} >= 0 and (${t.limitValue} is null or ${t.limitValue} >= 0)`),
  ],
);

export type FiscalIndicatorRow = typeof fiscalIndicators.$inferSelect;
