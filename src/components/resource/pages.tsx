import { useForm, useTable } from "@refinedev/antd";
import { Create, Edit, List, Show } from "@/components/page-frame";
import { useResourceParams, useShow, type BaseRecord, type HttpError } from "@refinedev/core";
import { Form, Result, Table } from "antd";
import { useT } from "@/providers/i18n";
import { columnFilters, fieldColumns } from "./columns";
import { useEditForm } from "./edit-form";
import { withCappedTotal } from "./list-total";
import { ViewSections } from "./field-view";
import { FormSections } from "./form-sections";
import type { ResourceFields } from "./fields";

/**
 * The pages a field description gives a resource, for the route they are mounted on (Refine reads
 * the resource and the id from it). Any of them can be replaced by a hand-written page that reuses
 * the same pieces (`fieldColumns`, `ViewSections`, `FormSections`, `useEditForm`).
 */
interface PageProps<Row> {
  fields: ResourceFields<Row>;
}

/** The list: the description's columns, sort and header filters, page and filters kept in the URL. */
export function ResourceListPage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const columns = fields.columns ?? [];
  const { tableProps, tableQuery } = useTable<Row, HttpError>({
    syncWithLocation: true,
    sorters: { initial: fields.defaultSort ? [fields.defaultSort] : [] },
    filters: { initial: columnFilters(columns) },
  });
  return (
    <List title={fields.titles?.list ? t(fields.titles.list) : undefined}>
      <Table<Row> {...tableProps} pagination={withCappedTotal(tableProps.pagination, tableQuery.data)} rowKey="id" scroll={{ x: "max-content" }} columns={fieldColumns(columns, t)} />
    </List>
  );
}

/** The show page: every section of the record. */
export function ResourceShowPage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const { query } = useShow<Row, HttpError>({ queryOptions: { retry: false } });
  const record = query.data?.data;
  if (query.isError) return <NotFound />;
  return (
    <Show title={fields.titles?.show ? t(fields.titles.show) : undefined} isLoading={query.isLoading}>
      {record ? <ViewSections sections={fields.sections} record={record} /> : null}
    </Show>
  );
}

/** The create page: the form in its sections, starting from the description's defaults. */
export function ResourceCreatePage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const { formProps, saveButtonProps } = useForm<Row, HttpError>();
  return (
    <Create title={fields.titles?.create ? t(fields.titles.create) : undefined} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={fields.defaults?.()} scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} />
      </Form>
    </Create>
  );
}

/** The edit page: the same form, sending the record's version; a conflict offers to reload. */
export function ResourceEditPage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const { identifier, id } = useResourceParams();
  const { formProps, saveButtonProps, query, record, conflict } = useEditForm<Row>({ resource: identifier ?? "", id });
  if (query?.isError) return <NotFound />;
  return (
    <Edit title={fields.titles?.edit ? t(fields.titles.edit) : undefined} isLoading={query?.isLoading} saveButtonProps={saveButtonProps}>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={record} />
      </Form>
    </Edit>
  );
}

function NotFound() {
  const t = useT();
  return <Result status="404" title={t("resource.notFound")} />;
}
