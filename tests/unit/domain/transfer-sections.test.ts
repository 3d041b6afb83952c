import { describe, expect, it } from "vitest";
import { FUND, IMPOSITION, VOLUNTARY } from "@/resources/transfers/kinds";
import { SECTIONS } from "@/resources/transfers/sections";

describe("transfer form sections", () => {
  it.each([IMPOSITION, VOLUNTARY, FUND])("ask for every field the $resource API accepts, each once", (config) => {
    const names = SECTIONS[config.kind].flatMap((section) => section.fields.map((field) => field.name));
    expect(new Set(names).size).toBe(names.length);
    for (const field of Object.keys(config.fieldsSchema.shape)) expect(names).toContain(field);
  });

  it.each([IMPOSITION, VOLUNTARY, FUND])("show the $resource values the database computes read-only, and sum only editable ones", (config) => {
    const editable = new Set(Object.keys(config.fieldsSchema.shape));
    for (const [total, parts] of Object.entries(config.sums)) {
      expect(editable.has(total)).toBe(false);
      for (const part of parts) expect(editable.has(part)).toBe(true);
    }
  });

  it("keeps the totals recomputed from payments out of the imposition and voluntary forms", () => {
    for (const config of [IMPOSITION, VOLUNTARY]) {
      expect(config.fieldsSchema.shape).not.toHaveProperty("committedValue");
      expect(config.fieldsSchema.shape).not.toHaveProperty("paidValue");
    }
  });

  it("checks date order with the server's own message", () => {
    const result = IMPOSITION.updateSchema.safeParse({ executionStart: "2025-05-01", executionEnd: "2025-04-30" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["executionEnd"], message: "O fim da execução não pode ser antes do início." });
  });
});

describe("transfer choices", () => {
  it("ask to choose when nothing was picked, and call an unknown code invalid", () => {
    const situation = IMPOSITION.fieldsSchema.shape.situation;
    expect(situation.safeParse(undefined).error?.issues[0].message).toBe("Escolha a situação.");
    expect(situation.safeParse("X").error?.issues[0].message).toBe("Situação inválida.");
    expect(VOLUNTARY.fieldsSchema.shape.modality.safeParse(undefined).error?.issues[0].message).toBe("Escolha a modalidade.");
  });
});
