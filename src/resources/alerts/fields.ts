import { describeFields, type CodeList } from "@/components/resource/fields";
import { AlertCompaniesField } from "./companies-field";
import { ALERT_AUDIENCES, ALERT_SEVERITIES, alertFields, type Alert, type AlertAudience, type AlertSeverity } from "@/domain/alerts";

const SEVERITY_COLORS: Record<AlertSeverity, string> = { INFO: "blue", ATENCAO: "orange", URGENTE: "red" };
const severities: CodeList = {
  values: ALERT_SEVERITIES,
  label: (code) => `alerts.severities.${code as AlertSeverity}`,
  color: (code) => SEVERITY_COLORS[code as AlertSeverity] ?? "default",
};
const audiences: CodeList = { values: ALERT_AUDIENCES, label: (code) => `alerts.audiences.${code as AlertAudience}` };

/**
 * The consultancy's notices: what they say, to whom and while when; the list shows ADMIN how many read
 * each and offers ADMIN to edit or remove one. The chosen municipalities are a form part of their own.
 */
export default describeFields<Alert>({
  schema: alertFields,
  actions: ["edit", "delete"],
  slots: { formSections: [AlertCompaniesField], rowLabel: (alert) => alert.title },
  titles: { list: "alerts.titles.list", create: "alerts.titles.create", edit: "alerts.titles.edit" },
  defaults: () => ({ severity: "INFO", audience: "ALL", validFrom: new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" }) }),
  defaultSort: { field: "validFrom", order: "desc" },
  sections: [
    {
      title: "alerts.sections.notice",
      fields: [
        { name: "title", label: "alerts.fields.title", wide: true, maxLength: 160 },
        { name: "message", label: "alerts.fields.message", type: "longText", maxLength: 4000 },
        { name: "severity", label: "alerts.fields.severity", type: "code", codes: severities },
        { name: "linkUrl", label: "alerts.fields.linkUrl", maxLength: 2000 },
      ],
    },
    {
      title: "alerts.sections.audience",
      fields: [
        { name: "validFrom", label: "alerts.fields.validFrom", type: "date" },
        { name: "validUntil", label: "alerts.fields.validUntil", type: "date", hint: "alerts.fields.validUntilHint", notBefore: "validFrom" },
        { name: "audience", label: "alerts.fields.audience", type: "code", codes: audiences },
      ],
    },
  ],
  columns: [
    { name: "title", label: "alerts.fields.title", filter: "search", sorter: true },
    { name: "severity", label: "alerts.fields.severity", type: "code", codes: severities, filter: "codes" },
    { name: "audience", label: "alerts.fields.audience", type: "code", codes: audiences },
    { name: "validFrom", label: "alerts.fields.validFrom", type: "date", sorter: true },
    { name: "validUntil", label: "alerts.fields.validUntil", type: "date", sorter: true },
    { name: "readCount", label: "alerts.fields.readCount", type: "integer" },
  ],
});
