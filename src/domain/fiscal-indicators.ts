/**
 * Fiscal indicators shown on the public site (research notes section 3.3): the LRF and
 * constitutional ratios a municipality publishes in its RREO / RGF, each with its legal limit.
 * A "max" limit must not be exceeded, a "min" one must be reached; the personnel ceiling also has
 * the LRF's prudential (95 %) and alert (90 %) levels.
 */
export const FISCAL_INDICATORS = ["RCL", "PERSONNEL_PCT_RCL", "DEBT_PCT_RCL", "EDUCATION_PCT", "HEALTH_PCT"] as const;
export type FiscalIndicator = (typeof FISCAL_INDICATORS)[number];

export interface FiscalIndicatorDefinition {
  /** "money" values are R$; "percent" values are % (of the RCL, or of tax revenue). */
  unit: "money" | "percent";
  /** How the value compares to its limit; null when it has none (the RCL is the base of the others). */
  limitKind: "max" | "min" | null;
  /** The limit in force (LRF arts. 19-20, Res. Senado 40/2001, CF art. 212, LC 141/2012). */
  defaultLimit: number | null;
  /** Where the value is published (SICONFI). */
  source: string;
}

export const FISCAL_INDICATOR_DEFINITIONS: Record<FiscalIndicator, FiscalIndicatorDefinition> = {
  RCL: { unit: "money", limitKind: null, defaultLimit: null, source: "RREO Anexo 3" },
  PERSONNEL_PCT_RCL: { unit: "percent", limitKind: "max", defaultLimit: 54, source: "RGF Anexo 1" },
  DEBT_PCT_RCL: { unit: "percent", limitKind: "max", defaultLimit: 120, source: "RGF Anexo 2" },
  EDUCATION_PCT: { unit: "percent", limitKind: "min", defaultLimit: 25, source: "RREO Anexo 8" },
  HEALTH_PCT: { unit: "percent", limitKind: "min", defaultLimit: 15, source: "RREO Anexo 12" },
};

/** LRF art. 22 (prudential, 95 % of the ceiling) and art. 59 §1 II (alert, 90 %). */
export const PRUDENTIAL_SHARE = 0.95;
export const ALERT_SHARE = 0.9;

export type FiscalStatus = "ok" | "alert" | "prudential" | "over" | "under" | "none";

/** Where a value stands against its limit: within it, past the alert or prudential level, over a ceiling or under a floor. */
export function fiscalStatus(indicator: FiscalIndicator, value: number, limit: number | null): FiscalStatus {
  const kind = FISCAL_INDICATOR_DEFINITIONS[indicator].limitKind;
  if (kind === null || limit === null) return "none";
  if (kind === "min") return value >= limit ? "ok" : "under";
  if (value > limit) return "over";
  if (indicator === "PERSONNEL_PCT_RCL") {
    // Compared in hundredths, so 51.30 reaches the 51.3 level exactly.
    const hundredths = Math.round(value * 100);
    if (hundredths >= Math.round(limit * PRUDENTIAL_SHARE * 100)) return "prudential";
    if (hundredths >= Math.round(limit * ALERT_SHARE * 100)) return "alert";
  }
  return "ok";
}
