import { Edit } from "@/components/page-frame";
import { Form, Result } from "antd";
import { useParams } from "react-router";
import { useGo } from "@refinedev/core";
import { FormSections, useEditForm } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import type { Quote } from "@/domain/quotes";
import { useT } from "@/providers/i18n";
import fields from "./fields";

/** /admin/quotes/edit/{id}: the item's data (sending its version); once saved, back to its mapa. */
export default function QuoteEditPage() {
  const t = useT();
  const go = useGo();
  const id = Number(useParams().id);
  const { formProps, saveButtonProps, query, record, conflict } = useEditForm<Quote>({ resource: "quotes", id, onSaved: () => go({ to: screenUrl("quotes", "show", { id }) }) });
  if (query?.isError) return <Result status="404" title={t("quotes.show.notFound")} />;
  return (
    <Edit title={t("quotes.titles.edit")} isLoading={query?.isLoading} saveButtonProps={saveButtonProps}>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={record} />
      </Form>
    </Edit>
  );
}
