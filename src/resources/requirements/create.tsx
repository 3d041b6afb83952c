import { useState } from "react";
import { useForm } from "@refinedev/antd";
import { Create } from "@/components/page-frame";
import { useCustomMutation, useList, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Col, Form, Input, Row, Select, Space, Tag, Typography } from "antd";
import { ThunderboltOutlined } from "@ant-design/icons";
import type { ImpositionTransfer, VoluntaryTransfer } from "@/domain/transfers";
import type { Proposal } from "@/domain/captacao";
import {
  PLACEHOLDERS,
  RECIPIENT_KINDS,
  TRANSFER_KINDS_OF_TYPE,
  requirementCreateSchema,
  type Requirement,
  type RequirementFillResult,
  type RequirementTemplate,
  type RequirementTransferKind,
} from "@/domain/requirements";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";

const shape = requirementCreateSchema.shape;

/** Where each kind's records are listed, and how one reads as an option. */
type Source = {
  number: string;
  object: string | null;
  parliamentarianName?: string | null;
};
const SOURCES: Record<RequirementTransferKind, { resource: string; read: (row: Record<string, unknown>) => Source }> = {
  IMPOSITION: {
    resource: "imposition-transfers",
    read: (row) => {
      const t = row as ImpositionTransfer;
      return {
        number: t.nrTransfer,
        object: t.objectName,
        parliamentarianName: t.parliamentarianName,
      };
    },
  },
  VOLUNTARY: {
    resource: "voluntary-transfers",
    read: (row) => {
      const t = row as VoluntaryTransfer;
      return {
        number: t.nrTransfer,
        object: t.object,
        parliamentarianName: t.parliamentarianName,
      };
    },
  },
  PROPOSAL: {
    resource: "proposals",
    read: (row) => {
      const p = row as Proposal;
      return {
        number: p.nrProposal,
        object: p.object,
        parliamentarianName: p.amendments[0]?.parliamentarian,
      };
    },
  },
};

/** The records of a kind matching the search, as options `KIND:id`. */
function useTransferOptions(kind: RequirementTransferKind, search: string, enabled: boolean) {
  const t = useT();
  const { result } = useList<Record<string, unknown> & { id: number }, HttpError>({
    resource: SOURCES[kind].resource,
    filters: search ? [{ field: "q", operator: "eq", value: search }] : [],
    pagination: { currentPage: 1, pageSize: 30 },
    queryOptions: { enabled },
  });
  if (!enabled) return [];
  return (result.data ?? []).map((row) => {
    const { number, object, parliamentarianName } = SOURCES[kind].read(row);
    const who = parliamentarianName ? ` · ${parliamentarianName}` : "";
    return {
      value: `${kind}:${row.id}`,
      label: `${t(`requirements.transferKinds.${kind}`)} ${number}${who} — ${object ?? ""}`,
    };
  });
}

/**
 * /admin/requirements/create: pick a template and one of the company's transfers, fill the document
 * from their data (server side, the same placeholders the templates declare), adjust it, save it.
 */
export default function RequirementCreate() {
  const t = useT();
  const { formProps, saveButtonProps, form } = useForm<Requirement, HttpError>({
    resource: "requirements",
    action: "create",
    redirect: "list",
    successNotification: () => ({
      type: "success",
      message: t("requirements.create.saved"),
    }),
  });
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [transfer, setTransfer] = useState<string | undefined>();
  const [search, setSearch] = useState("");
  const [unfilled, setUnfilled] = useState<string[] | null>(null);
  const { result: templateList } = useList<RequirementTemplate, HttpError>({
    resource: "requirement-templates",
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const templates = templateList.data ?? [];
  const template = templates.find((row) => row.id === templateId);
  const kinds = template ? TRANSFER_KINDS_OF_TYPE[template.type] : [];
  const impositions = useTransferOptions("IMPOSITION", search, kinds.includes("IMPOSITION"));
  const voluntaries = useTransferOptions("VOLUNTARY", search, kinds.includes("VOLUNTARY"));
  const proposalOptions = useTransferOptions("PROPOSAL", search, kinds.includes("PROPOSAL"));
  const { mutateAsync, mutation } = useCustomMutation<RequirementFillResult, HttpError>();

  const fill = async () => {
    if (!templateId) return;
    const [kind, id] = transfer ? (transfer.split(":") as [RequirementTransferKind, string]) : [null, null];
    const { data } = await mutateAsync({
      url: "/api/requirements/fill",
      method: "post",
      values: {
        templateId,
        transferKind: kind,
        transferId: id ? Number(id) : null,
      },
      successNotification: false,
    });
    form.setFieldsValue({
      templateId: data.templateId,
      transferKind: data.transferKind,
      transferId: data.transferId,
      recipientKind: data.recipientKind,
      recipientName: data.recipientName,
      subject: data.subject,
      body: data.body,
    });
    setUnfilled(data.unfilled);
  };

  return (
    <Create
      title={t("requirements.titles.create")}
      saveButtonProps={{
        ...saveButtonProps,
        children: t("requirements.create.save"),
      }}
    >
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Space direction="vertical" style={{ width: "100%" }}>
              <label htmlFor="requirement-template">{t("requirements.create.template")}</label>
              <Select
                id="requirement-template"
                style={{ width: "100%" }}
                placeholder={t("requirements.create.templatePlaceholder")}
                value={templateId}
                onChange={(value: number) => {
                  setTemplateId(value);
                  setTransfer(undefined);
                  setUnfilled(null);
                }}
                options={templates.map((row) => ({
                  value: row.id,
                  label: `${t(`requirements.types.${row.type}`)} · ${row.title}`,
                }))}
              />
              {template ? (
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  <Tag color="purple">{t(`requirements.types.${template.type}`)}</Tag>
                  <strong>{t("requirements.create.purpose")}:</strong> {template.purpose}. {template.description}
                </Typography.Paragraph>
              ) : null}
              <label htmlFor="requirement-transfer">{t("requirements.create.transfer")}</label>
              <Select
                id="requirement-transfer"
                style={{ width: "100%" }}
                showSearch
                allowClear
                disabled={!template}
                filterOption={false}
                onSearch={setSearch}
                placeholder={t("requirements.create.transferPlaceholder")}
                value={transfer}
                onChange={(value?: string) => setTransfer(value)}
                options={[...impositions, ...voluntaries, ...proposalOptions]}
              />
              <Button type="primary" icon={<ThunderboltOutlined />} disabled={!template} loading={mutation.isPending} onClick={() => void fill().catch(() => undefined)}>
                {t("requirements.create.fill")}
              </Button>
              {unfilled ? (
                <Alert
                  type={unfilled.length ? "warning" : "success"}
                  showIcon
                  message={
                    unfilled.length
                      ? t("requirements.create.unfilled", {
                          names: unfilled.map((n) => `{{${n}}}`).join(", "),
                        })
                      : t("requirements.create.filled")
                  }
                />
              ) : null}
            </Space>
          </Card>
          <Form {...formProps} layout="vertical" initialValues={{ status: "RASCUNHO" }}>
            <Form.Item name="templateId" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="transferKind" hidden>
              <Input />
            </Form.Item>
            <Form.Item name="transferId" hidden>
              <Input />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="recipientKind" label={t("requirements.fields.recipientKind")} required rules={[zodRule(shape.recipientKind)]}>
                  <Select
                    options={RECIPIENT_KINDS.map((value) => ({
                      value,
                      label: t(`requirements.recipients.${value}`),
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={16}>
                <Form.Item name="recipientName" label={t("requirements.fields.recipientName")} required rules={[zodRule(shape.recipientName)]}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="subject" label={t("requirements.fields.subject")} required rules={[zodRule(shape.subject)]}>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item name="body" label={t("requirements.fields.body")} required rules={[zodRule(shape.body)]}>
              <Input.TextArea rows={16} maxLength={40_000} />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t("requirements.create.placeholders")}>
            <Space size={[4, 8]} wrap>
              {PLACEHOLDERS.map((name) => (
                <Tag key={name}>{`{{${name}}}`}</Tag>
              ))}
            </Space>
          </Card>
        </Col>
      </Row>
    </Create>
  );
}
