import { describeFields, type CodeList } from "@/components/resource/fields";
import { REGULARITY_STATUSES, regularityItemManualSchema, type RegularityItem, type RegularityStatus } from "@/domain/regularity";

export const STATUS_COLORS: Record<RegularityStatus, string> = {
  REGULAR: "green",
  A_COMPROVAR: "gold",
  IRREGULAR: "red",
  DESABILITADO: "default",
  SEM_INFORMACAO: "default",
};

export const statuses: CodeList = {
  values: REGULARITY_STATUSES,
  label: (code) => `regularity.statuses.${code as RegularityStatus}`,
  color: (code) => STATUS_COLORS[code as RegularityStatus] ?? "default",
  hint: (code) => `regularity.statusHints.${code as RegularityStatus}`,
};

/** The manual update of an item (MANAGER, ADMIN): the situation, its dates and its evidence. */
export default describeFields<RegularityItem>({
  schema: regularityItemManualSchema,
  sections: [
    {
      fields: [
        { name: "status", label: "regularity.fields.status", type: "code", codes: statuses },
        { name: "validUntil", label: "regularity.fields.validUntil", type: "date" },
        { name: "checkedOn", label: "regularity.fields.checkedOn", type: "date" },
        { name: "evidenceUrl", label: "regularity.fields.evidenceUrl", wide: true },
        { name: "notes", label: "regularity.fields.notes", type: "longText", wide: true, maxLength: 2000 },
      ],
    },
  ],
});
