import { useState } from "react";
import { CreateButton, useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import { useInvalidate, type HttpError } from "@refinedev/core";
import { Button, Form, Modal, Space, Table, Tabs, type TableProps } from "antd";
import { EditOutlined, FilePdfOutlined, FileWordOutlined } from "@ant-design/icons";
import type { Requirement } from "@/domain/requirements";
import { columnFilters, fieldColumns, FormSections, useEditForm } from "@/components/resource";
import { downloadFile } from "@/lib/list-export";
import { useT } from "@/providers/i18n";
import fields from "./fields";
import { TemplateList } from "./templates";

/** The follow-up of a document: its status, protocol and dates (the server checks what each status needs). */
function FollowUp({ row, onClose }: { row: Requirement; onClose: () => void }) {
  const invalidate = useInvalidate();
  const { formProps, saveButtonProps, conflict } = useEditForm<Requirement>({
    resource: "requirements",
    record: row,
    reload: () => invalidate({ resource: "requirements", invalidates: ["list"] }),
    onSaved: onClose,
  });
  return (
    <Modal open title={row.subject} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} width={640} destroyOnHidden>
      {conflict}
      <Form {...formProps} layout="vertical">
        <FormSections sections={fields.sections} schema={fields.schema} record={row} />
      </Form>
    </Modal>
  );
}

function RequirementTable({ tableProps, onEdit }: { tableProps: TableProps<Requirement>; onEdit: (row: Requirement) => void }) {
  const t = useT();
  const download = (row: Requirement, format: "docx" | "pdf") => downloadFile(`/api/requirements/${row.id}/document`, new URLSearchParams({ format }), `requerimento-${row.id}.${format}`);
  return (
    <Table<Requirement>
      {...tableProps}
      rowKey="id"
      // As wide as its columns need, scrolling inside its frame; no fixed column: the downloads, fixed at the
      // right of a 1200 px table, covered two dates and cut the only edit button (issue 31).
      scroll={{ x: "max-content" }}
      columns={[
        ...fieldColumns(fields.columns ?? [], t),
        {
          key: "actions",
          title: t("requirements.download.label"),
          render: (_, row) => (
            <Space size={4} wrap={false}>
              <Button size="small" icon={<FileWordOutlined />} onClick={() => void download(row, "docx").catch(() => undefined)} aria-label={`${t("requirements.download.docx")} ${row.subject}`}>
                {t("requirements.download.docx")}
              </Button>
              <Button size="small" icon={<FilePdfOutlined />} onClick={() => void download(row, "pdf").catch(() => undefined)} aria-label={`${t("requirements.download.pdf")} ${row.subject}`}>
                {t("requirements.download.pdf")}
              </Button>
              <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(row)} aria-label={`${t("requirements.changeStatus")} ${row.subject}`} />
            </Space>
          ),
        },
      ]}
    />
  );
}

/** /admin/requirements: the company's documents (status, recipient, protocol, dates; DOCX and PDF) and the shared templates. */
export default function RequirementList() {
  const t = useT();
  const [editing, setEditing] = useState<Requirement | null>(null);
  const { tableProps } = useTable<Requirement, HttpError>({
    resource: "requirements",
    syncWithLocation: true,
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    filters: { initial: columnFilters(fields.columns ?? []) },
  });
  return (
    <List title={t("requirements.titles.list")} headerButtons={<CreateButton>{t("requirements.titles.create")}</CreateButton>}>
      <Tabs
        items={[
          { key: "documents", label: t("requirements.tabs.documents"), children: <RequirementTable tableProps={tableProps} onEdit={setEditing} /> },
          { key: "templates", label: t("requirements.tabs.templates"), children: <TemplateList /> },
        ]}
      />
      {editing ? <FollowUp row={editing} onClose={() => setEditing(null)} /> : null}
    </List>
  );
}
