import { describe, expect, it } from "vitest";
import { formatCnpj, formatDate, formatDateTime, formatLimitPercent, formatMoney, formatPercent } from "@/transparency/lib/format";
import { ROUTE_IDS } from "@/transparency/site";
import { IMPOSITION_NR, VOLUNTARY_NR } from "@/domain/transfers";
import { fiscalStatus } from "@/domain/fiscal-indicators";

describe("public formats", () => {
  it("shows money as R$ 1.234,56", () => {
    expect(formatMoney("1234.56")).toBe("R$ 1.234,56");
    expect(formatMoney(0)).toBe("R$ 0,00");
    expect(formatMoney(null)).toBe("—");
  });

  it("shows calendar dates as dd/mm/aaaa without a time-zone shift", () => {
    expect(formatDate("2025-01-01")).toBe("01/01/2025");
    expect(formatDate(null)).toBe("—");
  });

  it("shows the update stamp in Brasília time", () => {
    expect(formatDateTime("2026-11-21T02:30:00.000Z")).toBe("20/11/2026 às 23:30");
  });

  it("shows percentages and the law's limits as written", () => {
    expect(formatPercent("48.6")).toBe("48,60%");
    expect(formatLimitPercent(54 * 0.95)).toBe("51,3%");
    expect(formatLimitPercent(54)).toBe("54%");
  });

  it("formats a CNPJ", () => {
    expect(formatCnpj("46643466000106")).toBe("46.643.466/0001-06");
  });
});

describe("route ids", () => {
  it("match the domain's NR_TRANSFER formats", () => {
    expect(ROUTE_IDS.imposition.source).toBe(IMPOSITION_NR.source);
    expect(ROUTE_IDS.voluntary.source).toBe(VOLUNTARY_NR.source);
  });
});

describe("fiscal status against the legal limit", () => {
  it.each([
    ["PERSONNEL_PCT_RCL", 45, "ok"],
    ["PERSONNEL_PCT_RCL", 48.6, "alert"],
    ["PERSONNEL_PCT_RCL", 51.3, "prudential"],
    ["PERSONNEL_PCT_RCL", 54, "prudential"],
    ["PERSONNEL_PCT_RCL", 54.01, "over"],
    ["DEBT_PCT_RCL", 119.99, "ok"],
    ["DEBT_PCT_RCL", 121, "over"],
    ["EDUCATION_PCT", 25, "ok"],
    ["EDUCATION_PCT", 24.99, "under"],
    ["HEALTH_PCT", 14, "under"],
  ] as const)("%s at %d%% is %s", (indicator, value, status) => {
    const limits = { PERSONNEL_PCT_RCL: 54, DEBT_PCT_RCL: 120, EDUCATION_PCT: 25, HEALTH_PCT: 15 };
    expect(fiscalStatus(indicator, value, limits[indicator])).toBe(status);
  });

  it("has no status for the RCL, the base of the others", () => {
    expect(fiscalStatus("RCL", 1_000_000, null)).toBe("none");
  });
});
