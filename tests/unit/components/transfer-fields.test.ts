import { describe, expect, it } from "vitest";
import { allFields, isEditable, type ResourceFields } from "@/components/resource/fields";
import { i18next } from "@/providers/i18n";
import { FUND, IMPOSITION, VOLUNTARY } from "@/resources/transfers/kinds";
import { paymentFields } from "@/resources/transfers/payment-fields";

const KINDS = [IMPOSITION, VOLUNTARY, FUND];

describe("transfer field descriptions", () => {
  it.each(KINDS)("ask for every field the $resource API accepts, each once, and nothing it refuses", (config) => {
    const { sections, schema } = config.fields;
    const fields = allFields(sections);
    const names = fields.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    const asked = fields.filter((field) => isEditable(field, schema)).map((field) => field.name);
    expect(asked.sort()).toEqual(Object.keys(schema!.shape).sort());
  });

  it.each(KINDS)("show the $resource values the database computes read-only, and sum only editable ones", (config) => {
    const { sections, schema } = config.fields;
    for (const field of allFields(sections).filter((f) => f.computed)) {
      expect(schema!.shape).not.toHaveProperty(field.name);
      for (const part of field.computed!.sumOf ?? []) expect(schema!.shape).toHaveProperty(part);
    }
  });

  it("keeps the totals recomputed from payments out of the imposition and voluntary forms", () => {
    for (const config of [IMPOSITION, VOLUNTARY]) {
      const computed = allFields(config.fields.sections).filter((f) => f.computed).map((f) => f.name);
      expect(computed).toEqual(expect.arrayContaining(["committedValue", "paidValue"]));
    }
  });

  /** Every text key a description names. */
  function textKeys<Row>(fields: ResourceFields<Row>): string[] {
    return [
      ...fields.sections.flatMap((section) => (section.title ? [section.title] : [])),
      ...allFields(fields.sections).flatMap((field) => [field.label, ...(field.codes ? field.codes.values.map(field.codes.label) : [])]),
      ...(fields.columns ?? []).flatMap((column) => [column.label, ...(column.title ? [column.title] : [])]),
    ];
  }

  it("name only texts that exist in pt-BR", () => {
    const keys = [...KINDS.flatMap((config) => textKeys(config.fields)), ...textKeys(paymentFields)];
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !i18next.exists(key))).toEqual([]);
  });

  it("checks date order with the server's own message", () => {
    const result = IMPOSITION.fields.updateSchema!.safeParse({ executionStart: "2025-05-01", executionEnd: "2025-04-30" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["executionEnd"], message: "O fim da execução não pode ser antes do início." });
    const end = allFields(IMPOSITION.fields.sections).find((field) => field.name === "executionEnd");
    expect(end?.notBefore).toBe("executionStart");
  });

  it("starts a new transfer in this year, public, with zero in every value it asks for", () => {
    const values = IMPOSITION.fields.defaults!();
    expect(values).toMatchObject({ year: new Date().getFullYear(), isPublic: true, costingValue: "0.00", investmentValue: "0.00" });
    expect(values).not.toHaveProperty("plannedValue");
    expect(VOLUNTARY.fields.defaults!()).toMatchObject({ contractingSituation: "NORMAL", transferValue: "0.00" });
  });
});

describe("transfer choices", () => {
  it("ask to choose when nothing was picked, and call an unknown code invalid", () => {
    const shape = IMPOSITION.fields.schema!.shape;
    expect(shape.situation.safeParse(undefined).error?.issues[0].message).toBe("Escolha a situação.");
    expect(shape.situation.safeParse("X").error?.issues[0].message).toBe("Situação inválida.");
    expect(VOLUNTARY.fields.schema!.shape.modality.safeParse(undefined).error?.issues[0].message).toBe("Escolha a modalidade.");
  });
});
