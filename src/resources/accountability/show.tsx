import { useState } from "react";
import { Show } from "@/components/page-frame";
import { Link, useCreate, useGetIdentity, useInvalidate, useList, useOne, useUpdate, type HttpError } from "@refinedev/core";
import { useParams } from "react-router";
import { Alert, Button, Card, Checkbox, Col, Descriptions, Flex, Form, Input, List as AntList, Result, Row, Select, Space, Typography, Upload } from "antd";
import { PaperClipOutlined, PlusOutlined, SendOutlined, UploadOutlined } from "@ant-design/icons";
import type { SessionUser } from "@/domain/auth";
import { LC210_RECIPIENTS, STATUSES_OF_KIND, checklistFileUrl, lc210ProofUrl, type ChecklistItem, type Lc210Notice, type Lc210Recipient, type Obligation } from "@/domain/accountability";
import { screenUrl } from "@/domain/admin-screens";
import type { User } from "@/domain/users";
import { CodeTag } from "@/components/resource/field-view";
import { useAllRecords } from "@/components/resource/use-all-records";
import { DeleteButton } from "@/components/dialogs";
import { DocumentUpload } from "@/components/document-upload";
import { DateInput, dateItemProps } from "@/components/form-inputs";
import { checkDocumentFile, uploadDocument } from "@/lib/uploads";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { kindCodes, statusCodes } from "./codes";
import { DueTag } from "./due-tag";
import { useAccountabilityOverview } from "./list";
import { passesGuard } from "@/domain/guards";

const TRANSFER_SCREENS = { imposition: "imposition-transfers", voluntary: "voluntary-transfers", fund: "fund-to-fund-transfers" } as const;

/** Status, due date, responsible and notes (ADMIN, MANAGER). */
function FollowUp({ obligation }: { obligation: Obligation }) {
  const t = useT();
  const [form] = Form.useForm();
  const { mutateAsync, mutation } = useUpdate<Obligation, HttpError>();
  const { rows: people, loading } = useAllRecords<User>({ resource: "users", filters: [{ field: "active", operator: "eq", value: true }], max: 500 });
  const lc210 = obligation.kind === "LC210";
  const save = async (values: Record<string, unknown>) => {
    const { status, ...rest } = values;
    await mutateAsync({ resource: "accountability-obligations", id: obligation.id, values: { ...rest, ...(lc210 ? {} : { status }), version: obligation.version } });
  };
  return (
    <Card size="small" title={t("accountability.edit.title")}>
      <Form form={form} layout="vertical" initialValues={obligation} onFinish={save} key={obligation.version}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="status" label={t("accountability.fields.status")} extra={lc210 ? t("accountability.edit.statusLc210") : undefined}>
              <Select disabled={lc210} aria-label={t("accountability.fields.status")} options={STATUSES_OF_KIND[obligation.kind].map((s) => ({ value: s, label: t(`accountability.statuses.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="dueDate" label={t("accountability.fields.dueDate")} extra={t("accountability.edit.dueHint")} {...dateItemProps}>
              <DateInput aria-label={t("accountability.fields.dueDate")} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="responsibleUserId" label={t("accountability.fields.responsible")}>
              <Select<number>
                allowClear
                showSearch
                loading={loading}
                optionFilterProp="label"
                placeholder={t("accountability.edit.responsiblePlaceholder")}
                aria-label={t("accountability.fields.responsible")}
                options={people.map((user) => ({ value: user.id, label: user.name }))}
                onClear={() => form.setFieldValue("responsibleUserId", null)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="notes" label={t("accountability.fields.notes")}>
          <Input.TextArea rows={3} maxLength={4000} aria-label={t("accountability.fields.notes")} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t("accountability.edit.save")}
        </Button>
      </Form>
    </Card>
  );
}

/** The checklist: everyone of the company ticks documents and attaches their files; ADMIN and MANAGER add and remove them. */
function Checklist({ obligation, canWrite }: { obligation: Obligation; canWrite: boolean }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { result, query } = useList<ChecklistItem, HttpError>({
    resource: "accountability-checklist-items",
    filters: [{ field: "obligationId", operator: "eq", value: obligation.id }],
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: "position", order: "asc" }],
  });
  const { mutateAsync: update } = useUpdate<ChecklistItem, HttpError>();
  const { mutateAsync: create, mutation: creating } = useCreate<ChecklistItem, HttpError>();
  const [label, setLabel] = useState("");
  const [error, setError] = useState<string | null>(null);
  const refresh = () => invalidate({ resource: "accountability-obligations", id: obligation.id, invalidates: ["detail"] });
  const change = async (item: ChecklistItem, values: Record<string, unknown>) => {
    await update({ resource: "accountability-checklist-items", id: item.id, values: { ...values, version: item.version }, successNotification: false });
    await refresh();
  };
  const attach = async (item: ChecklistItem, file: File) => {
    setError(null);
    try {
      const { storagePath } = await uploadDocument(file, "accountability");
      await change(item, { filePath: storagePath, fileName: file.name.slice(0, 120), done: true });
    } catch (failure) {
      setError((failure as { message?: string })?.message ?? t("content.upload.failed"));
    }
  };
  const items = result.data ?? [];
  const done = items.filter((item) => item.done).length;
  return (
    <Card size="small" title={t("accountability.checklist.title")} extra={<Typography.Text type="secondary">{t("accountability.checklist.progress", { done, total: items.length })}</Typography.Text>}>
      {error ? <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <AntList<ChecklistItem>
        loading={query.isLoading}
        dataSource={items}
        locale={{ emptyText: t("accountability.checklist.empty") }}
        rowKey="id"
        renderItem={(item) => (
          <AntList.Item
            actions={[
              <Upload
                key="upload"
                showUploadList={false}
                beforeUpload={(file) => {
                  const refusal = checkDocumentFile(file);
                  if (refusal) setError(refusal);
                  else void attach(item, file);
                  return false;
                }}
              >
                <Button size="small" icon={<UploadOutlined />} aria-label={`${item.fileName ? t("accountability.checklist.replace") : t("accountability.checklist.attach")}: ${item.label}`}>
                  {item.fileName ? t("accountability.checklist.replace") : t("accountability.checklist.attach")}
                </Button>
              </Upload>,
              ...(canWrite
                ? [<DeleteButton key="delete" size="small" resource="accountability-checklist-items" recordItemId={item.id} hideText={false} onSuccess={refresh}>{t("accountability.checklist.remove")}</DeleteButton>]
                : []),
            ]}
          >
            <Space direction="vertical" size={0}>
              <Checkbox checked={item.done} onChange={(e) => void change(item, { done: e.target.checked })} aria-label={item.label}>
                {item.label}
              </Checkbox>
              <Space size={12} wrap>
                {item.fileName ? (
                  <a href={checklistFileUrl(item.id)} download={item.fileName} aria-label={t("accountability.checklist.download", { name: item.fileName })}>
                    <PaperClipOutlined /> {item.fileName}
                  </a>
                ) : null}
                {item.done && item.doneByName ? <Typography.Text type="secondary">{t("accountability.checklist.doneBy", { name: item.doneByName })}</Typography.Text> : null}
              </Space>
            </Space>
          </AntList.Item>
        )}
      />
      {canWrite ? (
        <Flex gap={8} style={{ marginTop: 12 }}>
          <Input value={label} onChange={(e) => setLabel(e.target.value)} placeholder={t("accountability.checklist.addPlaceholder")} aria-label={t("accountability.checklist.addPlaceholder")} maxLength={200} />
          <Button
            icon={<PlusOutlined />}
            loading={creating.isPending}
            disabled={!label.trim()}
            onClick={async () => {
              await create({ resource: "accountability-checklist-items", values: { obligationId: obligation.id, label: label.trim(), position: (items.at(-1)?.position ?? 0) + 10 }, successNotification: false });
              setLabel("");
              await refresh();
            }}
          >
            {t("accountability.checklist.add")}
          </Button>
        </Flex>
      ) : null}
    </Card>
  );
}

/** Recording what was sent to one recipient of an LC 210 notice. */
function RecordNotice({ obligation, recipient, onSaved }: { obligation: Obligation; recipient: Lc210Recipient; onSaved: () => Promise<unknown> }) {
  const t = useT();
  const { mutateAsync, mutation } = useCreate<Lc210Notice, HttpError>();
  const [form] = Form.useForm();
  const save = async (values: Record<string, unknown>) => {
    await mutateAsync({ resource: "lc210-notices", values: { ...values, obligationId: obligation.id, recipient } });
    await onSaved();
  };
  return (
    <Form form={form} layout="vertical" onFinish={save} aria-label={t(`accountability.lc210.recipients.${recipient}`)}>
      <Form.Item name="sentOn" label={t("accountability.lc210.sentOn")} rules={[{ required: true, message: t("accountability.lc210.sentOn") }]} {...dateItemProps}>
        <DateInput aria-label={`${t("accountability.lc210.sentOn")} (${t(`accountability.lc210.recipients.${recipient}`)})`} />
      </Form.Item>
      <Form.Item name="protocol" label={t("accountability.lc210.protocol")}>
        <Input maxLength={60} aria-label={`${t("accountability.lc210.protocol")} (${t(`accountability.lc210.recipients.${recipient}`)})`} />
      </Form.Item>
      <Form.Item name="recipientName" label={t("accountability.lc210.recipientName")}>
        <Input maxLength={200} />
      </Form.Item>
      <DocumentUpload kind="accountability" pathField="proofPath" nameField="proofName" label={t("accountability.lc210.attachProof")} hint={t("accountability.checklist.hint")} />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={mutation.isPending}>
        {t("accountability.lc210.save")}
      </Button>
    </Form>
  );
}

function Lc210Notices({ obligation, canWrite }: { obligation: Obligation; canWrite: boolean }) {
  const t = useT();
  const invalidate = useInvalidate();
  const [recording, setRecording] = useState<Lc210Recipient | null>(null);
  const { result } = useList<Lc210Notice, HttpError>({ resource: "lc210-notices", filters: [{ field: "obligationId", operator: "eq", value: obligation.id }], pagination: { currentPage: 1, pageSize: 50 } });
  const notices = result.data ?? [];
  const refresh = async () => {
    setRecording(null);
    await invalidate({ resource: "lc210-notices", invalidates: ["list"] });
    await invalidate({ resource: "accountability-obligations", id: obligation.id, invalidates: ["detail", "list"] });
  };
  return (
    <Card size="small" title={t("accountability.lc210.title")}>
      <Typography.Paragraph type="secondary">{t("accountability.lc210.intro", { date: formatDate(obligation.dueDate) })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {LC210_RECIPIENTS.map((recipient) => {
          const notice = notices.find((n) => n.recipient === recipient);
          return (
            <Col key={recipient} xs={24} lg={8}>
              <Card type="inner" size="small" title={t(`accountability.lc210.recipients.${recipient}`)} data-testid={`lc210-${recipient}`}>
                {notice ? (
                  <Space direction="vertical" size={4}>
                    <Typography.Text strong>{t("accountability.lc210.sentLine", { date: formatDate(notice.sentOn) })}</Typography.Text>
                    {notice.recipientName ? <Typography.Text>{notice.recipientName}</Typography.Text> : null}
                    {notice.protocol ? <Typography.Text>{t("accountability.lc210.protocol")}: {notice.protocol}</Typography.Text> : null}
                    {notice.proofName ? (
                      <a href={lc210ProofUrl(notice.id)} download={notice.proofName}>
                        <PaperClipOutlined /> {notice.proofName}
                      </a>
                    ) : null}
                    {canWrite ? <DeleteButton size="small" resource="lc210-notices" recordItemId={notice.id} hideText={false} onSuccess={refresh}>{t("accountability.lc210.remove")}</DeleteButton> : null}
                  </Space>
                ) : recording === recipient ? (
                  <RecordNotice obligation={obligation} recipient={recipient} onSaved={refresh} />
                ) : (
                  <Space direction="vertical">
                    <Typography.Text type="secondary">{t("accountability.lc210.notSent")}</Typography.Text>
                    {canWrite ? (
                      <Button onClick={() => setRecording(recipient)} aria-label={`${t("accountability.lc210.record")}: ${t(`accountability.lc210.recipients.${recipient}`)}`}>
                        {t("accountability.lc210.record")}
                      </Button>
                    ) : null}
                  </Space>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}

/** /admin/accountability/:id: one obligation, its follow-up, its checklist and (emendas PIX) its LC 210 notices. */
export default function AccountabilityShow() {
  const t = useT();
  const id = Number(useParams().id);
  const overview = useAccountabilityOverview();
  const { data: me } = useGetIdentity<SessionUser>();
  const role = me?.customClaims.role;
  const canWrite = passesGuard(role, "manager-only");
  const { result: obligation, query } = useOne<Obligation, HttpError>({ resource: "accountability-obligations", id });
  if (query.isError) return <Result status="404" title={t("accountability.notFound")} extra={<Link to={screenUrl("accountability-obligations", "list")}>{t("accountability.back")}</Link>} />;
  if (!obligation) return <Show isLoading title={t("accountability.title")} />;
  return (
    <Show title={`${t(`accountability.kinds.${obligation.kind}`)} · ${obligation.transferKey}`} headerButtons={<Link to={screenUrl("accountability-obligations", "list")}>{t("accountability.back")}</Link>}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label={t("accountability.fields.kind")}>
            <CodeTag codes={kindCodes} code={obligation.kind} />
          </Descriptions.Item>
          <Descriptions.Item label={t("accountability.fields.status")}>
            <Space size={4} wrap data-testid="obligation-status">
              <CodeTag codes={statusCodes} code={obligation.status} />
              <DueTag obligation={obligation} today={overview?.today} alertDays={overview?.alertDays ?? 30} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("accountability.fields.transferKey")}>
            <Link to={screenUrl(TRANSFER_SCREENS[obligation.transferKind], "show", { id: obligation.transferKey })} style={{ whiteSpace: "nowrap" }}>
              {obligation.transferKey}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t("accountability.fields.dueDate")}>
            {formatDate(obligation.dueDate)}
            {obligation.dueDateManual ? <Typography.Text type="secondary"> ({t("accountability.manualDue")})</Typography.Text> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t("accountability.fields.title")} span={2}>
            {obligation.title ?? "—"}
          </Descriptions.Item>
          <Descriptions.Item label={t("accountability.fields.responsible")}>{obligation.responsibleName ?? "—"}</Descriptions.Item>
          <Descriptions.Item label={t("accountability.fields.notes")}>{obligation.notes ?? "—"}</Descriptions.Item>
        </Descriptions>
        {obligation.kind === "LC210" ? <Lc210Notices obligation={obligation} canWrite={canWrite} /> : null}
        <Checklist obligation={obligation} canWrite={canWrite} />
        {canWrite ? <FollowUp obligation={obligation} /> : null}
      </Space>
    </Show>
  );
}
