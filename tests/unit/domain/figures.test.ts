import { describe, expect, it } from "vitest";
import { kindFigures } from "../../../src/domain/dashboard";
import { goalFigures } from "../../../src/domain/projects";

/**
 * Figures the SPA computes (issue 31 item 5), each checked against a second computation from the rows
 * it summarizes.
 */

const totals = [
  { kind: "imposition", year: 2024, count: 5, active: 1, plannedValue: "500000.00", committedValue: "400000.00", paidValue: "300000.00" },
  { kind: "imposition", year: 2025, count: 4, active: 3, plannedValue: "400000.00", committedValue: "100000.00", paidValue: "50000.00" },
  { kind: "voluntary", year: 2025, count: 2, active: 2, plannedValue: "200000.00", committedValue: null, paidValue: null },
  { kind: "fund", year: 2026, count: 1, active: 0, plannedValue: "10000.50", committedValue: "0.00", paidValue: "0.00" },
] as const;

describe("the dashboard's cards follow the year filter", () => {
  it("counts 'Transferências ativas' of the chosen year only, as the rows of that year add up", () => {
    for (const year of [2024, 2025, 2026] as const) {
      for (const kind of ["imposition", "voluntary", "fund"] as const) {
        // The second way: the rows of that kind and year, counted one by one.
        const rows = totals.filter((row) => row.kind === kind && row.year === year);
        expect(kindFigures(totals, year, kind).active, `${kind} ${year}`).toBe(rows.reduce((sum, row) => sum + row.active, 0));
      }
    }
    expect(kindFigures(totals, 2025, "imposition").active).toBe(3);
    expect(kindFigures(totals, "all", "imposition").active).toBe(4);
  });

  it("sums count, planned, committed and paid of the same rows, an empty value counting as zero", () => {
    expect(kindFigures(totals, 2025)).toEqual({ count: 6, active: 5, planned: 600000, committed: 100000, paid: 50000 });
    expect(kindFigures(totals, "all")).toEqual({ count: 12, active: 6, planned: 1110000.5, committed: 500000, paid: 350000 });
    expect(kindFigures(totals, 2030)).toEqual({ count: 0, active: 0, planned: 0, committed: 0, paid: 0 });
  });
});

describe("a work plan's meta shows the value typed on it", () => {
  const etapas = [
    { value: "30000.00", executedPct: "100" },
    { value: "10000.00", executedPct: "50" },
  ];

  it("shows the typed value, and the etapas' sum beside it only when they disagree", () => {
    const figures = goalFigures({ value: "50000.00" }, etapas);
    // The second way: the etapas' values added in cents.
    const stages = etapas.reduce((sum, etapa) => sum + Math.round(Number(etapa.value) * 100), 0) / 100;
    expect(figures).toMatchObject({ typed: 50000, shown: 50000, stages, differs: true });
    expect(goalFigures({ value: "40000.00" }, etapas)).toMatchObject({ shown: 40000, differs: false });
  });

  it("shows the etapas' sum when no value was typed, and a typed value without etapas as it is", () => {
    expect(goalFigures({ value: null }, etapas)).toMatchObject({ typed: null, shown: 40000, differs: false });
    expect(goalFigures({ value: "12000.00" }, [])).toMatchObject({ typed: 12000, shown: 12000, stages: 0, differs: false, done: 0 });
  });

  it("weighs each etapa's execution by its value", () => {
    // (30 000 × 100% + 10 000 × 50%) / 40 000 = 87.5%
    expect(goalFigures({ value: "50000.00" }, etapas).done).toBeCloseTo(87.5, 10);
    expect(goalFigures({ value: null }, [{ value: "100.00", executedPct: "150" }]).done).toBe(100);
  });
});
