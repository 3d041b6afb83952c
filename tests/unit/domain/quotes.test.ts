import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { distanceFromMedian, formatUnitPrice, quotePriceCreateSchema, quoteCreateSchema, quoteStats } from "@/domain/quotes";

/** The mapa de cotação's figures (Lei 14.133/2021 art. 23): mean, median, lowest, outliers and the estimate. */
describe("quoteStats", () => {
  it("computes mean, median, lowest and the estimate (median × quantity) of an odd number of prices", () => {
    const stats = quoteStats(["32.90", "34.50", "31.75"], "120");
    expect(stats).toMatchObject({ count: 3, mean: "33.0500", median: "32.9000", lowest: "31.7500", highest: "34.5000", estimatedTotal: "3948.00", outlierCount: 0, belowMinimum: false });
    expect(stats.outliers).toEqual([false, false, false]);
  });

  it("takes the mean of the two middle prices as the median of an even number, rounding half up to 4 decimals", () => {
    const stats = quoteStats(["10.0001", "10.0000", "20", "9"], "3");
    expect(stats.median).toBe("10.0001"); // (10.0000 + 10.0001) / 2 = 10.00005 → 10.0001
    expect(stats.lowest).toBe("9.0000");
    expect(stats.estimatedTotal).toBe("30.00"); // 10.00005 × 3 = 30.00015
  });

  it("flags a price more than 25% away from the median, above or below, and not one exactly 25% away", () => {
    const stats = quoteStats(["100", "125", "75", "125.01", "74.99"], "1");
    expect(stats.median).toBe("100.0000");
    expect(stats.outliers).toEqual([false, false, false, true, true]);
    expect(stats.outlierCount).toBe(2);
  });

  it("warns below three prices and gives no figures without any", () => {
    expect(quoteStats(["10", "12"], "1").belowMinimum).toBe(true);
    expect(quoteStats([], "5")).toMatchObject({ count: 0, mean: null, median: null, lowest: null, estimatedTotal: null, belowMinimum: true });
  });

  it("keeps an estimate beyond 2^53 cents exact", () => {
    expect(quoteStats(["999999999.9999"], "1000000000").estimatedTotal).toBe("999999999999900000.00");
  });

  const price = fc.integer({ min: 1, max: 9_999_999_999 }).map((n) => (n / 10_000).toFixed(4));
  const prices = fc.array(price, { minLength: 1, maxLength: 12 });
  const quantity = fc.integer({ min: 1, max: 1_000_000 }).map((n) => (n / 100).toFixed(2));

  it("property: lowest ≤ median ≤ highest and lowest ≤ mean ≤ highest", () => {
    fc.assert(
      fc.property(prices, quantity, (list, q) => {
        const s = quoteStats(list, q);
        const [low, med, mean, high] = [s.lowest, s.median, s.mean, s.highest].map(Number);
        return low <= med && med <= high && low <= mean && mean <= high && low === Math.min(...list.map(Number));
      }),
    );
  });

  it("property: the figures do not depend on the order of the prices, and the flags follow their price", () => {
    fc.assert(
      fc.property(prices, quantity, (list, q) => {
        const a = quoteStats(list, q);
        const reversed = [...list].reverse();
        const b = quoteStats(reversed, q);
        return a.median === b.median && a.mean === b.mean && a.estimatedTotal === b.estimatedTotal && a.outliers.join() === [...b.outliers].reverse().join();
      }),
    );
  });

  it("property: a price is flagged exactly when it is more than 25% away from the median (checked in floating point away from the edge)", () => {
    fc.assert(
      fc.property(prices, (list) => {
        const s = quoteStats(list, "1");
        return list.every((p, i) => {
          const d = Math.abs(distanceFromMedian(p, s.median)!);
          if (Math.abs(d - 0.25) < 1e-3) return true;
          return s.outliers[i] === d > 0.25;
        });
      }),
    );
  });

  it("property: the median price itself is never flagged, and fewer than half of the prices can be flagged on one side", () => {
    fc.assert(
      fc.property(prices, (list) => {
        const s = quoteStats(list, "1");
        const above = list.filter((p, i) => s.outliers[i] && Number(p) > Number(s.median)).length;
        const below = list.filter((p, i) => s.outliers[i] && Number(p) < Number(s.median)).length;
        return list.every((p, i) => p !== s.median || !s.outliers[i]) && above <= list.length / 2 && below <= list.length / 2;
      }),
    );
  });
});

describe("quote inputs", () => {
  it("accepts a price with a comma and 4 decimals and a masked CNPJ", () => {
    const parsed = quotePriceCreateSchema.parse({ quoteId: 1, supplierCnpj: "11.222.333/0001-81", supplierName: "Casa do Construtor", unitPrice: "32,9", quoteDate: "2026-03-02", source: "FORNECEDOR" });
    expect(parsed).toMatchObject({ supplierCnpj: "11222333000181", unitPrice: "32.9000", validUntil: null, storagePath: null });
  });

  it("refuses an invalid CNPJ, a zero price, an unknown source and a validity before the date, in pt-BR", () => {
    const result = quotePriceCreateSchema.safeParse({ quoteId: 1, supplierCnpj: "11.222.333/0001-80", supplierName: "X", unitPrice: "0", quoteDate: "2026-03-02", validUntil: "2026-03-01", source: "BALCAO" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages.supplierCnpj).toMatch(/CNPJ inválido/);
    expect(messages.unitPrice).toMatch(/maior que zero/);
    expect(messages.source).toMatch(/Fonte inválida/);
    expect(quotePriceCreateSchema.safeParse({ quoteId: 1, supplierCnpj: "11222333000181", supplierName: "X", unitPrice: "1", quoteDate: "2026-03-02", validUntil: "2026-03-01", source: "PNCP" }).error?.issues[0].message).toMatch(/validade não pode ser antes/);
  });

  it("takes a CATMAT code of digits only", () => {
    const base = { projectId: 1, itemDescription: "Cimento Portland CP II 50 kg", unit: "saco", quantity: "300" };
    expect(quoteCreateSchema.parse({ ...base, catmatCode: "435291" }).catmatCode).toBe("435291");
    expect(quoteCreateSchema.safeParse({ ...base, catmatCode: "43.529-1" }).error?.issues[0].message).toMatch(/CATMAT\/CATSER/);
  });

  it("formats a unit price with the cents and up to four decimals", () => {
    expect(formatUnitPrice("1234.5678")).toBe("R$ 1.234,5678");
    expect(formatUnitPrice("32.9000")).toBe("R$ 32,90");
  });
});
