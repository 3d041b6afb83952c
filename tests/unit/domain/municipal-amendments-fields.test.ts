import { describe, expect, it } from "vitest";
import { vocabularyKindOf } from "../../../src/domain/fields";
import { movementFields, municipalAmendmentFields, planSchema, stageStepSchema } from "../../../src/domain/municipal-amendments";

/** The municipal emendas' fields are the vocabulary's (issue 31 item 1): the dialogs check with these very schemas. */
describe("the municipal emendas' fields", () => {
  it("build every amount, date and document from the field vocabulary", () => {
    const fields = {
      value: municipalAmendmentFields.shape.value,
      beneficiaryCnpj: municipalAmendmentFields.shape.beneficiaryCnpj,
      finalBeneficiaryDocument: municipalAmendmentFields.shape.finalBeneficiaryDocument,
      indicatedOn: municipalAmendmentFields.shape.indicatedOn,
      movementOn: movementFields.shape.occurredOn,
      movementValue: movementFields.shape.value,
      supplierDocument: movementFields.shape.supplierDocument,
      stepOn: stageStepSchema.shape.occurredOn,
      goalDeadline: planSchema.shape.goals.element.shape.deadline,
      itemValue: planSchema.shape.budgetItems.element.shape.value,
      partValue: planSchema.shape.schedule.element.shape.value,
    };
    const missing = Object.entries(fields).filter(([, schema]) => !vocabularyKindOf(schema)).map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it("refuses a step or a payment dated in the future, and an amount above an emenda's ceiling, each in pt-BR", () => {
    const nextYear = `${new Date().getFullYear() + 1}-01-10`;
    expect(stageStepSchema.shape.occurredOn.safeParse(nextYear).error?.issues[0].message).toBe("A data não pode estar no futuro.");
    expect(movementFields.shape.value.safeParse("1000000000.00").error?.issues[0].message).toBe("Valor é grande demais: no máximo R$ 999.999.999,99.");
    expect(movementFields.shape.value.safeParse("0").error?.issues[0].message).toBe("Valor precisa ser maior que zero.");
  });

  it("lets a filled beneficiary or supplier document be emptied", () => {
    expect(municipalAmendmentFields.shape.beneficiaryCnpj.parse("")).toBeNull();
    expect(movementFields.shape.supplierDocument.parse("")).toBeNull();
    expect(municipalAmendmentFields.shape.finalBeneficiaryDocument.parse(null)).toBeNull();
  });
});
