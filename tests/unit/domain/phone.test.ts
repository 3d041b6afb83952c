import { describe, expect, it } from "vitest";
import { formatBrazilianPhone, formatPhoneAsTyped, optionalPhoneSchema } from "@/domain/phone";

describe("Brazilian phones", () => {
  it("stores landlines, mobiles and 0800 numbers in the usual groupings, dropping +55", () => {
    expect(formatBrazilianPhone("1239478000")).toBe("(12) 3947-8000");
    expect(formatBrazilianPhone("(12)99123 4567")).toBe("(12) 99123-4567");
    expect(formatBrazilianPhone("+55 (12) 3947-8000")).toBe("(12) 3947-8000");
    expect(formatBrazilianPhone("0800 123 4567")).toBe("0800 123 4567");
  });

  it("is not a phone without the DDD, or with too few digits", () => {
    expect(formatBrazilianPhone("3947-8000")).toBeNull();
    expect(formatBrazilianPhone("99123-4567")).toBeNull();
    expect(formatBrazilianPhone("1234")).toBeNull();
  });

  it("groups the digits while they are typed, and lets a separator be deleted", () => {
    expect(formatPhoneAsTyped("12")).toBe("(12");
    expect(formatPhoneAsTyped("123947")).toBe("(12) 3947");
    expect(formatPhoneAsTyped("1239478000")).toBe("(12) 3947-8000");
    expect(formatPhoneAsTyped("12991234567")).toBe("(12) 99123-4567");
    expect(formatPhoneAsTyped("(12) 3947", "(12) 3947-")).toBe("(12) 3947");
    expect(formatPhoneAsTyped("")).toBe("");
  });

  it("the schema: empty is null, a phone is stored formatted, anything else is refused in pt-BR", () => {
    expect(optionalPhoneSchema.parse("")).toBeNull();
    expect(optionalPhoneSchema.parse("12 3947 8000")).toBe("(12) 3947-8000");
    const bad = optionalPhoneSchema.safeParse("abc");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Informe um telefone com DDD, ex.: (12) 3947-8000.");
  });
});
