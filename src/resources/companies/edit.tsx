import { useState } from "react";
import { Edit, useForm } from "@refinedev/antd";
import { type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Form } from "antd";
import { useParams } from "react-router";
import type { Company, CompanyUpdate } from "@/domain/companies";
import { CompanyFormFields } from "./form-fields";
import { CompanyDeleteButton } from "./delete-button";

/** /admin/companies/edit/{companyId}: 'Editar cliente', with logo upload and preview. */
export default function CompanyEditPage() {
  const t = useT();
  const title = t("companies.titles.edit");
  const { id: companyId } = useParams();
  const [uploading, setUploading] = useState(false);
  const { formProps, saveButtonProps, query, formLoading } = useForm<Company, HttpError, CompanyUpdate>({
    resource: "companies",
    action: "edit",
    id: companyId,
    redirect: "show",
  });
  const company = query?.data?.data;
  return (
    <Edit
      isLoading={formLoading}
      title={title}
      resource="companies"
      recordItemId={companyId}
      saveButtonProps={{ ...saveButtonProps, disabled: saveButtonProps.disabled || uploading }}
      headerButtons={() => (company ? <CompanyDeleteButton company={company} /> : null)}
    >
      <Form {...formProps} layout="vertical" requiredMark>
        <CompanyFormFields mode="admin" onBusyChange={setUploading} />
      </Form>
    </Edit>
  );
}
