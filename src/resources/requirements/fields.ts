import { describeFields, type CodeList } from "@/components/resource/fields";
import { REQUIREMENT_STATUSES, RECIPIENT_KINDS, REQUIREMENT_TYPES, requirementCreateSchema, type Requirement, type RequirementStatus, type RecipientKind, type RequirementType } from "@/domain/requirements";

const STATUS_COLORS: Record<RequirementStatus, string> = { RASCUNHO: "default", ENVIADO: "blue", PROTOCOLADO: "gold", RESPONDIDO: "green" };

export const statuses: CodeList = {
  values: REQUIREMENT_STATUSES,
  label: (code) => `requirements.statuses.${code as RequirementStatus}`,
  color: (code) => STATUS_COLORS[code as RequirementStatus] ?? "default",
};
export const recipients: CodeList = { values: RECIPIENT_KINDS, label: (code) => `requirements.recipients.${code as RecipientKind}` };
export const types: CodeList = { values: REQUIREMENT_TYPES, label: (code) => `requirements.types.${code as RequirementType}`, color: () => "purple" };

/** The list's columns, and the follow-up of a document (its status, protocol and dates). */
export default describeFields<Requirement>({
  titles: { list: "requirements.titles.list" },
  schema: requirementCreateSchema,
  defaultSort: { field: "updatedAt", order: "desc" },
  sections: [
    {
      fields: [
        { name: "status", label: "requirements.fields.status", type: "code", codes: statuses },
        { name: "protocolNumber", label: "requirements.fields.protocolNumber", maxLength: 60 },
        { name: "sentOn", label: "requirements.fields.sentOn", type: "date" },
        { name: "respondedOn", label: "requirements.fields.respondedOn", type: "date", notBefore: "sentOn" },
        { name: "notes", label: "requirements.fields.notes", type: "longText", wide: true, maxLength: 2000 },
      ],
    },
  ],
  columns: [
    { name: "subject", label: "requirements.fields.subject", filter: "search", sorter: true },
    { name: "type", label: "requirements.fields.type", type: "code", codes: types, filter: "codes" },
    { name: "transferNumber", label: "requirements.fields.transferNumber", filter: "search" },
    { name: "recipientKind", label: "requirements.fields.recipientKind", type: "code", codes: recipients, filter: "codes" },
    { name: "recipientName", label: "requirements.fields.recipientName", ellipsis: true },
    { name: "status", label: "requirements.fields.status", type: "code", codes: statuses, filter: "codes" },
    { name: "protocolNumber", label: "requirements.fields.protocolNumber" },
    { name: "sentOn", label: "requirements.fields.sentOn", type: "date", sorter: true },
    { name: "respondedOn", label: "requirements.fields.respondedOn", type: "date", sorter: true },
  ],
});
