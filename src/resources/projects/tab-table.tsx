import { useState, type ReactNode } from "react";
import { useForm } from "@refinedev/antd";
import { useList, type BaseRecord, type HttpError } from "@refinedev/core";
import { Button, Card, Empty, Form, Modal, Space, Table, type TableColumnType } from "antd";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import { DeleteButton } from "@/components/dialogs";
import { FormSections, fieldColumns, useEditForm, type ResourceFields } from "@/components/resource";
import { useT, type TranslationKey } from "@/providers/i18n";
import { useRefreshProject } from "./shared";

type Row = BaseRecord & { id: number; version?: number };

export interface TabTableProps<R extends Row> {
  /** The API resource of the tab (project-bids, project-executions…). */
  resource: string;
  projectId: number;
  fields: ResourceFields<R>;
  texts: { add: TranslationKey; edit: TranslationKey; empty: TranslationKey };
  canCreate: boolean;
  canEdit: boolean;
  /** Inputs the field description cannot express (pickers of the project's records), inside the form. */
  extraInputs?: (record: R | undefined) => ReactNode;
  /** Values a new record starts with. */
  defaults?: () => Record<string, unknown>;
  /** Cells after the described columns. */
  extraColumns?: TableColumnType<R>[];
  /** Above the table (totals of the tab). */
  summary?: (rows: R[]) => ReactNode;
  sorters?: { field: string; order: "asc" | "desc" }[];
  /** Why the add button is off (e.g. no etapas yet). */
  addDisabled?: TranslationKey;
}

/**
 * One tab of a project as a table of the project's child records, with its form in a dialog: add,
 * edit (sending the version; a conflict offers to reload) and remove, as the person's rights allow.
 * Every write refreshes the project's figures and history.
 */
export function TabTable<R extends Row>(props: TabTableProps<R>) {
  const { resource, projectId, fields, texts, canCreate, canEdit } = props;
  const t = useT();
  const [editing, setEditing] = useState<R | "new" | null>(null);
  const refresh = useRefreshProject(projectId);
  const { result, query } = useList<R, HttpError>({
    resource,
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    sorters: props.sorters,
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const rows = result.data ?? [];
  const columns: TableColumnType<R>[] = [
    ...fieldColumns(fields.columns ?? [], t),
    ...(props.extraColumns ?? []),
    ...(canEdit
      ? [
          {
            key: "actions",
            title: t("table.actions"),
            render: (_: unknown, row: R) => (
              <Space wrap={false}>
                <Button size="small" icon={<EditOutlined />} aria-label={`${t(texts.edit)} ${row.id}`} onClick={() => setEditing(row)} />
                <DeleteButton size="small" hideText resource={resource} recordItemId={row.id} accessControl={{ enabled: false }} onSuccess={() => void refresh()} />
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      size="small"
      extra={
        canCreate ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={Boolean(props.addDisabled)} title={props.addDisabled ? t(props.addDisabled) : undefined} onClick={() => setEditing("new")}>
            {t(texts.add)}
          </Button>
        ) : null
      }
    >
      {props.summary?.(rows)}
      <Table<R>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={rows}
        columns={columns}
        // As wide as its columns need, scrolling inside the card: a fixed 800 px squeezed the columns of a
        // long tab until amounts were printed over document numbers (issue 31).
        scroll={{ x: "max-content" }}
        pagination={false}
        locale={{ emptyText: <Empty description={t(props.addDisabled ?? texts.empty)} /> }}
      />
      {editing === "new" ? <CreateDialog {...props} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
      {editing && editing !== "new" ? <EditDialog {...props} record={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </Card>
  );
}

export interface DialogProps<R extends Row> extends TabTableProps<R> {
  onClose(): void;
  onSaved(): Promise<void>;
}

export function CreateDialog<R extends Row>({ resource, projectId, fields, texts, extraInputs, defaults, onClose, onSaved }: DialogProps<R>) {
  const t = useT();
  const { formProps, saveButtonProps } = useForm<R, HttpError>({
    resource,
    action: "create",
    redirect: false,
    onMutationSuccess: async () => {
      await onSaved();
      onClose();
    },
  });
  const onFinish = (values: Record<string, unknown>) => formProps.onFinish?.({ ...values, projectId } as never);
  return (
    <Modal open title={t(texts.add)} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} okText={t("projects.actions.save")} cancelText={t("projects.actions.cancel")} width={760} destroyOnHidden>
      <Form {...formProps} onFinish={onFinish} layout="vertical" initialValues={{ ...fields.defaults?.(), ...defaults?.() }} scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} />
        {extraInputs?.(undefined)}
      </Form>
    </Modal>
  );
}

export function EditDialog<R extends Row>({ resource, fields, texts, extraInputs, record, onClose, onSaved }: DialogProps<R> & { record: R }) {
  const t = useT();
  const { formProps, saveButtonProps, conflict } = useEditForm<R>({
    resource,
    record,
    onSaved: async () => {
      await onSaved();
      onClose();
    },
  });
  return (
    <Modal open title={t(texts.edit)} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} okText={t("projects.actions.save")} cancelText={t("projects.actions.cancel")} width={760} destroyOnHidden>
      {conflict}
      <Form {...formProps} layout="vertical" scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={record} />
        {extraInputs?.(record)}
      </Form>
    </Modal>
  );
}
