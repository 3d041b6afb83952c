import type { CodeList } from "@/components/resource/fields";
import { QUOTE_SOURCES, QUOTE_STATUSES, type QuoteSource, type QuoteStatus } from "@/domain/quotes";

/** The code lists of quotes, named by src/locales/pt-BR/quotes.ts. */
export const QUOTE_CODES = {
  statuses: { values: QUOTE_STATUSES, label: (code) => `quotes.statuses.${code as QuoteStatus}`, color: (code) => (code === "CONCLUIDA" ? "green" : "blue") },
  sources: { values: QUOTE_SOURCES, label: (code) => `quotes.sources.${code as QuoteSource}` },
} satisfies Record<string, CodeList>;
