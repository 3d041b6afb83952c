import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatCnpj, formatDate, formatDateTime, formatInteger, formatLimitPercent, formatMoney, formatPercent } from "@/transparency/lib/format";
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

  it("writes the same digits as Intl for any amount, percentage or count, without building an Intl formatter", () => {
    const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    const percent = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const limit = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
    const count = new Intl.NumberFormat("pt-BR");
    // Cents (the API's amounts), any double (rounding edges such as 1,005), and the signs and zeros.
    const amounts = fc.oneof(
      fc.integer({ min: -1e13, max: 1e13 }).map((cents) => cents / 100),
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.constantFrom(0, -0, 0.005, 1.005, -1.005, 999.995, 0.125, 1e-7, 1e21, 123456789.999),
    );
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatMoney(value)).toBe(money.format(value).replace(/\u00a0/g, " "));
        expect(formatPercent(value)).toBe(`${percent.format(value)}%`);
        expect(formatLimitPercent(value)).toBe(`${limit.format(value)}%`);
        expect(formatInteger(value)).toBe(count.format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("writes the update stamp as Intl does in Brasília time, before and after daylight saving time ended", () => {
    const brasilia = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
    const instants = fc.integer({ min: Date.UTC(2010, 0, 1), max: Date.UTC(2040, 0, 1) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(instants, (instant) => {
        expect(formatDateTime(instant.toISOString())).toBe(brasilia.format(instant).replace(", ", " às "));
      }),
      { numRuns: 3000 },
    );
    expect(formatDateTime("2019-01-15T12:00:00Z")).toBe("15/01/2019 às 10:00"); // summer time, UTC−2
    expect(formatDateTime("not a date")).toBe("—");
  });

  it("keeps a malformed calendar date from becoming a wrong one", () => {
    expect(formatDate("2025")).toBe("—");
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
