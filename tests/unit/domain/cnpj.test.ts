import { describe, expect, it } from "vitest";
import { cnpjSchema, formatCnpj, isCnpj, normalizeCnpj } from "@/domain/cnpj";

describe("CNPJ (numeric and the alphanumeric format valid from July 2026)", () => {
  it("normalizes a masked or lower-case CNPJ to 14 upper-case characters", () => {
    expect(normalizeCnpj(" 46.643.466/0001-06 ")).toBe("46643466000106");
    expect(normalizeCnpj("12.abc.345/01de-35")).toBe("12ABC34501DE35");
  });

  it.each(["46643466000106", "46.643.466/0001-06", "12ABC34501DE35", "12.abc.345/01de-35"])("accepts %s", (value) => {
    expect(isCnpj(value)).toBe(true);
  });

  it.each(["46643466000107", "11111111111111", "4664346600010", "12ABC34501DE3A", "AAAAAAAAAAAAAA", "46643466000106X", ""])("refuses %j", (value) => {
    expect(isCnpj(value)).toBe(false);
  });

  it("formats both kinds for display and leaves anything else as it came", () => {
    expect(formatCnpj("46643466000106")).toBe("46.643.466/0001-06");
    expect(formatCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("123")).toBe("123");
    expect(formatCnpj(null)).toBe("");
  });

  it("the shared schema yields the stored form or the pt-BR message", () => {
    expect(cnpjSchema.parse("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    const failed = cnpjSchema.safeParse("46.643.466/0001-07");
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0].message).toBe("CNPJ inválido. Confira os 14 caracteres e os dígitos verificadores.");
    expect(cnpjSchema.safeParse(undefined).error?.issues[0].message).toBe("Informe o CNPJ.");
  });
});
