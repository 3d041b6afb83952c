import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { brasiliaParts, formatBrl, formatCount, formatDecimal, formatShare } from "@/domain/pt-br-numbers";
import { todayInSaoPaulo } from "@/domain/dates";
import { formatReais } from "@/domain/fields";
import { formatUnitPrice } from "@/domain/quotes";
import { formatInteger, formatMoment, formatMoney, formatPercent, formatPercentValue } from "@/lib/format";

/** What each formatter wrote when it was an Intl formatter: the fast path must write the same. */
const intl = {
  money: new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }),
  unitPrice: new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL", minimumFractionDigits: 2, maximumFractionDigits: 4 }),
  share: new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 }),
  count: new Intl.NumberFormat("pt-BR"),
  twoDecimals: new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  day: new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" }),
  dayTime: new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }),
  isoDay: new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }),
};

// Cents (the API's amounts), any double (rounding edges such as 1,005), and signs, zeros and the huge.
const amounts = fc.oneof(
  fc.integer({ min: -1e13, max: 1e13 }).map((cents) => cents / 100),
  fc.double({ min: -1e15, max: 1e15, noNaN: true }),
  fc.constantFrom(0, -0, 0.005, 1.005, -1.005, 999.995, 0.125, 0.00125, 0.0115, 1e-7, 1e21, NaN, Infinity, 123456789.999),
);
const shares = fc.oneof(fc.double({ min: -10, max: 10, noNaN: true }), fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100_000));
const instants = fc.integer({ min: Date.UTC(2005, 0, 1), max: Date.UTC(2045, 0, 1) });

describe("pt-BR numbers without Intl", () => {
  it("writes every amount, unit price, count and decimal exactly as Intl does", () => {
    fc.assert(
      fc.property(amounts, (value) => {
        expect(formatBrl(value)).toBe(intl.money.format(value));
        expect(formatMoney(value)).toBe(intl.money.format(value));
        expect(formatReais(value)).toBe(intl.money.format(value).replace(/\u00a0/g, " "));
        expect(formatUnitPrice(value)).toBe(intl.unitPrice.format(value).replace(/\u00a0/g, " "));
        expect(formatCount(value)).toBe(intl.count.format(value));
        expect(formatInteger(value)).toBe(intl.count.format(value));
        expect(formatDecimal(value, 2, 2)).toBe(intl.twoDecimals.format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it("writes a share as Intl's percent style does, shifting the digits rather than multiplying", () => {
    fc.assert(
      fc.property(shares, (value) => {
        expect(formatShare(value, 1)).toBe(intl.share.format(value));
      }),
      { numRuns: 3000 },
    );
    expect(formatPercent(43.6, 100)).toBe("43,6%");
    expect(formatPercentValue(12.35)).toBe(intl.share.format(0.1235));
  });

  it("tells the day and time in Brasília as Intl does, and leaves the daylight-saving years to Intl", () => {
    fc.assert(
      fc.property(instants, (ms) => {
        expect(formatMoment(new Date(ms))).toBe(intl.day.format(ms));
        expect(formatMoment(new Date(ms), { time: true })).toBe(intl.dayTime.format(ms).replace(",", ""));
        expect(todayInSaoPaulo(ms)).toBe(intl.isoDay.format(ms));
      }),
      { numRuns: 3000 },
    );
    expect(brasiliaParts(Date.UTC(2018, 11, 1))).toBeNull(); // summer time then: Intl answers
    expect(brasiliaParts(Date.UTC(2026, 10, 27, 2, 30))).toEqual({ day: "26/11/2026", isoDay: "2026-11-26", time: "23:30" });
  });
});
