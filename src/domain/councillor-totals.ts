import type { PublicCouncillorTotals } from "./public-municipal-amendments";

/**
 * The per-councillor table of the public municipal emendas (issue 37 item 5). A plain module (types
 * only from the schemas' module), so the public site's bundle takes it without zod.
 */

/** One councillor's emendas in one budget year: how many, how much, how much paid, and how many at each stage. */
export interface CouncillorYear {
  authorName: string;
  authorParty: string;
  year: number;
  count: number;
  /** Sums in cents, so adding the stages' strings never drifts. */
  valueCents: number;
  paidCents: number;
  stages: Partial<Record<PublicCouncillorTotals["totals"][number]["stage"], number>>;
}

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * The API's rows per councillor, year and stage folded into one row per councillor and year, most recent year first, then by name.
 */
export function councillorYears(totals: PublicCouncillorTotals["totals"]): CouncillorYear[] {
  const rows = new Map<string, CouncillorYear>();
  for (const t of totals) {
    const key = `${t.year}\u0000${t.authorName}`;
    const row = rows.get(key) ?? { authorName: t.authorName, authorParty: t.authorParty, year: t.year, count: 0, valueCents: 0, paidCents: 0, stages: {} };
    row.count += t.count;
    row.valueCents += cents(t.value);
    row.paidCents += cents(t.paidValue);
    row.stages[t.stage] = (row.stages[t.stage] ?? 0) + t.count;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.year - a.year || a.authorName.localeCompare(b.authorName, "pt-BR"));
}
