import { useSelect } from "@refinedev/antd";
import { Form, Select } from "antd";
import type { Company } from "@/domain/companies";
import { useT } from "@/providers/i18n";

/** The chosen municipalities of an alert, asked only when the audience is "chosen ones". */
export function AlertCompaniesField() {
  const t = useT();
  const form = Form.useFormInstance();
  const audience = Form.useWatch("audience", form) as string | undefined;
  const { selectProps } = useSelect<Company>({ resource: "companies", optionLabel: "name", optionValue: "id", pagination: { pageSize: 50 } });
  if (audience !== "CHOSEN") return null;
  return (
    <Form.Item name="companyIds" label={t("alerts.fields.companyIds")} required rules={[{ type: "array", min: 1, message: "Escolha ao menos uma prefeitura." }]}>
      <Select {...selectProps} mode="multiple" allowClear aria-label={t("alerts.fields.companyIds")} />
    </Form.Item>
  );
}
