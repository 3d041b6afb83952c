import { asc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, projects, quotePrices, quotes } from "../db/schema";
import { quoteMapFile, type QuoteMapFormat } from "./map";

/** The price research's reads: an item with its project's title, and an item's mapa de cotação. */

const quoteColumns = { ...getTableColumns(quotes), projectTitle: projects.title };
export const quotesWithProject = (db: Db) => db.select(quoteColumns).from(quotes).leftJoin(projects, eq(projects.id, quotes.projectId));

/** The mapa de cotação of an item the caller may read (the action's scope checked its company). */
export async function quoteMapOf(db: Db, quoteId: number, format: QuoteMapFormat, now: Date) {
  const [quote] = await db
    .select({ ...quoteColumns, companyName: companies.name })
    .from(quotes)
    .innerJoin(projects, eq(projects.id, quotes.projectId))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(eq(quotes.id, quoteId));
  const prices = await db.select(getTableColumns(quotePrices)).from(quotePrices).where(eq(quotePrices.quoteId, quoteId)).orderBy(asc(quotePrices.unitPrice), asc(quotePrices.id));
  return quoteMapFile(format, { ...quote, projectTitle: quote.projectTitle ?? "" }, prices, now);
}
