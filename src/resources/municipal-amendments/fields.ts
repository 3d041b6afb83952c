import { describeFields, type CodeList } from "@/components/resource/fields";
import {
  BENEFICIARY_KINDS,
  MUNICIPAL_AMENDMENT_KINDS,
  MUNICIPAL_AMENDMENT_STAGES,
  PLAN_STATUSES,
  municipalAmendmentFields,
  type MunicipalAmendment,
  type MunicipalAmendmentStage,
} from "@/domain/municipal-amendments";

const STAGE_COLORS: Record<MunicipalAmendmentStage, string> = {
  INDICADA: "default",
  PLANO_ENVIADO: "blue",
  PLANO_DEVOLVIDO: "orange",
  APROVADA: "cyan",
  EMPENHADA: "geekblue",
  PAGA: "purple",
  EXECUTADA: "green",
  CONTAS_PRESTADAS: "green",
  IMPEDIDA: "red",
};

export const stages: CodeList = { values: MUNICIPAL_AMENDMENT_STAGES, label: (c) => `municipalAmendments.stages.${c as MunicipalAmendmentStage}`, color: (c) => STAGE_COLORS[c as MunicipalAmendmentStage] };
export const kinds: CodeList = { values: MUNICIPAL_AMENDMENT_KINDS, label: (c) => `municipalAmendments.kinds.${c as (typeof MUNICIPAL_AMENDMENT_KINDS)[number]}` };
export const beneficiaryKinds: CodeList = { values: BENEFICIARY_KINDS, label: (c) => `municipalAmendments.beneficiaryKinds.${c as (typeof BENEFICIARY_KINDS)[number]}` };
export const planStatuses: CodeList = { values: PLAN_STATUSES, label: (c) => `municipalAmendments.planStatuses.${c as (typeof PLAN_STATUSES)[number]}` };

const show = (row: MunicipalAmendment) => `/admin/municipal-amendments/info/${row.id}`;

/** The emenda as a person registers and reads it; the plan, steps and money live on its show page. */
export default describeFields<MunicipalAmendment>({
  titles: { list: "municipalAmendments.titles.list", create: "municipalAmendments.titles.create", edit: "municipalAmendments.titles.edit" },
  schema: municipalAmendmentFields,
  defaultSort: { field: "identifier", order: "desc" },
  defaults: () => ({ year: 2026, kind: "INDIVIDUAL", beneficiaryKind: "ORGAO_MUNICIPAL", isPublic: true }),
  sections: [
    {
      title: "municipalAmendments.sections.author",
      fields: [
        { name: "year", label: "municipalAmendments.fields.year", type: "integer" },
        { name: "authorName", label: "municipalAmendments.fields.authorName", maxLength: 160 },
        { name: "authorParty", label: "municipalAmendments.fields.authorParty", maxLength: 20 },
        { name: "kind", label: "municipalAmendments.fields.kind", type: "code", codes: kinds },
        { name: "indicatedOn", label: "municipalAmendments.fields.indicatedOn", type: "date" },
      ],
    },
    {
      title: "municipalAmendments.sections.budget",
      fields: [
        { name: "functionCode", label: "municipalAmendments.fields.functionCode", maxLength: 2 },
        { name: "subfunctionCode", label: "municipalAmendments.fields.subfunctionCode", maxLength: 3 },
        { name: "programCode", label: "municipalAmendments.fields.programCode", maxLength: 4 },
        { name: "actionCode", label: "municipalAmendments.fields.actionCode", maxLength: 4 },
        { name: "expenseNature", label: "municipalAmendments.fields.expenseNature", maxLength: 14 },
        { name: "value", label: "municipalAmendments.fields.value", type: "money" },
      ],
    },
    {
      title: "municipalAmendments.sections.object",
      fields: [
        { name: "object", label: "municipalAmendments.fields.object", type: "longText", wide: true, maxLength: 500 },
        { name: "beneficiaryKind", label: "municipalAmendments.fields.beneficiaryKind", type: "code", codes: beneficiaryKinds },
        { name: "beneficiaryName", label: "municipalAmendments.fields.beneficiaryName", maxLength: 200 },
        { name: "beneficiaryCnpj", label: "municipalAmendments.fields.beneficiaryCnpj", type: "cnpj" },
        { name: "finalBeneficiaryName", label: "municipalAmendments.fields.finalBeneficiaryName", maxLength: 200, hint: "municipalAmendments.hints.finalBeneficiaryName" },
        { name: "finalBeneficiaryDocument", label: "municipalAmendments.fields.finalBeneficiaryDocument", maxLength: 18 },
      ],
    },
    {
      title: "municipalAmendments.sections.impediment",
      fields: [{ name: "impedimentReason", label: "municipalAmendments.fields.impedimentReason", type: "longText", wide: true, maxLength: 1000, hint: "municipalAmendments.hints.impedimentReason" }],
    },
    {
      title: "municipalAmendments.sections.publication",
      fields: [
        { name: "isPublic", label: "municipalAmendments.fields.isPublic", type: "bool", bool: { yes: "municipalAmendments.yesNo.yes", no: "municipalAmendments.yesNo.no" } },
        { name: "notes", label: "municipalAmendments.fields.notes", type: "longText", wide: true, maxLength: 2000 },
      ],
    },
  ],
  columns: [
    { name: "identifier", label: "municipalAmendments.fields.identifier", link: show, sorter: true, fixed: "left" },
    { name: "authorName", label: "municipalAmendments.fields.authorName", filter: "search", sorter: true },
    { name: "object", label: "municipalAmendments.fields.object", ellipsis: true, filter: "search" },
    { name: "value", label: "municipalAmendments.fields.value", type: "money", sorter: true },
    { name: "stage", label: "municipalAmendments.fields.stage", type: "code", codes: stages, filter: "codes" },
    { name: "paidValue", label: "municipalAmendments.fields.paidValue", type: "money", sorter: true },
    { name: "indicatedOn", label: "municipalAmendments.fields.indicatedOn", type: "date", sorter: true },
  ],
});
