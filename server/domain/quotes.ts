import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { quotePrices, quotes } from "../db/schema";
import { quoteStats, type QuoteStats } from "../../src/domain/quotes";

/**
 * Keeps an item's figures from its prices (quoteStats, the only rule), inside the write's transaction:
 * the item is locked by the price's write (or is the row being written).
 */
export async function recomputeQuote(tx: Db, quoteId: number): Promise<QuoteStats> {
  const [quote] = await tx.select({ quantity: quotes.quantity }).from(quotes).where(eq(quotes.id, quoteId));
  const prices = await tx.select({ unitPrice: quotePrices.unitPrice }).from(quotePrices).where(eq(quotePrices.quoteId, quoteId));
  const stats = quoteStats(
    prices.map((p) => p.unitPrice),
    quote?.quantity ?? "0",
  );
  if (!quote) return stats;
  await tx
    .update(quotes)
    .set({ priceCount: stats.count, meanPrice: stats.mean, medianPrice: stats.median, lowestPrice: stats.lowest, estimatedTotal: stats.estimatedTotal, outlierCount: stats.outlierCount })
    .where(eq(quotes.id, quoteId));
  return stats;
}
