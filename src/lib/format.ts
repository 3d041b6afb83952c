/**
 * pt-BR money and dates (spec: R$ 1.234,56, dd/MM/yyyy, America/Sao_Paulo), without building an Intl
 * formatter on the way to the first screen (src/domain/pt-br-numbers.ts says why).
 */
import { brasiliaParts, formatBrl, formatCount, formatShare, lazily } from "@/domain/pt-br-numbers";

const brlCompact = lazily(() => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 }));

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  return formatBrl(Number(value));
}

export function formatMoneyCompact(value: string | number): string {
  return brlCompact().format(Number(value));
}

/** `2025-03-07` → `07/03/2025`; calendar dates are never shifted by time zones. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** `part` as a share of `whole` the pt-BR way: `43,6%`. */
export function formatPercent(part: number, whole: number): string {
  return formatShare(whole ? part / whole : 0, 1);
}

/** A percentage already on the 0–100 scale (antd's `percent`), the pt-BR way: `43,6%`. */
export function formatPercentValue(value: number | undefined): string {
  return formatShare((value ?? 0) / 100, 1);
}

const momentDay = lazily(() => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }));
const momentDayTime = lazily(
  () => new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }),
);

/** A moment (timestamp) as people in the product read it: dd/MM/yyyy [HH:mm], in America/Sao_Paulo. */
export function formatMoment(iso: string | Date | null | undefined, options: { time?: boolean } = {}): string {
  if (!iso) return "—";
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return "—";
  const brasilia = brasiliaParts(date);
  if (brasilia) return options.time ? `${brasilia.day} ${brasilia.time}` : brasilia.day;
  return (options.time ? momentDayTime() : momentDay()).format(date).replace(",", "");
}

/** A count with pt-BR thousands: `1.234` (antd's Statistic would write `1,234`). */
export function formatInteger(value: number): string {
  return formatCount(value);
}
