import { useState } from "react";
import { Edit } from "@/components/page-frame";
import { useGo } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Form } from "antd";
import { useParams } from "react-router";
import type { Company } from "@/domain/companies";
import { useEditForm } from "@/components/resource/edit-form";
import { screenUrl } from "@/domain/admin-screens";
import { CompanyFormFields } from "./form-fields";
import { CompanyDeleteButton } from "./delete-button";

/** /admin/companies/edit/{companyId}: 'Editar cliente', with logo upload and preview. */
export default function CompanyEditPage() {
  const t = useT();
  const title = t("companies.titles.edit");
  const { id: companyId } = useParams();
  const [uploading, setUploading] = useState(false);
  const go = useGo();
  const { formProps, saveButtonProps, record: company, formLoading, conflict } = useEditForm<Company>({
    resource: "companies",
    id: companyId,
    onSaved: (saved) => go({ to: screenUrl("companies", "show", { id: saved.id }) }),
  });
  return (
    <Edit
      isLoading={formLoading}
      title={title}
      resource="companies"
      recordItemId={companyId}
      saveButtonProps={{ ...saveButtonProps, disabled: saveButtonProps.disabled || uploading }}
      headerButtons={() => (company ? <CompanyDeleteButton company={company} /> : null)}
    >
      {conflict}
      <Form {...formProps} layout="vertical" requiredMark>
        <CompanyFormFields mode="admin" onBusyChange={setUploading} />
      </Form>
    </Edit>
  );
}
