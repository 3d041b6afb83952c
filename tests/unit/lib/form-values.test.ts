import { describe, expect, it } from "vitest";
import dayjs from "dayjs";
import { dayjsToIso, formatMoneyInput, isoToDayjs, parseMoneyInput } from "@/lib/form-values";
import { money } from "@/domain/transfers";

describe("money inputs in pt-BR", () => {
  it("show the API's decimal strings with thousand dots, a decimal comma and the cents", () => {
    expect(formatMoneyInput("1234.56")).toBe("1.234,56");
    expect(formatMoneyInput("1234567.5")).toBe("1.234.567,50");
    expect(formatMoneyInput(0)).toBe("0,00");
    expect(formatMoneyInput("250000")).toBe("250.000,00");
    expect(formatMoneyInput("-1500.00")).toBe("-1.500,00");
  });

  it("leave the text alone while the person types, and show nothing for no value", () => {
    expect(formatMoneyInput("1234.5", { userTyping: true, input: "1234,5" })).toBe("1234,5");
    expect(formatMoneyInput(undefined)).toBe("");
    expect(formatMoneyInput(null)).toBe("");
  });

  it("read what people type as an exact decimal string", () => {
    expect(parseMoneyInput("1.234,56")).toBe("1234.56");
    expect(parseMoneyInput("R$ 1.234.567,89")).toBe("1234567.89");
    expect(parseMoneyInput("250000")).toBe("250000");
    expect(parseMoneyInput("0,5")).toBe("0.5");
    expect(parseMoneyInput(",75")).toBe("0.75");
    expect(parseMoneyInput("-500")).toBe("-500");
    expect(parseMoneyInput("")).toBe("");
    expect(parseMoneyInput(undefined)).toBe("");
  });

  it("takes a lone dot before one or two digits as the decimal point, and dots before three as thousands", () => {
    expect(parseMoneyInput("1234.5")).toBe("1234.5");
    expect(parseMoneyInput("1234.56")).toBe("1234.56");
    expect(parseMoneyInput("1.234")).toBe("1234");
    expect(parseMoneyInput("1.234.567")).toBe("1234567");
  });

  it("round-trips through the display, and what it reads passes the server's money schema", () => {
    for (const value of ["0.00", "1234.56", "9999999999999.99"]) {
      const parsed = parseMoneyInput(formatMoneyInput(value));
      expect(parsed).toBe(value);
      expect(money("Valor").parse(parsed)).toBe(value);
    }
    expect(money("Valor").safeParse(parseMoneyInput("-500")).error?.issues[0].message).toBe("Valor não pode ser negativo.");
  });
});

describe("date inputs", () => {
  it("turn an ISO day into the picker's value for that same calendar day", () => {
    const day = isoToDayjs("2025-03-07");
    expect(day?.format("DD/MM/YYYY")).toBe("07/03/2025");
    expect(isoToDayjs("2025-03-07T00:00:00.000Z")?.format("YYYY-MM-DD")).toBe("2025-03-07");
  });

  it("have no picker value for an empty or unreadable date", () => {
    expect(isoToDayjs(null)).toBeUndefined();
    expect(isoToDayjs("")).toBeUndefined();
    expect(isoToDayjs("07/03/2025")).toBeUndefined();
  });

  it("show no day for one that does not exist, instead of rolling 31/02 over into March", () => {
    expect(isoToDayjs("2026-02-31")).toBeUndefined();
    expect(isoToDayjs("2026-11-40")).toBeUndefined();
  });

  it("send the picked day as ISO, and null once cleared so an edit can clear it", () => {
    expect(dayjsToIso(dayjs("2024-12-31"))).toBe("2024-12-31");
    expect(dayjsToIso(null)).toBeNull();
    expect(dayjsToIso(undefined)).toBeNull();
    expect(dayjsToIso(dayjs("nada"))).toBeNull();
  });
});
