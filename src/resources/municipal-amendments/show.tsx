import { useState } from "react";
import { useCustomMutation, useGetIdentity, useInvalidate, useList, useShow, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Modal, Result, Row, Select, Space, Statistic, Table, Timeline, Typography } from "antd";
import { Show } from "@/components/page-frame";
import { ViewSections, CodeTag } from "@/components/resource";
import { DateInput, MoneyInput, dateItemProps } from "@/components/form-inputs";
import type { SessionUser } from "@/domain/auth";
import { passesGuard } from "@/domain/guards";
import { MOVEMENT_KINDS, movementFields, stageStepSchema, type MunicipalAmendment, type MunicipalAmendmentMovement, type StageAction, type StageEvent } from "@/domain/municipal-amendments";
import { formatDate, formatMoney } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { useT } from "@/providers/i18n";
import fields, { stages, planStatuses } from "./fields";
import { PlanForm } from "./plan-form";

/** The steps a manager may take from where the emenda stands (the server checks them again). */
function nextSteps(row: MunicipalAmendment): StageAction[] {
  if (row.impedimentReason) return [];
  if (row.planStatus === "EM_ELABORACAO" || row.planStatus === "DEVOLVIDO") return row.planObject && row.goals.length ? ["submit"] : [];
  if (row.planStatus === "ENVIADO") return ["approve", "return"];
  if (Number(row.paidValue) > 0 && !row.executedOn) return ["execute"];
  if (row.executedOn && !row.accountedOn) return ["account"];
  return [];
}

function StepModal({ row, step, onClose }: { row: MunicipalAmendment; step: StageAction; onClose: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const { mutateAsync, mutation } = useCustomMutation<MunicipalAmendment, HttpError>();
  const save = async () => {
    const values = await form.validateFields();
    await mutateAsync({ url: `/api/municipal-amendments/${row.id}/steps/${step}`, method: "post", values, successNotification: { type: "success", message: t("municipalAmendments.steps.done") } });
    await invalidate({ resource: "municipal-amendments", invalidates: ["detail", "list"], id: row.id });
    await invalidate({ resource: "municipal-amendment-events", invalidates: ["list"] });
    onClose();
  };
  return (
    <Modal open title={t(`municipalAmendments.steps.${step}`)} onCancel={onClose} onOk={() => void save().catch(() => undefined)} okText={t("municipalAmendments.steps.confirm")} okButtonProps={{ loading: mutation.isPending }} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item validateFirst name="occurredOn" label={t("municipalAmendments.steps.occurredOn")} rules={[{ required: true, message: "Informe a data." }, zodRule(stageStepSchema.shape.occurredOn)]} {...dateItemProps}>
          <DateInput />
        </Form.Item>
        <Form.Item name="documentNumber" label={t("municipalAmendments.steps.documentNumber")} rules={[{ required: true, message: "Informe o documento." }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="reason" label={t("municipalAmendments.steps.reason")} rules={step === "return" ? [{ required: true, message: "Diga o motivo da devolução." }] : []}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function MovementModal({ row, onClose }: { row: MunicipalAmendment; onClose: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const [form] = Form.useForm();
  const kind = Form.useWatch("kind", form) as MunicipalAmendmentMovement["kind"] | undefined;
  const { mutateAsync, mutation } = useCustomMutation<MunicipalAmendmentMovement, HttpError>();
  const save = async () => {
    const values = await form.validateFields();
    await mutateAsync({ url: "/api/municipal-amendment-movements", method: "post", values: { ...values, amendmentId: row.id }, successNotification: { type: "success", message: t("municipalAmendments.movements.saved") } });
    await invalidate({ resource: "municipal-amendments", invalidates: ["detail"], id: row.id });
    await invalidate({ resource: "municipal-amendment-movements", invalidates: ["list"] });
    onClose();
  };
  const required = (message: string) => [{ required: true, message }];
  return (
    <Modal open title={t("municipalAmendments.movements.add")} onCancel={onClose} onOk={() => void save().catch(() => undefined)} okButtonProps={{ loading: mutation.isPending }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: "EMPENHO", bankCode: row.bankCode, agency: row.agency, account: row.account }}>
        <Form.Item name="kind" label={t("municipalAmendments.movements.kind")} rules={required("Escolha o tipo.")}>
          <Select options={MOVEMENT_KINDS.map((k) => ({ value: k, label: t(`municipalAmendments.movementKinds.${k}`) }))} />
        </Form.Item>
        <Form.Item validateFirst name="occurredOn" label={t("municipalAmendments.movements.occurredOn")} rules={[...required("Informe a data."), zodRule(movementFields.shape.occurredOn)]} {...dateItemProps}>
          <DateInput />
        </Form.Item>
        <Form.Item validateFirst name="value" label={t("municipalAmendments.movements.value")} rules={[...required("Informe o valor."), zodRule(movementFields.shape.value)]}>
          <MoneyInput />
        </Form.Item>
        <Form.Item name="documentNumber" label={t("municipalAmendments.movements.documentNumber")} rules={required("Informe o documento.")}>
          <Input maxLength={60} />
        </Form.Item>
        {kind === "PAGAMENTO" ? (
          <Space.Compact block>
            <Form.Item name="bankCode" label={t("municipalAmendments.plan.bankCode")} style={{ width: "25%" }}>
              <Input maxLength={3} />
            </Form.Item>
            <Form.Item name="agency" label={t("municipalAmendments.plan.agency")} style={{ width: "35%" }}>
              <Input maxLength={7} />
            </Form.Item>
            <Form.Item name="account" label={t("municipalAmendments.plan.accountNumber")} style={{ width: "40%" }}>
              <Input maxLength={14} />
            </Form.Item>
          </Space.Compact>
        ) : null}
        {kind === "PAGAMENTO_FORNECEDOR" ? (
          <>
            <Form.Item name="supplierName" label={t("municipalAmendments.movements.supplierName")} rules={required("Informe o fornecedor.")}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item validateFirst name="supplierDocument" label={t("municipalAmendments.movements.supplierDocument")} rules={[...required("Informe o CPF ou CNPJ do fornecedor."), zodRule(movementFields.shape.supplierDocument)]}>
              <Input maxLength={18} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="description" label={t("municipalAmendments.movements.description")}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PlanView({ row }: { row: MunicipalAmendment }) {
  const t = useT();
  if (!row.planObject && !row.goals.length) return <Empty description={t("municipalAmendments.plan.empty")} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {row.planStatus === "DEVOLVIDO" && row.planDecisionReason ? (
        <Alert type="warning" showIcon message={t("municipalAmendments.plan.returned", { date: formatDate(row.planDecidedOn), reason: row.planDecisionReason })} />
      ) : null}
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t("municipalAmendments.plan.object")} span={2}>{row.planObject}</Descriptions.Item>
        <Descriptions.Item label={t("municipalAmendments.plan.account")}>
          {row.bankCode ? `${row.bankCode} · ${row.agency} · ${row.account}` : "—"}
        </Descriptions.Item>
      </Descriptions>
      <Table size="small" rowKey={(_, i) => String(i)} pagination={false} scroll={{ x: "max-content" }} dataSource={row.goals} caption={t("municipalAmendments.plan.goals")}
        columns={[
          { title: t("municipalAmendments.plan.goal"), dataIndex: "description" },
          { title: t("municipalAmendments.plan.quantity"), dataIndex: "quantity", render: (q: number, g) => `${q.toLocaleString("pt-BR")} ${g.unit}` },
          { title: t("municipalAmendments.plan.deadline"), dataIndex: "deadline", render: formatDate },
        ]}
      />
      <Table size="small" rowKey={(_, i) => String(i)} pagination={false} scroll={{ x: "max-content" }} dataSource={row.budgetItems} caption={t("municipalAmendments.plan.items")}
        columns={[
          { title: t("municipalAmendments.plan.item"), dataIndex: "description" },
          { title: t("municipalAmendments.movements.value"), dataIndex: "value", align: "right", render: formatMoney },
        ]}
      />
      <Table size="small" rowKey="month" pagination={false} scroll={{ x: "max-content" }} dataSource={row.schedule} caption={t("municipalAmendments.plan.schedule")}
        columns={[
          { title: t("municipalAmendments.plan.month"), dataIndex: "month", render: (m: string) => m.split("-").reverse().join("/") },
          { title: t("municipalAmendments.movements.value"), dataIndex: "value", align: "right", render: formatMoney },
        ]}
      />
    </Space>
  );
}

/** /admin/municipal-amendments/info/:id: the emenda, its plan, its steps with date, person and document, and its money. */
export default function MunicipalAmendmentShow() {
  const t = useT();
  const { data: me } = useGetIdentity<SessionUser>();
  const manages = passesGuard(me?.customClaims.role, "manager-only");
  const { query } = useShow<MunicipalAmendment, HttpError>({ queryOptions: { retry: false } });
  const row = query.data?.data;
  const [step, setStep] = useState<StageAction | null>(null);
  const [planning, setPlanning] = useState(false);
  const [moving, setMoving] = useState(false);
  const events = useList<StageEvent>({ resource: "municipal-amendment-events", filters: [{ field: "amendmentId", operator: "eq", value: row?.id }], pagination: { pageSize: 100 }, queryOptions: { enabled: !!row } });
  const movements = useList<MunicipalAmendmentMovement>({ resource: "municipal-amendment-movements", filters: [{ field: "amendmentId", operator: "eq", value: row?.id }], pagination: { pageSize: 200 }, queryOptions: { enabled: !!row } });
  if (query.isError) return <Result status="404" title={t("resource.notFound")} />;
  const balance = row ? Number(row.paidValue) - Number(row.supplierPaidValue) - Number(row.returnedValue) : 0;
  const editablePlan = row && manages && (row.planStatus === "EM_ELABORACAO" || row.planStatus === "DEVOLVIDO") && !row.impedimentReason;
  return (
    <Show title={row ? t("municipalAmendments.titles.show", { identifier: row.identifier }) : undefined} isLoading={query.isLoading} canEdit={manages} canDelete={false}>
      {row ? (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Space wrap>
            <CodeTag codes={stages} code={row.stage} />
            <Typography.Text>{row.authorName} ({row.authorParty})</Typography.Text>
          </Space>
          {row.impedimentReason ? <Alert type="error" showIcon message={t("municipalAmendments.stages.IMPEDIDA")} description={row.impedimentReason} /> : null}
          <Row gutter={[16, 16]}>
            {([
              ["value", row.value],
              ["committed", row.committedValue],
              ["paid", row.paidValue],
              ["suppliers", row.supplierPaidValue],
              ["balance", balance],
            ] as const).map(([key, value]) => (
              <Col xs={24} sm={12} md={8} lg={4} key={key}>
                <Statistic title={t(`municipalAmendments.summary.${key}`)} value={formatMoney(value)} />
              </Col>
            ))}
          </Row>
          <Card
            title={<Space>{t("municipalAmendments.plan.title")}<CodeTag codes={planStatuses} code={row.planStatus} /></Space>}
            extra={editablePlan ? <Button onClick={() => setPlanning(true)}>{t("municipalAmendments.plan.edit")}</Button> : null}
          >
            <PlanView row={row} />
          </Card>
          <Card
            title={t("municipalAmendments.steps.title")}
            extra={manages ? <Space wrap>{nextSteps(row).map((s) => <Button key={s} type={s === "return" ? "default" : "primary"} onClick={() => setStep(s)}>{t(`municipalAmendments.steps.${s}`)}</Button>)}</Space> : null}
          >
            <Timeline
              items={(events.result?.data ?? []).map((e) => ({
                children: (
                  <>
                    <Typography.Text strong>{t(`municipalAmendments.stages.${e.stage}`)}</Typography.Text> — {formatDate(e.occurredOn)} {t("municipalAmendments.steps.by", { person: e.personName })}
                    {e.documentNumber ? <div>{e.documentNumber}</div> : null}
                    {e.reason ? <Typography.Text type="secondary">{e.reason}</Typography.Text> : null}
                  </>
                ),
              }))}
            />
          </Card>
          <Card title={t("municipalAmendments.movements.title")} extra={manages && row.planStatus === "APROVADO" && !row.impedimentReason ? <Button type="primary" onClick={() => setMoving(true)}>{t("municipalAmendments.movements.add")}</Button> : null}>
            <Table<MunicipalAmendmentMovement>
              size="small"
              rowKey="id"
              loading={movements.query.isLoading}
              dataSource={movements.result?.data ?? []}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{ emptyText: t("municipalAmendments.movements.empty") }}
              columns={[
                { title: t("municipalAmendments.movements.occurredOn"), dataIndex: "occurredOn", render: formatDate },
                { title: t("municipalAmendments.movements.kind"), dataIndex: "kind", render: (k: MunicipalAmendmentMovement["kind"]) => t(`municipalAmendments.movementKinds.${k}`) },
                { title: t("municipalAmendments.movements.documentNumber"), dataIndex: "documentNumber" },
                { title: t("municipalAmendments.movements.supplier"), dataIndex: "supplierName", render: (name: string | null, m) => (name ? `${name} (${m.supplierDocument})` : "—") },
                { title: t("municipalAmendments.movements.value"), dataIndex: "value", align: "right", render: formatMoney },
              ]}
            />
          </Card>
          <ViewSections sections={fields.sections} record={row} />
          {step ? <StepModal row={row} step={step} onClose={() => setStep(null)} /> : null}
          {planning ? <PlanForm row={row} onClose={() => setPlanning(false)} /> : null}
          {moving ? <MovementModal row={row} onClose={() => setMoving(false)} /> : null}
        </Space>
      ) : null}
    </Show>
  );
}
