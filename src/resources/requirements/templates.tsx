import { IconButton } from "@/components/icon-button";
import { useState, type ReactNode } from "react";
import { useForm } from "@refinedev/antd";
import { useGetIdentity, useInvalidate, useList, type HttpError } from "@refinedev/core";
import { Button, Form, Modal, Space, Table, type ButtonProps, type FormProps } from "antd";
import { EditOutlined, PlusOutlined } from "@ant-design/icons";
import type { SessionUser } from "@/domain/auth";
import type { RequirementTemplate } from "@/domain/requirements";
import { fieldColumns, FormSections, useEditForm } from "@/components/resource";
import { DeleteButton } from "@/components/dialogs";
import { useT } from "@/providers/i18n";
import fields from "./template-fields";
import { passesGuard } from "@/domain/guards";

interface TemplateModalProps {
  title: string;
  formProps: FormProps;
  saveButtonProps: ButtonProps;
  onClose: () => void;
  conflict?: ReactNode;
}

function TemplateModal({ title, formProps, saveButtonProps, onClose, conflict }: TemplateModalProps) {
  return (
    <Modal open title={title} onCancel={onClose} onOk={saveButtonProps.onClick} okButtonProps={{ loading: saveButtonProps.loading }} width={820} destroyOnHidden>
      {conflict}
      <Form {...formProps} layout="vertical">
        <FormSections sections={fields.sections} schema={fields.schema} />
      </Form>
    </Modal>
  );
}

function CreateTemplate({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { formProps, saveButtonProps } = useForm<RequirementTemplate, HttpError>({ resource: "requirement-templates", action: "create", redirect: false, onMutationSuccess: onClose });
  return <TemplateModal title={t("requirements.templates.create")} formProps={formProps} saveButtonProps={saveButtonProps} onClose={onClose} />;
}

function EditTemplate({ row, onClose }: { row: RequirementTemplate; onClose: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { formProps, saveButtonProps, conflict } = useEditForm<RequirementTemplate>({
    resource: "requirement-templates",
    record: row,
    reload: () => invalidate({ resource: "requirement-templates", invalidates: ["list"] }),
    onSaved: onClose,
  });
  return <TemplateModal title={t("requirements.templates.edit")} formProps={formProps} saveButtonProps={saveButtonProps} onClose={onClose} conflict={conflict} />;
}

/** The shared templates: every signed-in user reads them; ADMIN writes them (the server refuses anyone else). */
export function TemplateList() {
  const t = useT();
  const { data: me } = useGetIdentity<SessionUser>();
  const isAdmin = passesGuard(me?.customClaims.role, "admin-only");
  const [editing, setEditing] = useState<RequirementTemplate | "new" | null>(null);
  const { result, query } = useList<RequirementTemplate, HttpError>({ resource: "requirement-templates", pagination: { currentPage: 1, pageSize: 100 }, sorters: [{ field: "type", order: "asc" }, { field: "title", order: "asc" }] });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {isAdmin ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing("new")}>
          {t("requirements.templates.create")}
        </Button>
      ) : null}
      <Table<RequirementTemplate>
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          ...fieldColumns(fields.columns ?? [], t),
          ...(isAdmin
            ? [
                {
                  key: "actions",
                  title: t("table.actions"),
                  render: (_: unknown, row: RequirementTemplate) => (
                    <Space size={4}>
                      <IconButton size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} label={`${t("requirements.templates.edit")} ${row.title}`} />
                      <DeleteButton size="small" hideText resource="requirement-templates" recordItemId={row.id} aria-label={`${t("buttons.delete")} ${row.title}`} />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing === "new" ? <CreateTemplate onClose={() => setEditing(null)} /> : editing ? <EditTemplate row={editing} onClose={() => setEditing(null)} /> : null}
    </Space>
  );
}
