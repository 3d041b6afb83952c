import { describeFields } from "@/components/resource/fields";
import { proposalFields, type Proposal } from "@/domain/captacao";
import { screenUrl } from "@/domain/admin-screens";
import { CAPTACAO_CODES as CODES } from "./codes";

/** The link to a proposal's page: its number (encoded) and its proponent's CNPJ. */
export const proposalUrl = (row: Pick<Proposal, "nrProposal" | "proponentCnpj">) => screenUrl("proposals", "show", { nrProposal: row.nrProposal, entity: row.proponentCnpj });

/** The municipality's proposals: the list's columns and the detail page's sections. */
export default describeFields<Proposal>({
  schema: proposalFields,
  titles: { list: "documentTitle.proposals.list" },
  sections: [
    {
      title: "captacao.sections.proposal",
      fields: [
        { name: "nrProposal", label: "captacao.proposal.nrProposal" },
        { name: "status", label: "captacao.proposal.status", type: "code", codes: CODES.proposalStatuses },
        { name: "proponentName", label: "captacao.proposal.proponentName" },
        { name: "proponentCnpj", label: "captacao.proposal.proponentCnpj", type: "cnpj" },
        { name: "modality", label: "captacao.proposal.modality", type: "code", codes: CODES.proposalModalities },
        { name: "object", label: "captacao.proposal.object", type: "longText", wide: true },
      ],
    },
    {
      title: "captacao.sections.dates",
      fields: [
        { name: "proposalDate", label: "captacao.proposal.proposalDate", type: "date" },
        { name: "validityStart", label: "captacao.proposal.validityStart", type: "date" },
        { name: "validityEnd", label: "captacao.proposal.validityEnd", type: "date" },
      ],
    },
    {
      title: "captacao.sections.values",
      fields: [
        { name: "transferValue", label: "captacao.proposal.transferValue", type: "money" },
        { name: "counterpartValue", label: "captacao.proposal.counterpartValue", type: "money" },
        { name: "globalValue", label: "captacao.proposal.globalValue", type: "money", computed: { sumOf: ["transferValue", "counterpartValue"] } },
      ],
    },
    {
      title: "captacao.sections.bank",
      fields: [
        { name: "bankName", label: "captacao.proposal.bankName" },
        { name: "agency", label: "captacao.proposal.agency" },
        { name: "account", label: "captacao.proposal.account" },
      ],
    },
  ],
  columns: [
    { name: "nrProposal", label: "captacao.proposal.nrProposal", sorter: true, filter: "search", link: proposalUrl, fixed: "left" },
    { name: "status", label: "captacao.proposal.status", type: "code", codes: CODES.proposalStatuses, filter: "codes" },
    { name: "object", label: "captacao.proposal.object", ellipsis: true, filter: "search" },
    { name: "modality", label: "captacao.proposal.modality", type: "code", codes: CODES.proposalModalities, filter: "codes" },
    { name: "proposalDate", label: "captacao.proposal.proposalDate", type: "date", sorter: true },
    { name: "transferValue", label: "captacao.proposal.transferValue", type: "money", sorter: true },
    { name: "globalValue", label: "captacao.proposal.globalValue", type: "money", sorter: true },
  ],
  defaultSort: { field: "proposalDate", order: "desc" },
});
