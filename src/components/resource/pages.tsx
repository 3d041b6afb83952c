import type { ReactNode } from "react";
import { useForm, useTable } from "@refinedev/antd";
import { Create, Edit, List, Show } from "@/components/page-frame";
import { useNavigation, useResourceParams, useShow, type BaseRecord, type HttpError } from "@refinedev/core";
import { Col, Empty, Form, Pagination, Row as GridRow, Table, type TableColumnType } from "antd";
import { useT, type Translate } from "@/providers/i18n";
import { useRouteParam } from "@/lib/use-route-param";
import { columnFilters, fieldColumns } from "./columns";
import { useEditForm } from "./edit-form";
import { withCappedTotal } from "./list-total";
import { ViewSections } from "./field-view";
import { FormSections } from "./form-sections";
import { RecordNotFound } from "./record-not-found";
import { RowActions } from "./row-actions";
import type { ResourceFields } from "./fields";
import type { ExtraColumn, ResourceSlots } from "./slots";

/**
 * The pages a field description gives a resource, for the route they are mounted on (Refine reads
 * the resource from it). What the description cannot say goes into its slots (`fields.slots`: header
 * actions, columns, row actions, cards, form parts), so an area is a declaration plus slots. A page can
 * still be replaced by a hand-written one that reuses the same pieces (`fieldColumns`, `ViewSections`,
 * `FormSections`, `useEditForm`, `RowActions`, `RecordNotFound`).
 */
interface PageProps<Row> {
  fields: ResourceFields<Row>;
}

type Slots<Row> = ResourceSlots<Row>;

/** The header's buttons: the area's own before Refine's (the list's "Novo", the show page's edit). */
const headerButtons =
  <Row,>(slots: Slots<Row> | undefined, record?: Row) =>
  ({ defaultButtons }: { defaultButtons: ReactNode }) => {
    const Actions = slots?.headerActions;
    return (
      <>
        {Actions ? <Actions record={record} /> : null}
        {defaultButtons}
      </>
    );
  };

/** A row's actions: the area's own, then the standard ones the description offers (each shown to who may). */
function ActionsOf<Row extends BaseRecord>({ row, fields }: { row: Row; fields: ResourceFields<Row> }) {
  const slots = fields.slots;
  const Own = slots?.rowActions;
  return (
    <RowActions id={row.id!} label={slots?.rowLabel?.(row)} actions={fields.actions ?? []}>
      {Own ? <Own row={row} /> : null}
    </RowActions>
  );
}

/**
 * The list: the description's columns (sort, header filters, page and filters in the URL), the area's
 * columns after them and each row's actions last; or, with a `card` slot, one card per row.
 */
export function ResourceListPage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const slots = fields.slots;
  const columns = fields.columns ?? [];
  const { tableProps, tableQuery, setFilters } = useTable<Row, HttpError>({
    syncWithLocation: true,
    sorters: { initial: fields.defaultSort ? [fields.defaultSort] : [] },
    filters: { initial: columnFilters(columns) },
    pagination: fields.pageSize ? { pageSize: fields.pageSize } : undefined,
  });
  const Top = slots?.listTop;
  const hasActions = Boolean(fields.actions?.length || slots?.rowActions);
  const actions: TableColumnType<Row>[] = hasActions ? [{ key: "actions", title: t("table.actions"), render: (_: unknown, row: Row) => <ActionsOf row={row} fields={fields} /> }] : [];
  return (
    <List
      title={fields.titles?.list ? t(fields.titles.list) : undefined}
      headerButtons={headerButtons(slots)}
      createButtonProps={fields.createLabel ? { children: t(fields.createLabel) } : undefined}
    >
      {Top ? <Top setFilters={setFilters} /> : null}
      {slots?.card ? (
        <ResourceCards rows={(tableProps.dataSource ?? []) as Row[]} loading={Boolean(tableProps.loading)} pagination={tableProps.pagination || undefined} fields={fields} />
      ) : (
        <Table<Row>
          {...tableProps}
          pagination={withCappedTotal(tableProps.pagination, tableQuery.data)}
          rowKey="id"
          scroll={{ x: "max-content" }}
          columns={[...withExtraColumns(fieldColumns(columns, t), slots?.columns ?? [], t), ...actions]}
        />
      )}
    </List>
  );
}

/** The description's columns with the area's own placed after the column each names (or at the end). */
function withExtraColumns<Row>(columns: TableColumnType<Row>[], extra: ExtraColumn<Row>[], t: Translate): TableColumnType<Row>[] {
  const cell = (column: ExtraColumn<Row>): TableColumnType<Row> => ({ key: column.key, title: t(column.title), render: (_: unknown, row: Row) => column.render(row, t) });
  const placed = columns.flatMap((column) => [column, ...extra.filter((e) => e.after !== undefined && e.after === column.key).map(cell)]);
  const known = new Set(columns.map((column) => column.key));
  return [...placed, ...extra.filter((e) => e.after === undefined || !known.has(e.after)).map(cell)];
}

type ListPagination = { total?: number; pageSize?: number; current?: number; onChange?: (page: number, pageSize: number) => void };

/** The rows as cards (the `card` slot), with the empty state and the pager a table would have. */
function ResourceCards<Row extends BaseRecord>({ rows, loading, pagination, fields }: { rows: Row[]; loading: boolean; pagination?: ListPagination; fields: ResourceFields<Row> }) {
  const t = useT();
  const Card = fields.slots!.card!;
  return (
    <>
      {rows.length === 0 && !loading ? <Empty description={t("resource.list.empty")} /> : null}
      <GridRow gutter={[16, 16]}>
        {rows.map((row) => (
          <Col key={String(row.id)} xs={24} md={12} xl={8}>
            <Card row={row} actions={<ActionsOf row={row} fields={fields} />} />
          </Col>
        ))}
      </GridRow>
      {pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 10) ? <Pagination style={{ marginTop: 16 }} {...pagination} /> : null}
    </>
  );
}

/** The show page: every section of the record; a record that does not exist is the not-found state. */
export function ResourceShowPage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const id = useRouteParam("id");
  const { query } = useShow<Row, HttpError>({ id, queryOptions: { retry: false } });
  const record = query.data?.data;
  if (query.isError) return <RecordNotFound error={query.error} />;
  return (
    <Show title={fields.titles?.show ? t(fields.titles.show) : undefined} isLoading={query.isLoading} headerButtons={headerButtons(fields.slots, record)}>
      {record ? <ViewSections sections={fields.sections} record={record} /> : null}
    </Show>
  );
}

/** The form's parts: the description's sections, then the area's own (`formSections` slot). */
function FormParts<Row>({ fields, mode, record }: PageProps<Row> & { mode: "create" | "edit"; record?: Row }) {
  const form = Form.useFormInstance();
  return (
    <>
      <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={record} />
      {(fields.slots?.formSections ?? []).map((Part, i) => (
        <Part key={i} form={form} record={record} mode={mode} />
      ))}
    </>
  );
}

/** The create page: the form in its sections, starting from the description's defaults; back to the list once saved. */
export function ResourceCreatePage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const { formProps, saveButtonProps } = useForm<Row, HttpError>({ action: "create", redirect: "list" });
  return (
    <Create title={fields.titles?.create ? t(fields.titles.create) : undefined} saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical" initialValues={fields.defaults?.()} scrollToFirstError>
        <FormParts fields={fields} mode="create" />
      </Form>
    </Create>
  );
}

/**
 * The edit page: the same form, sending the record's version (a conflict offers to reload), back to
 * the list once saved. A record that does not exist is the not-found state, never an empty form.
 */
export function ResourceEditPage<Row extends BaseRecord>({ fields }: PageProps<Row>) {
  const t = useT();
  const { identifier } = useResourceParams();
  const id = useRouteParam("id");
  const { list } = useNavigation();
  const resource = identifier ?? "";
  const { formProps, saveButtonProps, query, record, conflict } = useEditForm<Row>({ resource, id, onSaved: () => list(resource) });
  if (query?.isError) return <RecordNotFound error={query.error} />;
  return (
    <Edit title={fields.titles?.edit ? t(fields.titles.edit) : undefined} isLoading={query?.isLoading} recordItemId={id} saveButtonProps={saveButtonProps}>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormParts fields={fields} mode="edit" record={record} />
      </Form>
    </Edit>
  );
}
