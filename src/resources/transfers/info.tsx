import { useState } from "react";
import { useParams } from "react-router";
import { Show } from "@/components/page-frame";
import { Link, useGo } from "@refinedev/core";
import { CanAccessNow } from "@/components/can-access-now";
import { Alert, Button, Card, Col, Row, Space, Tag, Typography } from "antd";
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { DeleteButton } from "@/components/dialogs";
import { CodeTag, ViewSections } from "@/components/resource";
import { useAllRecords } from "@/components/resource/use-all-records";
import { PercentProgress } from "@/components/percent-progress";
import { screenUrl } from "@/domain/admin-screens";
import { isActive } from "@/domain/transfers";
import { formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { editPath, infoPath, listPath, type TransferKindConfig, type TransferShape } from "./kinds";
import { TransferNotFound, useRouteTransfer } from "./route-transfer";
import type { Payment } from "./rows";
import { PaidVsPlannedChart, PaymentTimeline } from "./payment-history";
import { todayInSaoPaulo } from "@/domain/dates";
import { AccountTrailCard } from "./account-trail";
import { FundAnalysesCard } from "./fund-analyses";
import { InstrumentCard } from "./instrument-card";
import { RadarCard } from "../risks/radar-card";

function isTransferActive(config: TransferKindConfig, row: TransferShape): boolean {
  const end = (row[config.endField] as string | null | undefined) ?? null;
  return isActive(config.activeStatuses.includes(String(row[config.statusField])), end, todayInSaoPaulo());
}

/** Every payment of the transfer, oldest first: the timeline and the chart draw all of them, or say they do not. */
function PaymentHistory({ config, transfer, planned, base, enabled }: { config: TransferKindConfig; transfer: TransferShape; planned: number; base: string; enabled: boolean }) {
  const t = useT();
  const payments = config.payments!;
  const { rows, total, loading, truncated } = useAllRecords<Payment>({
    resource: "transaction-payments",
    filters: [{ field: payments.link, operator: "eq", value: transfer.id }],
    sorters: [{ field: "paymentDate", order: "asc" }],
    enabled,
  });
  const notice = truncated ? (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="payments-truncated"
      message={t("resource.allPages.truncated", { shown: rows.length.toLocaleString("pt-BR"), total: total.toLocaleString("pt-BR") })}
      action={<Link to={`${base}/transaction-payment`}>{t("payments.titles.list")}</Link>}
    />
  ) : null;
  const key = String(transfer[config.keyField]);
  return (
    <>
      <Card title={t("transfers.sections.chart")} size="small" style={{ marginBottom: 16 }} loading={loading && !rows.length}>
        {notice}
        <PaidVsPlannedChart planned={planned} payments={rows} />
      </Card>
      <Card
        title={t("transfers.sections.payments")}
        size="small"
        loading={loading && !rows.length}
        extra={loading && rows.length ? <Typography.Text type="secondary">{t("resource.allPages.loading", { loaded: rows.length, total })}</Typography.Text> : null}
      >
        {notice}
        <PaymentTimeline payments={rows} paymentPath={(id) => screenUrl(payments.screens, "edit", { NR_TRANSFER: key, id })} />
      </Card>
    </>
  );
}

/** info/{NR_TRANSFER} (or {codPlan}): the transfer, its money, its payment history and chart. */
export function TransferInfo({ config }: { config: TransferKindConfig }) {
  const go = useGo();
  const t = useT();
  const { id: key = "" } = useParams();
  // While the transfer is being removed, nothing reads it again (a 404 would flash before the list).
  const [removing, setRemoving] = useState(false);
  const { result: transfer, query } = useRouteTransfer(config, key, !removing);

  if (query.isError) return <TransferNotFound config={config} />;
  const planned = Number(transfer?.[config.plannedField] ?? 0);
  const paid = Number(transfer?.paidValue ?? 0);
  const committed = Number(transfer?.committedValue ?? 0);
  const base = infoPath(config, key);
  const payments = config.payments;

  return (
    <Show
      isLoading={query.isLoading}
      title={t(config.infoTitleKey, { nr: key })}
      canEdit={false}
      canDelete={false}
      headerButtons={
        <Space wrap>
          {payments ? (
            <Link to={`${base}/transaction-payment`}>
              <Button icon={<UnorderedListOutlined />}>{t("payments.titles.list")}</Button>
            </Link>
          ) : null}
          <CanAccessNow resource={config.resource} action="edit">
            <Link to={editPath(config, key)}>
              <Button icon={<EditOutlined />}>{t("transfers.form.edit")}</Button>
            </Link>
          </CanAccessNow>
          {transfer ? (
            // Removing a transfer removes its payments with it (the API's cascade); back to the list after.
            <DeleteButton resource={config.resource} recordItemId={transfer.id} onRemovingChange={setRemoving} onSuccess={() => go({ to: listPath(config), type: "replace" })} />
          ) : null}
          {payments ? (
            <CanAccessNow resource="transaction-payments" action="create">
              <Link to={`${base}/transaction-payment/create`}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {t("payments.add")}
                </Button>
              </Link>
            </CanAccessNow>
          ) : null}
        </Space>
      }
    >
      {transfer ? (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <CodeTag codes={config.statusCodes} code={String(transfer[config.statusField])} />
            {isTransferActive(config, transfer) ? <Tag color="green">{t("transfers.active")}</Tag> : <Tag>{t("transfers.inactive")}</Tag>}
            <Typography.Text type="secondary">{String(transfer.objectName ?? transfer.object ?? transfer.programName ?? "")}</Typography.Text>
          </Space>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={8}>
              <Card size="small" title={t("transfers.totals.planned")}>
                <Typography.Title level={4} style={{ margin: 0 }}>{formatMoney(planned)}</Typography.Title>
              </Card>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Card size="small" title={t("transfers.totals.committed")}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="info-committed">{formatMoney(committed)}</Typography.Title>
              </Card>
            </Col>
            <Col xs={24} sm={12} md={8}>
              <Card size="small" title={t("transfers.totals.paid")}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="info-paid">{formatMoney(paid)}</Typography.Title>
                <PercentProgress part={paid} whole={planned} size="small" aria-label={t("transfers.totals.execution")} />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={payments ? 14 : 24}>
              <ViewSections sections={config.fields.sections} record={transfer} />
              <InstrumentCard kind={config.resource} transferId={transfer.id} />
              {config.resource === "imposition-transfers" ? <RadarCard transferId={transfer.id} /> : null}
              {config.resource === "imposition-transfers" ? <AccountTrailCard transferId={transfer.id} /> : null}
              {config.resource === "fund-to-fund-transfers" ? <FundAnalysesCard planId={transfer.id} /> : null}
            </Col>
            {payments ? (
              <Col xs={24} xl={10}>
                <PaymentHistory config={config} transfer={transfer} planned={planned} base={base} enabled={!removing} />
              </Col>
            ) : null}
          </Row>
        </>
      ) : null}
    </Show>
  );
}
