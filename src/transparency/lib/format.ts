/** pt-BR formats for the public site, through Intl only (no date or number library in this bundle). */
const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const compactMoney = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const limitPercent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat("pt-BR");
const day = new Intl.DateTimeFormat("pt-BR", { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" });
const moment = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export const EMPTY = "—";

/** `R$ 1.234,56` (Intl puts a no-break space after R$; shown as a normal one). */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  return money.format(Number(value)).replace(/\u00a0/g, " ");
}

export function formatCompactMoney(value: number): string {
  return compactMoney.format(value).replace(/\u00a0/g, " ");
}

export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  return `${percent.format(Number(value))}%`;
}

/** A legal limit as the law writes it: `54%`, `51,3%`, `48,6%`. */
export const formatLimitPercent = (value: number) => `${limitPercent.format(value)}%`;

export const formatInteger = (value: number) => integer.format(value);

/** `2025-03-01` → `01/03/2025` (a calendar date: no time-zone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return EMPTY;
  return day.format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
}

/** An instant in Brasília time: `20/11/2026 às 14:03`. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  return moment.format(new Date(value)).replace(", ", " às ");
}

/** `46643466000106` → `46.643.466/0001-06`. */
export function formatCnpj(value: string | null | undefined): string {
  if (!value) return EMPTY;
  return value.length === 14 ? `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}` : value;
}
