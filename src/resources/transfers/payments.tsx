import { useState } from "react";
import { useParams } from "react-router";
import { useForm, useTable } from "@refinedev/antd";
import { withCappedTotal } from "@/components/resource/list-total";
import { Create, Edit, List } from "@/components/page-frame";
import { Link, useGo, useInvalidate, type HttpError } from "@refinedev/core";
import { Alert, Button, Form, Result, Table } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { DeleteButton } from "@/components/dialogs";
import { FormSections, fieldColumns, useEditForm } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import { useT } from "@/providers/i18n";
import { infoPath, type TransferKindConfig } from "./kinds";
import { paymentFields } from "./payment-fields";
import { TransferNotFound, useRouteTransfer } from "./route-transfer";
import type { Payment } from "./rows";

/** The transfer the payment screens sit under (info/{NR_TRANSFER}/transaction-payment/...). */
function useParentTransfer(config: TransferKindConfig) {
  const { NR_TRANSFER: key = "" } = useParams();
  const { result: transfer, query } = useRouteTransfer(config, key);
  return { key, transfer, query, base: infoPath(config, key) };
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

const { sections, schema, updateSchema } = paymentFields;

/** info/{NR_TRANSFER}/transaction-payment/create */
export function PaymentCreate({ config }: { config: TransferKindConfig }) {
  const t = useT();
  const go = useGo();
  const refresh = useRefreshTransfer(config);
  const { transfer, query, base, key } = useParentTransfer(config);
  const { formProps, saveButtonProps } = useForm<Payment, HttpError>({
    resource: "transaction-payments",
    action: "create",
    redirect: false,
    onMutationSuccess: async () => {
      await refresh();
      go({ to: base, type: "push" });
    },
  });
  if (query.isError) return <TransferNotFound config={config} />;
  return (
    <Create
      title={`${t("payments.titles.create")} · ${key}`}
      isLoading={query.isLoading}
      saveButtonProps={{ ...saveButtonProps, disabled: !transfer || saveButtonProps.disabled }}
      backTo={base}
    >
      <Alert type="info" showIcon message={t("payments.hints.countsInTotals")} style={{ marginBottom: 16 }} />
      <Form
        {...formProps}
        layout="vertical"
        initialValues={paymentFields.defaults?.()}
        onFinish={(values) => formProps.onFinish?.({ ...(values as object), [config.payments!.link]: transfer?.id })}
      >
        <FormSections sections={sections} schema={schema} updateSchema={updateSchema} />
      </Form>
    </Create>
  );
}

/** info/{NR_TRANSFER}/transaction-payment/{transactionPaymentId}: see, correct or remove a payment. */
export function PaymentEdit({ config }: { config: TransferKindConfig }) {
  const t = useT();
  const go = useGo();
  const refresh = useRefreshTransfer(config);
  const { NR_TRANSFER: key = "", id: paymentId } = useParams();
  const base = infoPath(config, key);
  // While the payment is being removed, nothing reads it again (it would answer 404).
  const [removing, setRemoving] = useState(false);
  const { formProps, saveButtonProps, query, conflict } = useEditForm<Payment>({
    resource: "transaction-payments",
    id: paymentId,
    enabled: !removing,
    onSaved: async () => {
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
      backTo={base}
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
      {conflict}
      <Form {...formProps} layout="vertical">
        <FormSections sections={sections} schema={schema} updateSchema={updateSchema} />
      </Form>
    </Edit>
  );
}

/** info/{NR_TRANSFER}/transaction-payment: every movement of one transfer, sortable and paged. */
export function PaymentList({ config }: { config: TransferKindConfig }) {
  const t = useT();
  const { transfer, query, base, key } = useParentTransfer(config);
  const { tableProps, tableQuery } = useTable<Payment, HttpError>({
    resource: "transaction-payments",
    syncWithLocation: true,
    sorters: { initial: paymentFields.defaultSort ? [paymentFields.defaultSort] : [] },
    filters: { permanent: transfer ? [{ field: config.payments!.link, operator: "eq", value: transfer.id }] : [] },
    queryOptions: { enabled: Boolean(transfer) },
  });
  if (query.isError) return <TransferNotFound config={config} />;
  const columns = (paymentFields.columns ?? []).map((column) =>
    column.name === "documentNumber" ? { ...column, link: (row: Payment) => screenUrl(config.payments!.screens, "edit", { NR_TRANSFER: key, id: row.id }) } : column,
  );
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
      <Table {...tableProps} pagination={withCappedTotal(tableProps.pagination, tableQuery.data)} rowKey="id" scroll={{ x: "max-content" }} columns={fieldColumns(columns, t)} />
    </List>
  );
}
