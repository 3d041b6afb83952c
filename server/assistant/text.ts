/**
 * Text helpers of the SOL assistant: how a question is normalised and cut into words, and how
 * figures are written back in pt-BR (R$ 1.234,56; dd/mm/aaaa; 12,5%).
 */

/** Lower case, accents and punctuation removed, single spaces: 'Quais transferêcias?' → 'quais transferecias'. */
export function normalizeQuestion(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The words of a normalised question. */
export function words(normalized: string): string[] {
  return normalized ? normalized.split(" ") : [];
}

/** Plural words that must stay as typed: they tell a count ('quantos') or a list ('quais') from a value. */
const KEEP_AS_TYPED = new Set(["quantos", "quantas", "quais", "mais", "menos", "apos", "depois", "antes", "atras", "pais", "tres", "seis", "dois", "duas", "voces", "nos", "vos", "eles", "elas", "meus", "seus", "esses", "estes", "aqueles", "desses", "destes", "nesses", "nestes", "ambos", "todos", "todas", "mes", "deles", "delas", "ultimos", "ultimas", "proximos", "proximas"]);

/**
 * The singular of a Portuguese noun or adjective, good enough to compare words:
 * 'emendas' → 'emenda', 'prestacoes' → 'prestacao', 'especiais' → 'especial', 'parlamentares' → 'parlamentar'.
 */
export function singular(word: string): string {
  if (word.length < 4 || KEEP_AS_TYPED.has(word) || /\d/.test(word)) return word;
  if (word.endsWith("oes") || word.endsWith("aes")) return `${word.slice(0, -3)}ao`;
  if (word.endsWith("ais")) return `${word.slice(0, -3)}al`;
  if (word.endsWith("eis")) return `${word.slice(0, -3)}el`;
  if (word.endsWith("ois")) return `${word.slice(0, -3)}ol`;
  if (/[rz]es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("ns")) return `${word.slice(0, -2)}m`;
  if (word.endsWith("s") && !word.endsWith("ss") && !/[iu]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** A normalised phrase as the singular words the parser compares: 'Prestações de Contas' → 'prestacao de conta'. */
export function lemmaPhrase(phrase: string): string {
  return words(normalizeQuestion(phrase)).map(singular).join(" ");
}

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 'R$ 1.234,56' from a numeric(15,2) string or number (a no-break space keeps 'R$' with its figure). */
export function formatMoney(value: string | number | null | undefined): string {
  return money.format(Number(value ?? 0));
}

const dateFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });

/** 'dd/MM/yyyy' in America/Sao_Paulo; an ISO day ('2025-03-01') is that day. */
export function formatDate(value: Date | string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-");
    return `${d}/${m}/${y}`;
  }
  return dateFormat.format(typeof value === "string" ? new Date(value) : value);
}

const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** '12,5%' (pt-BR decimal comma). */
export function formatPercent(ratio: number): string {
  return `${percent.format(ratio * 100)}%`;
}

/** '1 transferência' / '3 transferências'. */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("pt-BR")} ${count === 1 ? one : many}`;
}

/** A Markdown list (the widget renders Markdown): one '- item' per line. */
export function bulletList(items: string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}

/** 'a, b e c'. */
export function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

/** 'ANA DUARTE' → 'Ana Duarte' (names come upper case from Transferegov); short particles stay lower case. */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((part, i) => (i > 0 && ["da", "de", "do", "das", "dos", "e"].includes(part) ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join(" ");
}

/** 'hoje', 'amanhã', 'em 1 dia', 'em 12 dias', 'há 3 dias'. */
export function relativeDays(days: number): string {
  if (days === 0) return "hoje";
  if (days === 1) return "amanhã";
  if (days > 0) return `em ${plural(days, "dia", "dias")}`;
  return `há ${plural(-days, "dia", "dias")}`;
}
