import type { PublicYearTotal } from "@/domain/transparency";
import { formatInteger, formatMoney, formatPercent } from "../lib/format";

export interface Totals {
  count: number;
  planned: number;
  paid: number;
}

/** Adds totals in cents, so R$ values stay exact. */
export function addTotals(rows: PublicYearTotal[]): Totals {
  const sum = rows.reduce(
    (acc, r) => ({ count: acc.count + r.count, planned: acc.planned + Math.round(Number(r.plannedValue) * 100), paid: acc.paid + Math.round(Number(r.paidValue) * 100) }),
    { count: 0, planned: 0, paid: 0 },
  );
  return { count: sum.count, planned: sum.planned / 100, paid: sum.paid / 100 };
}

export interface Kpi {
  label: string;
  value: string;
}

export function KpiList({ items, label }: { items: Kpi[]; label: string }) {
  return (
    <dl className="tp-kpis" aria-label={label}>
      {items.map((item) => (
        <div className="tp-kpi" key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const kpiValues = {
  count: (n: number) => formatInteger(n),
  money: (n: number) => formatMoney(n),
  share: (paid: number, planned: number) => (planned > 0 ? formatPercent((paid / planned) * 100) : "—"),
};
