import type { Db } from "../client";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { fiscalIndicators } from "../schema";
import { FISCAL_INDICATOR_DEFINITIONS, type FiscalIndicator } from "../../../src/domain/fiscal-indicators";
import { prng } from "./transfers-catalog";

type NewIndicator = typeof fiscalIndicators.$inferInsert;

/**
 * Where each demo municipality starts, in the order of DEMO_COMPANIES: RCL (R$ of the oldest year)
 * near the real SICONFI figures, and its usual personnel, debt, education and health ratios.
 */
const PROFILES = [
  { rcl: 3_350_000_000, personnel: 44.1, debt: 4.2, education: 27.4, health: 26.8 },
  { rcl: 6_100_000_000, personnel: 47.3, debt: 21.5, education: 28.9, health: 29.6 },
  { rcl: 12_400_000_000, personnel: 49.8, debt: 38.7, education: 26.1, health: 22.3 },
];

export const FISCAL_YEARS_SHOWN = 4;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The last FISCAL_YEARS_SHOWN closed years of indicators for one municipality; deterministic for a seed. */
export function generateFiscalIndicators(companyId: number, profileIndex: number, lastYear: number, seed: number): NewIndicator[] {
  const profile = PROFILES[profileIndex % PROFILES.length];
  const rng = prng(seed + profileIndex * 104_729);
  const rows: NewIndicator[] = [];
  let rcl = profile.rcl;
  let personnel = profile.personnel;
  for (let year = lastYear - FISCAL_YEARS_SHOWN + 1; year <= lastYear; year++) {
    const values: Record<FiscalIndicator, number> = {
      RCL: round2(rcl),
      // Personnel drifts a little each year; Belo Horizonte's profile crosses the 48.6 % alert level.
      PERSONNEL_PCT_RCL: round2(personnel),
      DEBT_PCT_RCL: round2(Math.max(0, profile.debt + (rng.next() - 0.5) * 6)),
      EDUCATION_PCT: round2(profile.education + (rng.next() - 0.5) * 3),
      HEALTH_PCT: round2(profile.health + (rng.next() - 0.5) * 4),
    };
    for (const [indicator, value] of Object.entries(values) as [FiscalIndicator, number][]) {
      const limit = FISCAL_INDICATOR_DEFINITIONS[indicator].defaultLimit;
      rows.push({ companyId, year, indicator, value: value.toFixed(2), limitValue: limit === null ? null : limit.toFixed(2) });
    }
    rcl *= 1.05 + rng.next() * 0.07;
    personnel += (rng.next() - 0.35) * 1.6;
  }
  return rows;
}

/** Seeds the demo fiscal indicators of each company for the closed years before `today`. */
export async function seedFiscalIndicators(db: Db, companyIds: number[], options: { today?: string; seed?: number } = {}) {
  const lastYear = Number((options.today ?? todayInSaoPaulo()).slice(0, 4)) - 1;
  const rows = companyIds.flatMap((id, index) => generateFiscalIndicators(id, index, lastYear, options.seed ?? 2025));
  if (rows.length) await db.insert(fiscalIndicators).values(rows);
}
