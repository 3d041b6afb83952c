import { describeFields } from "@/components/resource/fields";
import { programFields, programUpdateSchema, type Program } from "@/domain/captacao";
import { screenUrl } from "@/domain/admin-screens";
import { CAPTACAO_CODES as CODES } from "./codes";

/** A program of the national catalogue: the form's sections (the grantor is picked apart) and the catalogue's columns. */
export default describeFields<Program>({
  schema: programFields,
  updateSchema: programUpdateSchema,
  titles: { create: "documentTitle.programs.create", edit: "documentTitle.programs.edit" },
  sections: [
    {
      title: "captacao.sections.program",
      fields: [
        { name: "code", label: "captacao.program.code", maxLength: 13 },
        { name: "name", label: "captacao.program.name", wide: true, maxLength: 250 },
        { name: "year", label: "captacao.program.year", type: "integer" },
        { name: "modality", label: "captacao.program.modality", type: "code", codes: CODES.programModalities },
        { name: "situation", label: "captacao.program.situation", type: "code", codes: CODES.programSituations },
        { name: "policyArea", label: "captacao.program.policyArea", maxLength: 80 },
        { name: "legalNature", label: "captacao.program.legalNature", maxLength: 120 },
        { name: "budgetAction", label: "captacao.program.budgetAction", maxLength: 20 },
        { name: "globalValue", label: "captacao.program.globalValue", type: "money" },
        { name: "objective", label: "captacao.program.objective", type: "longText" },
      ],
    },
    {
      title: "captacao.sections.windows",
      fields: [
        { name: "voluntaryStart", label: "captacao.program.voluntaryStart", type: "date" },
        { name: "voluntaryEnd", label: "captacao.program.voluntaryEnd", type: "date", notBefore: "voluntaryStart" },
        { name: "amendmentStart", label: "captacao.program.amendmentStart", type: "date" },
        { name: "amendmentEnd", label: "captacao.program.amendmentEnd", type: "date", notBefore: "amendmentStart" },
        { name: "specificStart", label: "captacao.program.specificStart", type: "date" },
        { name: "specificEnd", label: "captacao.program.specificEnd", type: "date", notBefore: "specificStart" },
      ],
    },
    {
      title: "captacao.sections.reach",
      fields: [
        { name: "enabledUfs", label: "captacao.program.enabledUfs", type: "codes", codes: CODES.ufs, wide: true, hint: "captacao.program.enabledUfsHint" },
        { name: "beneficiaryCnpjs", label: "captacao.program.beneficiaryCnpjs", type: "lines", wide: true, hint: "captacao.program.beneficiaryCnpjsHint" },
      ],
    },
  ],
  columns: [
    { name: "code", label: "captacao.program.code", sorter: true, filter: "search", link: (row) => screenUrl("programs", "edit", { id: row.id }) },
    { name: "name", label: "captacao.program.name", sorter: true, filter: "search", ellipsis: true },
    { name: "year", label: "captacao.program.year", sorter: true },
    { name: "modality", label: "captacao.program.modality", type: "code", codes: CODES.programModalities, filter: "codes" },
    { name: "situation", label: "captacao.program.situation", type: "code", codes: CODES.programSituations, filter: "codes" },
    { name: "policyArea", label: "captacao.program.policyArea" },
    { name: "globalValue", label: "captacao.program.globalValue", type: "money", sorter: true },
    { name: "voluntaryEnd", label: "captacao.program.voluntaryEnd", type: "date", sorter: true },
  ],
  defaultSort: { field: "year", order: "desc" },
  defaults: () => ({ year: new Date().getFullYear(), situation: "DISPONIBILIZADO", modality: "CONVENIO", enabledUfs: [], beneficiaryCnpjs: [] }),
});
