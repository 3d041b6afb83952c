import { describeFields } from "@/components/resource/fields";
import { bidCreateSchema, bidUpdateSchema, type Bid } from "@/domain/projects";
import { PROJECT_CODES as CODES } from "./codes";
import { TabTable } from "./tab-table";
import { useProjectId, useProjectRights } from "./shared";

const fields = describeFields<Bid>({
  schema: bidCreateSchema,
  updateSchema: bidUpdateSchema,
  sections: [
    {
      title: "projects.bids.sections.bid",
      fields: [
        { name: "number", label: "projects.bids.number", maxLength: 40 },
        { name: "modality", label: "projects.bids.modality", type: "code", codes: CODES.bidModalities },
        { name: "purchaseProcessType", label: "projects.bids.purchaseProcessType", type: "code", codes: CODES.processTypes },
        { name: "status", label: "projects.bids.status", type: "code", codes: CODES.bidStatuses },
        { name: "object", label: "projects.bids.object", type: "longText" },
      ],
    },
    {
      title: "projects.bids.sections.dates",
      fields: [
        { name: "publishedAt", label: "projects.bids.publishedAt", type: "date" },
        { name: "openedAt", label: "projects.bids.openedAt", type: "date", notBefore: "publishedAt" },
        { name: "homologatedAt", label: "projects.bids.homologatedAt", type: "date", notBefore: "openedAt" },
      ],
    },
    {
      title: "projects.bids.sections.values",
      fields: [
        { name: "estimatedValue", label: "projects.bids.estimatedValue", type: "money" },
        { name: "homologatedValue", label: "projects.bids.homologatedValue", type: "money" },
      ],
    },
    {
      title: "projects.bids.sections.winner",
      fields: [
        { name: "winnerCnpj", label: "projects.bids.winnerCnpj", type: "cnpj" },
        { name: "winnerName", label: "projects.bids.winnerName" },
        { name: "contractNumber", label: "projects.bids.contractNumber" },
        { name: "contractValue", label: "projects.bids.contractValue", type: "money" },
        { name: "contractStart", label: "projects.bids.contractStart", type: "date" },
        { name: "contractEnd", label: "projects.bids.contractEnd", type: "date", notBefore: "contractStart" },
      ],
    },
  ],
  columns: [
    { name: "number", label: "projects.bids.number" },
    { name: "modality", label: "projects.bids.modality", type: "code", codes: CODES.bidModalities },
    { name: "status", label: "projects.bids.status", type: "code", codes: CODES.bidStatuses },
    { name: "publishedAt", label: "projects.bids.publishedAt", type: "date" },
    { name: "homologatedAt", label: "projects.bids.homologatedAt", type: "date" },
    { name: "estimatedValue", label: "projects.bids.estimatedValue", type: "money" },
    { name: "homologatedValue", label: "projects.bids.homologatedValue", type: "money" },
    { name: "winnerName", label: "projects.bids.winnerName", ellipsis: true },
    { name: "winnerCnpj", label: "projects.bids.winnerCnpj", type: "cnpj" },
    { name: "contractNumber", label: "projects.bids.contractNumber" },
    { name: "contractValue", label: "projects.bids.contractValue", type: "money" },
    { name: "contractEnd", label: "projects.bids.contractEnd", type: "date" },
  ],
  defaults: () => ({ purchaseProcessType: "LICITACAO", status: "EM_PREPARACAO" }),
});

/** /admin/projects/info/{ID}/bids: licitações under Lei 14.133/2021 with their winner and contract. */
export default function BidsTab() {
  const projectId = useProjectId();
  const { canWrite } = useProjectRights();
  return (
    <TabTable<Bid>
      resource="project-bids"
      projectId={projectId}
      fields={fields}
      texts={{ add: "projects.bids.add", edit: "projects.bids.edit", empty: "projects.bids.empty" }}
      canCreate={canWrite}
      canEdit={canWrite}
      sorters={[{ field: "publishedAt", order: "desc" }]}
    />
  );
}
