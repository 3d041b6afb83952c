import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  calendarDate,
  documentOf,
  enumOf,
  executedDate,
  executedInstant,
  money,
  optionalCalendarDate,
  optionalCnpjOf,
  optionalDocumentOf,
  optionalLinkOf,
  percent,
  vocabularyKindOf,
} from "@/domain/fields";
import { todayInSaoPaulo } from "@/domain/dates";

/** The one message a schema gives for `value`, or "ok" with the parsed value. */
function outcome(schema: z.ZodType, value: unknown): { ok: unknown } | { error: string } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: result.data };
  expect(result.error.issues).toHaveLength(1);
  return { error: result.error.issues[0].message };
}

describe("money", () => {
  const amount = money("Valor");

  it("accepts a number or a decimal string and gives two decimals", () => {
    expect(outcome(amount, 1234.5)).toEqual({ ok: "1234.50" });
    expect(outcome(amount, "1234.56")).toEqual({ ok: "1234.56" });
    expect(outcome(amount, 0)).toEqual({ ok: "0.00" });
  });

  it("says a negative amount cannot be negative, once, without an example", () => {
    expect(outcome(amount, -1)).toEqual({ error: "Valor não pode ser negativo." });
    expect(outcome(amount, "-1.50")).toEqual({ error: "Valor não pode ser negativo." });
  });

  it("says a huge amount is too large, with the ceiling, and never shows an example", () => {
    expect(outcome(amount, 50_000_000_000_000)).toEqual({ error: "Valor é grande demais: no máximo R$ 9.999.999.999.999,99." });
    expect(outcome(amount, "99999999999999999")).toEqual({ error: "Valor é grande demais: no máximo R$ 9.999.999.999.999,99." });
    expect(outcome(money("Valor", { max: 1000 }), 1000.01)).toEqual({ error: "Valor é grande demais: no máximo R$ 1.000,00." });
  });

  it("refuses more than two decimals and text that is not a number", () => {
    expect(outcome(amount, 1.234)).toEqual({ error: "Valor: use no máximo 2 casas decimais (centavos)." });
    expect(outcome(amount, "abc")).toEqual({ error: "Valor: informe um valor em reais, por exemplo 1234.56." });
    expect(outcome(amount, true)).toEqual({ error: "Valor: informe um valor em reais." });
  });

  it("refuses zero when the field must be positive", () => {
    expect(outcome(money("Valor", { positive: true }), 0)).toEqual({ error: "Valor precisa ser maior que zero." });
  });

  it("takes a comma as the decimal separator, as a person types in pt-BR, but no thousands separators", () => {
    expect(outcome(amount, "1234,56")).toEqual({ ok: "1234.56" });
    expect(outcome(amount, "1.234,56")).toEqual({ error: "Valor: informe um valor em reais, por exemplo 1234.56." });
  });

  it("keeps four decimals for a unit price, and says a negative one is negative (not a decimals message)", () => {
    const price = money("Preço unitário", { positive: true, decimals: 4 });
    expect(outcome(price, "33,1")).toEqual({ ok: "33.1000" });
    expect(outcome(price, "12.34567")).toEqual({ error: "Preço unitário: use até 4 casas decimais." });
    expect(outcome(price, "-2.5")).toEqual({ error: "Preço unitário não pode ser negativo." });
  });
});

describe("the vocabulary registry", () => {
  it("names the kind of a field built from the vocabulary, through the wrappers an area adds", () => {
    expect(vocabularyKindOf(money("Valor", { max: 10 }).optional())).toMatchObject({ kind: "money", max: 10, decimals: 2 });
    expect(vocabularyKindOf(executedDate("a data").nullable())).toMatchObject({ kind: "date", executed: true, from: "2000-01-01" });
    expect(vocabularyKindOf(optionalCnpjOf())).toMatchObject({ kind: "document", document: "cnpj" });
    expect(vocabularyKindOf(percent("o percentual").transform((v) => v.toFixed(2)))).toMatchObject({ kind: "percent" });
    expect(vocabularyKindOf(optionalLinkOf())).toMatchObject({ kind: "link" });
  });
});

describe("documents", () => {
  it("takes a CNPJ or a CPF with valid check digits and stores them without mask", () => {
    expect(outcome(documentOf(), "46.643.466/0001-06")).toEqual({ ok: "46643466000106" });
    expect(outcome(documentOf(), "123.456.789-09")).toEqual({ ok: "12345678909" });
  });

  it("refuses documents whose check digits are wrong or repeated", () => {
    for (const bad of ["11.111.111/1111-11", "00000000000000", "12345678000199", "111.111.111-11", "123"]) {
      expect(outcome(documentOf(), bad)).toEqual({ error: "CNPJ ou CPF inválido. Confira os dígitos verificadores." });
    }
    expect(outcome(optionalCnpjOf(), "00000000000000")).toEqual({ error: "CNPJ inválido. Confira os 14 caracteres e os dígitos verificadores." });
  });

  it("stores an empty optional document as none", () => {
    expect(outcome(optionalDocumentOf(), "")).toEqual({ ok: null });
    expect(outcome(optionalDocumentOf(), null)).toEqual({ ok: null });
    expect(outcome(optionalDocumentOf(), undefined)).toEqual({ ok: null });
  });
});

describe("calendar dates", () => {
  it("refuses a day that does not exist", () => {
    expect(outcome(calendarDate("a data"), "2026-02-31")).toEqual({ error: "A data: use uma data válida." });
    expect(outcome(calendarDate("a data"), "31/02/2026")).toEqual({ error: "A data: use uma data válida." });
  });

  it("refuses anything before 2000 in this domain", () => {
    expect(outcome(calendarDate("a data"), "1900-01-01")).toEqual({ error: "A data: use uma data a partir de 01/01/2000." });
    expect(outcome(calendarDate("a data"), "2000-01-01")).toEqual({ ok: "2000-01-01" });
  });

  it("refuses a future day for something already done, using São Paulo's today", () => {
    const today = todayInSaoPaulo();
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect(outcome(executedDate("a data de envio"), today)).toEqual({ ok: today });
    expect(outcome(executedDate("a data de envio"), nextYear)).toEqual({ error: "A data de envio não pode estar no futuro." });
    expect(outcome(calendarDate("o prazo"), nextYear)).toEqual({ ok: nextYear });
  });

  it("stores an empty optional date as none", () => {
    expect(outcome(optionalCalendarDate("o início"), "")).toEqual({ ok: null });
    expect(outcome(optionalCalendarDate("o início"), "1999-12-31")).toEqual({ error: "O início: use uma data a partir de 01/01/2000." });
  });
});

describe("percent", () => {
  it("accepts 0 to 100 and refuses the rest", () => {
    expect(outcome(percent("o percentual"), 12.5)).toEqual({ ok: 12.5 });
    expect(outcome(percent("o percentual"), 101)).toEqual({ error: "O percentual: informe um número de 0 a 100." });
    expect(outcome(percent("o percentual"), -1)).toEqual({ error: "O percentual: informe um número de 0 a 100." });
  });
});

describe("optional link", () => {
  it("takes an empty string or null as no link, so a filled link can be emptied", () => {
    expect(outcome(optionalLinkOf(), "")).toEqual({ ok: null });
    expect(outcome(optionalLinkOf(), "  ")).toEqual({ ok: null });
    expect(outcome(optionalLinkOf(), null)).toEqual({ ok: null });
    expect(outcome(optionalLinkOf(), "https://example.org/a")).toEqual({ ok: "https://example.org/a" });
  });

  it("refuses addresses that are not http(s)", () => {
    expect(outcome(optionalLinkOf(), "javascript:alert(1)")).toEqual({ error: "Informe um endereço que comece com http:// ou https://." });
  });
});

describe("enumerations", () => {
  const kind = enumOf(["A", "B"] as const, { A: "Alfa", B: "Beta" }, "o tipo");

  it("asks to choose when nothing was given and calls an unknown code invalid", () => {
    expect(outcome(kind, undefined)).toEqual({ error: "Escolha o tipo." });
    expect(outcome(kind, "")).toEqual({ error: "Escolha o tipo." });
    expect(outcome(kind, "C")).toEqual({ error: "O tipo: opção inválida." });
    expect(kind.options).toEqual([
      { value: "A", label: "Alfa" },
      { value: "B", label: "Beta" },
    ]);
  });
});

describe("an instant stamped by the browser (the terms accepted)", () => {
  const accepted = executedInstant("a data de aceite dos termos");

  it("accepts what toISOString() gives, and a bare day, as a Date", () => {
    const now = new Date();
    expect(outcome(accepted, now.toISOString())).toEqual({ ok: now });
    expect(outcome(accepted, "2026-01-15")).toEqual({ ok: new Date("2026-01-15") });
  });

  it("refuses a day that does not exist, text, a day before 2000 and one in the future, each with its pt-BR message", () => {
    expect(outcome(accepted, "2026-02-31T10:00:00.000Z")).toEqual({ error: "A data de aceite dos termos: use uma data válida." });
    expect(outcome(accepted, "ontem")).toEqual({ error: "A data de aceite dos termos: use uma data válida." });
    expect(outcome(accepted, "1900-01-01T12:00:00Z")).toEqual({ error: "A data de aceite dos termos: use uma data a partir de 01/01/2000." });
    expect(outcome(accepted, `${Number(todayInSaoPaulo().slice(0, 4)) + 1}-06-01T12:00:00Z`)).toEqual({ error: "A data de aceite dos termos não pode estar no futuro." });
    expect(outcome(accepted, "")).toEqual({ error: "Informe a data de aceite dos termos." });
  });

  it("is read back as a date of the vocabulary, so the generated contract covers it", () => {
    expect(vocabularyKindOf(accepted)).toMatchObject({ kind: "date", executed: true });
  });
});
