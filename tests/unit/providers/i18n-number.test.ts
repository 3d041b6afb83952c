import { afterEach, describe, expect, it, vi } from "vitest";
import { translate } from "@/providers/i18n";

afterEach(() => vi.restoreAllMocks());

describe("numbers inside texts", () => {
  // First: no formatter is cached yet.
  it("writes a plain pt-BR count without building any Intl formatter (the first one loads the locale's data on a phone's first screen)", () => {
    const made = vi.spyOn(Intl, "NumberFormat");
    expect(translate("transfers.totals.count", { count: 1234567 })).toBe("1.234.567 transferências");
    expect(made).not.toHaveBeenCalled();
  });

  it("writes a count with pt-BR grouping and picks the plural by the number", () => {
    expect(translate("transfers.totals.count", { count: 1234 })).toBe("1.234 transferências");
    expect(translate("transfers.totals.count", { count: 1 })).toMatch(/^1 transferência$/);
  });

  it("builds no new number formatter for each new count (the dashboard's counts cost a phone's first render one each)", () => {
    translate("transfers.totals.count", { count: 5 });
    const made = vi.spyOn(Intl, "NumberFormat");
    for (let count = 6; count < 30; count++) translate("transfers.totals.count", { count });
    expect(made).not.toHaveBeenCalled();
  });

  it("keeps a text's own number format options", async () => {
    const { formatNumberOnce } = await import("@/providers/i18n");
    expect(formatNumberOnce(0.5, "pt-BR", { style: "percent", count: 3 })).toBe("50%");
    expect(formatNumberOnce(1234.5, "pt-BR", { minimumFractionDigits: 2, count: 9 })).toBe("1.234,50");
  });
});
