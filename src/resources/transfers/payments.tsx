import { useState } from "react";
import { useParams } from "react-router";
import { Create, Edit, List, useForm, useTable } from "@refinedev/antd";
import { Link, useGo, useInvalidate, useOne, useTranslate, type HttpError } from "@refinedev/core";
import { Alert, Button, Col, Form, Input, Result, Row, Select, Table, Tag } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { PAYMENT_KINDS, PAYMENT_STATUSES, paymentFields } from "@/domain/transfers";
import { DeleteButton } from "@/components/dialogs";
import { DateInput, MoneyInput, dateItemProps } from "@/components/form-inputs";
import { formatDate, formatMoney, todayIso } from "@/lib/format";
import { zodRule } from "@/lib/zod-rule";
import { infoPath, statusColor, type TransferKindConfig } from "./kinds";
import type { TransferRow } from "./list";
import type { PaymentRow } from "./payment-history";

/** The transfer named by the route (info/{NR_TRANSFER}/...). */
function useRouteTransfer(config: TransferKindConfig) {
  const { id: key = "" } = useParams();
  const { result, query } = useOne<TransferRow>({ resource: config.resource, id: `${config.keySegment}/${encodeURIComponent(key)}`, queryOptions: { retry: false } });
  return { key, transfer: result, query, base: infoPath(config, key) };
}

function NotFound({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  return <Result status="404" title={t("transfers.notFound")} extra={<Link to={config.basePath}>{t(config.titleKey)}</Link>} />;
}

/** The payment fields; create and edit share them. Dates travel as ISO strings, money as decimal strings. */
function PaymentFields() {
  const t = useTranslate();
  const shape = paymentFields.shape;
  const kinds = PAYMENT_KINDS.map((value) => ({ value, label: t(`payments.kinds.${value}`) }));
  const statuses = PAYMENT_STATUSES.map((value) => ({ value, label: t(`payments.statuses.${value}`) }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="kind" label={t("payments.fields.kind")} rules={[zodRule(shape.kind)]} required>
          <Select options={kinds} placeholder={t("payments.fields.kind")} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="status" label={t("payments.fields.status")} rules={[zodRule(shape.status)]} initialValue="EFETIVADO" required>
          <Select options={statuses} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="documentNumber" label={t("payments.fields.documentNumber")} extra={t("payments.hints.documentNumber")} rules={[zodRule(shape.documentNumber)]} required>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="paymentDate" label={t("payments.fields.paymentDate")} rules={[zodRule(shape.paymentDate)]} required {...dateItemProps}>
          <DateInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name="amount" label={t("payments.fields.amount")} rules={[zodRule(shape.amount)]} required>
          <MoneyInput />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="payeeName" label={t("payments.fields.payeeName")} rules={[zodRule(shape.payeeName)]}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="payeeDocument" label={t("payments.fields.payeeDocument")} rules={[zodRule(shape.payeeDocument)]}>
          <Input maxLength={18} placeholder="00.000.000/0000-00" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="description" label={t("payments.fields.description")} rules={[zodRule(shape.description)]}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="internalNotes" label={t("payments.fields.internalNotes")} rules={[zodRule(shape.internalNotes)]}>
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/**
 * After a payment changes, the transfer's totals, lists and the dashboard are stale. A removed
 * payment's own record is not refetched (it would answer 404): only the lists that held it are.
 */
function useRefreshTransfer(config: TransferKindConfig) {
  const invalidate = useInvalidate();
  return (change: "saved" | "removed" = "saved") =>
    Promise.all([
      invalidate({ resource: config.resource, invalidates: ["all"] }),
      invalidate({ resource: "transaction-payments", invalidates: change === "removed" ? ["list", "many"] : ["all"] }),
      invalidate({ resource: "dashboard", invalidates: ["all"] }),
    ]);
}

/** info/{NR_TRANSFER}/transaction-payment/create */
export function PaymentCreate({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  const go = useGo();
  const refresh = useRefreshTransfer(config);
  const { transfer, query, base, key } = useRouteTransfer(config);
  const { formProps, saveButtonProps } = useForm<PaymentRow, HttpError>({
    resource: "transaction-payments",
    action: "create",
    redirect: false,
    onMutationSuccess: async () => {
      await refresh();
      go({ to: base, type: "push" });
    },
  });
  if (query.isError) return <NotFound config={config} />;
  return (
    <Create
      title={`${t("payments.titles.create")} · ${key}`}
      isLoading={query.isLoading}
      saveButtonProps={{ ...saveButtonProps, disabled: !transfer || saveButtonProps.disabled }}
      goBack={<Link to={base}>←</Link>}
    >
      <Alert type="info" showIcon message={t("payments.hints.countsInTotals")} style={{ marginBottom: 16 }} />
      <Form
        {...formProps}
        layout="vertical"
        initialValues={{ status: "EFETIVADO", paymentDate: todayIso() }}
        onFinish={(values) => formProps.onFinish?.({ ...(values as object), [config.paymentLink!]: transfer?.id })}
      >
        <PaymentFields />
      </Form>
    </Create>
  );
}

/** info/{NR_TRANSFER}/transaction-payment/{transactionPaymentId}: see, correct or remove a payment. */
export function PaymentEdit({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  const go = useGo();
  const refresh = useRefreshTransfer(config);
  const { paymentId } = useParams();
  const { base, key } = useRouteTransfer(config);
  const [removing, setRemoving] = useState(false);
  const { formProps, saveButtonProps, query } = useForm<PaymentRow, HttpError>({
    resource: "transaction-payments",
    action: "edit",
    id: paymentId,
    redirect: false,
    queryOptions: { retry: false, enabled: !removing },
    onMutationSuccess: async () => {
      await refresh();
      go({ to: base, type: "push" });
    },
  });
  if (query?.isError) return <Result status="404" title={t("payments.titles.show")} extra={<Link to={base}>{t("payments.back")}</Link>} />;
  return (
    <Edit
      title={`${t("payments.titles.edit")} · ${key}`}
      isLoading={query?.isLoading}
      saveButtonProps={saveButtonProps}
      goBack={<Link to={base}>←</Link>}
      headerButtons={
        <DeleteButton
          resource="transaction-payments"
          recordItemId={paymentId}
          onRemovingChange={setRemoving}
          onSuccess={async () => {
            go({ to: base, type: "replace" });
            await refresh("removed");
          }}
        />
      }
    >
      <Form {...formProps} layout="vertical">
        <PaymentFields />
      </Form>
    </Edit>
  );
}

/** info/{NR_TRANSFER}/transaction-payment: every movement of one transfer, sortable and paged. */
export function PaymentList({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  const { transfer, query, base, key } = useRouteTransfer(config);
  const { tableProps } = useTable<PaymentRow, HttpError>({
    resource: "transaction-payments",
    syncWithLocation: true,
    sorters: { initial: [{ field: "paymentDate", order: "desc" }] },
    filters: { permanent: transfer ? [{ field: config.paymentLink!, operator: "eq", value: transfer.id }] : [] },
    queryOptions: { enabled: Boolean(transfer) },
  });
  if (query.isError) return <NotFound config={config} />;
  return (
    <List
      title={`${t("payments.titles.list")} · ${key}`}
      headerButtons={
        <>
          <Link to={base}>
            <Button>{t("payments.back")}</Button>
          </Link>
          <Link to={`${base}/transaction-payment/create`}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t("payments.add")}
            </Button>
          </Link>
        </>
      }
    >
      <Table {...tableProps} rowKey="id" scroll={{ x: 800 }}>
        <Table.Column<PaymentRow> dataIndex="paymentDate" title={t("payments.fields.paymentDate")} sorter render={(v: string) => formatDate(v)} />
        <Table.Column<PaymentRow> dataIndex="kind" title={t("payments.fields.kind")} render={(v: string) => t(`payments.kinds.${v}`)} />
        <Table.Column<PaymentRow>
          dataIndex="documentNumber"
          title={t("payments.fields.documentNumber")}
          sorter
          render={(v: string, row) => <Link to={`${base}/transaction-payment/${row.id}`}>{v}</Link>}
        />
        <Table.Column<PaymentRow> dataIndex="status" title={t("payments.fields.status")} render={(v: string) => <Tag color={statusColor(v)}>{t(`payments.statuses.${v}`)}</Tag>} />
        <Table.Column<PaymentRow> dataIndex="payeeName" title={t("payments.fields.payeeName")} ellipsis />
        <Table.Column<PaymentRow> dataIndex="amount" title={t("payments.fields.amount")} sorter align="right" render={(v: string) => formatMoney(v)} />
      </Table>
    </List>
  );
}
