import { useForm } from "@refinedev/antd";
import { Create } from "@/components/page-frame";
import { useGo, type HttpError } from "@refinedev/core";
import { Card, Form, Select } from "antd";
import { useSearchParams } from "react-router";
import { FormSections, useAllRecords } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import type { Project } from "@/domain/projects";
import { quoteFields, type Quote } from "@/domain/quotes";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";
import fields from "./fields";

/** /admin/quotes/create (`?projectId=` picks the project): the item; once saved, its page opens to add the prices. */
export default function QuoteCreatePage() {
  const t = useT();
  const go = useGo();
  const [params] = useSearchParams();
  const preset = Number(params.get("projectId")) || undefined;
  const projects = useAllRecords<Project>({ resource: "projects", max: 500 });
  const { formProps, saveButtonProps } = useForm<Quote, HttpError>({
    resource: "quotes",
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => go({ to: screenUrl("quotes", "show", { id: data.id }) }),
  });
  return (
    <Create title={t("quotes.titles.create")} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={{ ...fields.defaults?.(), projectId: preset }} scrollToFirstError>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Form.Item name="projectId" label={t("quotes.fields.projectId")} rules={[zodRule(quoteFields.shape.projectId)]} required>
            <Select<number>
              showSearch
              optionFilterProp="label"
              loading={projects.loading}
              placeholder={t("quotes.fields.projectPlaceholder")}
              options={projects.rows.map((project) => ({ value: project.id, label: project.title }))}
            />
          </Form.Item>
        </Card>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} />
      </Form>
    </Create>
  );
}
