import { useForm } from "@refinedev/antd";
import { Create } from "@/components/page-frame";
import type { HttpError } from "@refinedev/core";
import { Card, Form } from "antd";
import { useGo } from "@refinedev/core";
import { FormSections } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import type { Project } from "@/domain/projects";
import { useT } from "@/providers/i18n";
import fields from "./fields";
import { ProjectPickers } from "./pickers";

/** /admin/projects/create: the project's data; once saved, its page opens on the work plan. */
export default function ProjectCreatePage() {
  const t = useT();
  const go = useGo();
  const { formProps, saveButtonProps } = useForm<Project, HttpError>({
    resource: "projects",
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => go({ to: `${screenUrl("projects", "show", { id: data.id })}/workPlan` }),
  });
  return (
    <Create title={t("projects.titles.create")} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={fields.defaults?.()} scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} />
        <Card size="small" title={t("projects.sections.origin")}>
          <ProjectPickers />
        </Card>
      </Form>
    </Create>
  );
}
