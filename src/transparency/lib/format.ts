/**
 * pt-BR formats for the public site, with no date or number library in this bundle and no Intl
 * formatter built unless a value needs one (see src/domain/pt-br-numbers.ts for why).
 */
import { brasiliaParts, formatBrl, formatCount, formatDecimal, lazily } from "@/domain/pt-br-numbers";

const intlCompactMoney = lazily(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 }));
const intlMoment = lazily(
  () => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }),
);

export const EMPTY = "—";

/** `R$ 1.234,56` (Intl puts a no-break space after R$; shown as a normal one). */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  return formatBrl(Number(value)).replace(/\u00a0/g, " ");
}

export function formatCompactMoney(value: number): string {
  return intlCompactMoney().format(value).replace(/\u00a0/g, " ");
}

export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  return `${formatDecimal(Number(value), 2, 2)}%`;
}

/** A legal limit as the law writes it: `54%`, `51,3%`, `48,6%`. */
export const formatLimitPercent = (value: number) => `${formatDecimal(value, 0, 2)}%`;

export const formatInteger = formatCount;

/** `2025-03-01` → `01/03/2025` (a calendar date: no time-zone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const [year, month, day] = value.slice(0, 10).split("-");
  return day && month && year ? `${day}/${month}/${year}` : EMPTY;
}

/** An instant in Brasília time: `20/11/2026 às 14:03`. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return EMPTY;
  const brasilia = brasiliaParts(instant);
  return brasilia ? `${brasilia.day} às ${brasilia.time}` : intlMoment().format(instant).replace(", ", " às ");
}

/** `46643466000106` → `46.643.466/0001-06`. */
export function formatCnpj(value: string | null | undefined): string {
  if (!value) return EMPTY;
  return value.length === 14 ? `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}` : value;
}
