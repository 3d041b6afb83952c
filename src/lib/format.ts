/** pt-BR money and dates (spec: R$ 1.234,56, dd/MM/yyyy, America/Sao_Paulo). */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const brlCompact = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", notation: "compact", maximumFractionDigits: 1 });

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  return brl.format(Number(value));
}

export function formatMoneyCompact(value: string | number): string {
  return brlCompact.format(Number(value));
}

/** `2025-03-07` → `07/03/2025`; calendar dates are never shifted by time zones. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

/** `part` as a share of `whole` the pt-BR way: `43,6%`. */
export function formatPercent(part: number, whole: number): string {
  return percent.format(whole ? part / whole : 0);
}

/** A percentage already on the 0–100 scale (antd's `percent`), the pt-BR way: `43,6%`. */
export function formatPercentValue(value: number | undefined): string {
  return percent.format((value ?? 0) / 100);
}

const momentDay = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });
const momentDayTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** A moment (timestamp) as people in the product read it: dd/MM/yyyy [HH:mm], in America/Sao_Paulo. */
export function formatMoment(iso: string | Date | null | undefined, options: { time?: boolean } = {}): string {
  if (!iso) return "—";
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return "—";
  return (options.time ? momentDayTime : momentDay).format(date).replace(",", "");
}

const integer = new Intl.NumberFormat("pt-BR");

/** A count with pt-BR thousands: `1.234` (antd's Statistic would write `1,234`). */
export function formatInteger(value: number): string {
  return integer.format(value);
}
