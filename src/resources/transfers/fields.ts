import type { ZodObject } from "zod";
import { describeFields, type FieldName, type FieldSection, type FieldSpec, type FieldType, type ResourceFields } from "@/components/resource/fields";
import type { Translate } from "@/providers/i18n";
import { screenUrl } from "@/domain/admin-screens";
import {
  fundTransferFields,
  fundTransferUpdateSchema,
  impositionTransferFields,
  impositionTransferUpdateSchema,
  voluntaryTransferFields,
  voluntaryTransferUpdateSchema,
} from "@/domain/transfers";
import type { transfers as transferTexts } from "@/locales/pt-BR/transfers";
import { CODES } from "./codes";
import { TRANSFER_LIST_SORT } from "./list-defaults";
import type { FundTransfer, ImpositionTransfer, VoluntaryTransfer } from "./rows";

type Label = keyof (typeof transferTexts)["transfers"]["fields"];

/** A transfer field labelled `transfers.fields.{name}` (or `label`), by type. */
const fieldOf =
  <Row>() =>
  (name: FieldName<Row> & Label, type?: FieldType, extra: Omit<Partial<FieldSpec<Row>>, "name" | "type"> = {}): FieldSpec<Row> => ({
    name,
    label: `transfers.fields.${name}` as `transfers.fields.${Label}`,
    type,
    ...extra,
  });

const fromPayments = { hint: "transfers.form.fromPayments" } as const;
const isPublic = { bool: { yes: "transfers.public", no: "transfers.private" } } as const;
const example = (value: string) => ({ hint: (t: Translate) => t("transfers.form.example", { example: value }) });
const amendmentHint = { hint: "transfers.form.amendmentNumber" } as const;

/** What a new transfer starts with: this year, public, and zero in every value it asks for. */
function createDefaults<Row>(schema: ZodObject, sections: FieldSection<Row>[], extra: Record<string, unknown> = {}) {
  return () => {
    const values: Record<string, unknown> = { year: new Date().getFullYear(), isPublic: true, ...extra };
    for (const field of sections.flatMap((section) => section.fields)) {
      if (field.type === "money" && !field.computed && field.name in schema.shape) values[field.name] = "0.00";
    }
    return values;
  };
}

const imposition = fieldOf<ImpositionTransfer>();
const impositionSections: ResourceFields<ImpositionTransfer>["sections"] = [
  {
    title: "transfers.sections.identification",
    fields: [
      imposition("nrTransfer", "text", example("09032025-079703")),
      imposition("year", "integer"),
      imposition("situation", "code", { codes: CODES.impositionSituations }),
      imposition("acceptedAt", "date"),
      imposition("impedimentReason", "longText"),
    ],
  },
  {
    title: "transfers.sections.amendment",
    fields: [imposition("parliamentarianName"), imposition("parliamentarianCode", "integer"), imposition("amendmentNumber", "text", amendmentHint)],
  },
  { title: "transfers.sections.program", fields: [imposition("programCode"), imposition("programName"), imposition("grantorAcronym"), imposition("grantorName")] },
  {
    title: "transfers.sections.object",
    fields: [imposition("objectName"), imposition("objectDetail", "longText"), imposition("policyAreas"), imposition("expenseCategory", "code", { codes: CODES.expenseCategories })],
  },
  {
    title: "transfers.sections.values",
    fields: [
      imposition("costingValue", "money"),
      imposition("investmentValue", "money"),
      imposition("plannedValue", "money", { computed: { sumOf: ["costingValue", "investmentValue"] } }),
      imposition("committedValue", "money", { computed: fromPayments }),
      imposition("paidValue", "money", { computed: fromPayments }),
    ],
  },
  {
    title: "transfers.sections.dates",
    fields: [imposition("executionStart", "date"), imposition("executionEnd", "date", { notBefore: "executionStart" }), imposition("legislativeNotifiedAt", "date")],
  },
  { title: "transfers.sections.bank", fields: [imposition("bankCode"), imposition("bankName"), imposition("agency"), imposition("account")] },
  { title: "transfers.sections.internal", fields: [imposition("isPublic", "bool", isPublic), imposition("internalNotes", "longText")] },
];

/** Emendas impositivas / transferências especiais: the info page's sections, the form, the list's columns. */
export const impositionFields = describeFields<ImpositionTransfer>({
  schema: impositionTransferFields,
  updateSchema: impositionTransferUpdateSchema,
  sections: impositionSections,
  defaultSort: TRANSFER_LIST_SORT,
  defaults: createDefaults(impositionTransferFields, impositionSections),
  columns: [
    { ...imposition("nrTransfer"), sorter: true, fixed: "left", link: (row) => screenUrl("imposition-transfers", "show", { id: row.nrTransfer }) },
    { ...imposition("year"), sorter: true },
    { ...imposition("parliamentarianName"), sorter: true },
    { ...imposition("objectName"), ellipsis: true },
    { ...imposition("situation", "code", { codes: CODES.impositionSituations }) },
    { ...imposition("plannedValue", "money"), sorter: true },
    { ...imposition("committedValue", "money"), sorter: true },
    { ...imposition("paidValue", "money"), sorter: true },
  ],
});

const voluntary = fieldOf<VoluntaryTransfer>();
const voluntarySections: ResourceFields<VoluntaryTransfer>["sections"] = [
  {
    title: "transfers.sections.identification",
    fields: [
      voluntary("nrTransfer", "text", { label: "transfers.fields.nrConvenio", ...example("912345") }),
      voluntary("proposalNumber"),
      voluntary("year", "integer"),
      voluntary("modality", "code", { codes: CODES.modalities }),
      voluntary("status", "code", { codes: CODES.voluntaryStatuses }),
      voluntary("processNumber"),
    ],
  },
  {
    title: "transfers.sections.program",
    fields: [
      voluntary("programCode"),
      voluntary("programName"),
      voluntary("grantorAcronym"),
      voluntary("grantorName"),
      voluntary("parliamentarianName"),
      voluntary("amendmentNumber", "text", amendmentHint),
    ],
  },
  { title: "transfers.sections.object", fields: [voluntary("object", "longText")] },
  {
    title: "transfers.sections.values",
    fields: [
      voluntary("transferValue", "money"),
      voluntary("counterpartValue", "money"),
      voluntary("globalValue", "money", { computed: { sumOf: ["transferValue", "counterpartValue"] } }),
      voluntary("committedValue", "money", { computed: fromPayments }),
      voluntary("paidValue", "money", { label: "transfers.fields.disbursedValue", computed: fromPayments }),
    ],
  },
  {
    title: "transfers.sections.dates",
    fields: [
      voluntary("signedAt", "date"),
      voluntary("publishedAt", "date"),
      voluntary("validityStart", "date"),
      voluntary("validityEnd", "date", { notBefore: "validityStart" }),
      voluntary("accountabilityDeadline", "date"),
      voluntary("contractingSituation", "code", { codes: CODES.contractingSituations }),
      voluntary("suspensiveClauseDue", "date"),
    ],
  },
  { title: "transfers.sections.internal", fields: [voluntary("isPublic", "bool", isPublic), voluntary("internalNotes", "longText")] },
];

/** Transferências voluntárias (convênios). */
export const voluntaryFields = describeFields<VoluntaryTransfer>({
  schema: voluntaryTransferFields,
  updateSchema: voluntaryTransferUpdateSchema,
  sections: voluntarySections,
  defaultSort: TRANSFER_LIST_SORT,
  defaults: createDefaults(voluntaryTransferFields, voluntarySections, { contractingSituation: "NORMAL" }),
  columns: [
    { ...voluntary("nrTransfer"), label: "transfers.fields.nrConvenio", sorter: true, fixed: "left", link: (row) => screenUrl("voluntary-transfers", "show", { id: row.nrTransfer }) },
    { ...voluntary("year"), sorter: true },
    { ...voluntary("object"), ellipsis: true },
    { ...voluntary("grantorAcronym"), title: "transfers.fields.grantor", sorter: true },
    { ...voluntary("status", "code", { codes: CODES.voluntaryStatuses }), title: "transfers.fields.situation" },
    { ...voluntary("transferValue", "money"), sorter: true },
    { ...voluntary("committedValue", "money"), sorter: true },
    { ...voluntary("paidValue", "money"), title: "transfers.fields.disbursedValue", sorter: true },
    { ...voluntary("validityEnd", "date"), sorter: true },
  ],
});

const fund = fieldOf<FundTransfer>();
const fundSections: ResourceFields<FundTransfer>["sections"] = [
  {
    title: "transfers.sections.identification",
    fields: [fund("codPlan", "text", example("30882120230006-010014")), fund("year", "integer"), fund("situation", "code", { codes: CODES.fundSituations }), fund("parliamentarianName")],
  },
  { title: "transfers.sections.program", fields: [fund("programCode"), fund("programName"), fund("grantorAcronym"), fund("grantorName")] },
  { title: "transfers.sections.funds", fields: [fund("transferringFundName"), fund("receivingFundName"), fund("receivingFundCnpj", "cnpj", { hint: "transfers.form.cnpj" })] },
  { title: "transfers.sections.object", fields: [fund("objectives", "longText")] },
  {
    title: "transfers.sections.values",
    fields: [
      fund("amendmentTransferValue", "money"),
      fund("specificTransferValue", "money"),
      fund("voluntaryTransferValue", "money"),
      fund("totalTransferValue", "money", { computed: { sumOf: ["amendmentTransferValue", "specificTransferValue", "voluntaryTransferValue"] } }),
      fund("ownResourcesValue", "money"),
      fund("committedValue", "money"),
      fund("paidValue", "money"),
    ],
  },
  { title: "transfers.sections.dates", fields: [fund("validityStart", "date"), fund("validityEnd", "date", { notBefore: "validityStart" })] },
  { title: "transfers.sections.internal", fields: [fund("isPublic", "bool", isPublic), fund("internalNotes", "longText")] },
];

/** Planos fundo a fundo. */
export const fundFields = describeFields<FundTransfer>({
  schema: fundTransferFields,
  updateSchema: fundTransferUpdateSchema,
  sections: fundSections,
  defaultSort: TRANSFER_LIST_SORT,
  defaults: createDefaults(fundTransferFields, fundSections),
  columns: [
    { ...fund("codPlan"), sorter: true, fixed: "left", link: (row) => screenUrl("fund-to-fund-transfers", "show", { id: row.codPlan }) },
    { ...fund("year"), sorter: true },
    { ...fund("programName"), ellipsis: true },
    { ...fund("grantorAcronym"), title: "transfers.fields.transferringFundName", sorter: true },
    { ...fund("situation", "code", { codes: CODES.fundSituations }) },
    { ...fund("totalTransferValue", "money"), sorter: true },
    { ...fund("paidValue", "money"), sorter: true },
    { ...fund("validityEnd", "date"), sorter: true },
  ],
});
