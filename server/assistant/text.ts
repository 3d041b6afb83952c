/** Lower case, accents and punctuation removed, single spaces: 'Quais transferêcias?' → 'quais transferecias'. */
export function normalizeQuestion(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * How many of the word stems appear in a normalized question (a stem matches the start of a word:
 * 'pagament' matches 'pagamento' and 'pagamentos').
 */
export function countStems(normalized: string, stems: string[]): number {
  const words = normalized.split(" ");
  return stems.filter((stem) => words.some((word) => word.startsWith(stem))).length;
}

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 'R$ 1.234,56' from a numeric(15,2) string or number. */
export function formatMoney(value: string | number): string {
  return money.format(Number(value));
}

const dateFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });

/** 'dd/MM/yyyy' in America/Sao_Paulo. */
export function formatDate(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value;
  return dateFormat.format(date);
}

/** A Markdown list (the widget renders Markdown): one '- item' per line. */
export function bulletList(items: string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}
