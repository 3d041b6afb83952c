import { useState } from "react";
import { useForm } from "@refinedev/antd";
import { Create } from "@/components/page-frame";
import { type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Form } from "antd";
import type { Company, CompanyCreate } from "@/domain/companies";
import { CompanyFormFields } from "./form-fields";

/** /admin/companies/create: 'Nova cliente'. */
export default function CompanyCreatePage() {
  const t = useT();
  const title = t("companies.titles.create");
  const [uploading, setUploading] = useState(false);
  const { formProps, saveButtonProps } = useForm<Company, HttpError, CompanyCreate>({ resource: "companies", action: "create", redirect: "show" });
  return (
    <Create title={title} resource="companies" saveButtonProps={{ ...saveButtonProps, disabled: saveButtonProps.disabled || uploading }}>
      <Form {...formProps} layout="vertical" requiredMark>
        <CompanyFormFields mode="admin" creating onBusyChange={setUploading} />
      </Form>
    </Create>
  );
}
