import { useState, type ReactNode } from "react";
import { useParams } from "react-router";
import { Show } from "@refinedev/antd";
import { CanAccess, Link, useGo, useList, useOne, useTranslate } from "@refinedev/core";
import { Button, Card, Col, Descriptions, Result, Row, Space, Tag, Typography } from "antd";
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { formatCnpj } from "@brazilian-utils/brazilian-utils";
import { DeleteButton } from "@/components/dialogs";
import { isActive } from "@/domain/transfers";
import { IMPOSITION_ACTIVE_SITUATIONS, VOLUNTARY_ACTIVE_STATUSES, FUND_ACTIVE_SITUATIONS } from "@/domain/transfers";
import { formatDate, formatMoney, todayIso } from "@/lib/format";
import { PercentProgress } from "@/components/percent-progress";
import { StatusTag } from "./components";
import { editPath, infoPath, type TransferKindConfig } from "./kinds";
import type { TransferRow } from "./list";
import { SECTIONS, type TransferField } from "./sections";
import { PaidVsPlannedChart, PaymentTimeline, type PaymentRow } from "./payment-history";

function render(field: TransferField, value: unknown, config: TransferKindConfig, t: ReturnType<typeof useTranslate>): ReactNode {
  if (value === null || value === undefined || value === "") return "—";
  switch (field.type) {
    case "money":
      return formatMoney(value as string);
    case "date":
      return formatDate(value as string);
    case "status":
      return <StatusTag group={config.statusGroup} code={value as string} />;
    case "enum":
      return t(`${field.group}.${value}`, String(value));
    case "bool":
      return value ? <Tag color="green">{t("transfers.public")}</Tag> : <Tag>{t("transfers.private")}</Tag>;
    case "cnpj":
      return formatCnpj(String(value));
    default:
      return String(value);
  }
}

const activeSituations: Record<TransferKindConfig["kind"], readonly string[]> = {
  imposition: IMPOSITION_ACTIVE_SITUATIONS,
  voluntary: VOLUNTARY_ACTIVE_STATUSES,
  fund: FUND_ACTIVE_SITUATIONS,
};

function isTransferActive(config: TransferKindConfig, row: TransferRow): boolean {
  const end = (config.kind === "imposition" ? row.executionEnd : row.validityEnd) as string | null;
  return isActive(activeSituations[config.kind].includes(String(row[config.statusField])), end, todayIso());
}

/** info/{NR_TRANSFER} (or {codPlan}): the transfer, its money, its payment history and chart. */
export function TransferInfo({ config }: { config: TransferKindConfig }) {
  const go = useGo();
  const t = useTranslate();
  const { id: key = "" } = useParams();
  const [removing, setRemoving] = useState(false);
  const { result: transfer, query } = useOne<TransferRow>({
    resource: config.resource,
    id: `${config.keySegment}/${encodeURIComponent(key)}`,
    queryOptions: { retry: false, enabled: !removing },
  });
  const paymentLink = config.paymentLink;
  const { result: payments } = useList<PaymentRow>({
    resource: "transaction-payments",
    filters: paymentLink && transfer ? [{ field: paymentLink, operator: "eq", value: transfer.id }] : [],
    sorters: [{ field: "paymentDate", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 100 },
    queryOptions: { enabled: Boolean(paymentLink && transfer) && !removing },
  });

  if (query.isError) {
    return <Result status="404" title={t("transfers.notFound")} extra={<Link to={config.basePath}>{t(config.titleKey)}</Link>} />;
  }
  const planned = Number(transfer?.[config.plannedField] ?? 0);
  const paid = Number(transfer?.paidValue ?? 0);
  const committed = Number(transfer?.committedValue ?? 0);
  const base = infoPath(config, key);

  return (
    <Show
      isLoading={query.isLoading}
      title={t(config.infoTitleKey, { nr: key })}
      canEdit={false}
      canDelete={false}
      headerButtons={
        <Space wrap>
          {paymentLink ? (
            <Link to={`${base}/transaction-payment`}>
              <Button icon={<UnorderedListOutlined />}>{t("payments.titles.list")}</Button>
            </Link>
          ) : null}
          <CanAccess resource={config.resource} action="edit">
            <Link to={editPath(config, key)}>
              <Button icon={<EditOutlined />}>{t("transfers.form.edit")}</Button>
            </Link>
          </CanAccess>
          {transfer ? (
            // Removing a transfer removes its payments with it (the API's cascade); back to the list after.
            <DeleteButton resource={config.resource} recordItemId={transfer.id} onRemovingChange={setRemoving} onSuccess={() => go({ to: config.basePath, type: "replace" })} />
          ) : null}
          {paymentLink ? (
            <CanAccess resource="transaction-payments" action="create">
              <Link to={`${base}/transaction-payment/create`}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {t("payments.add")}
                </Button>
              </Link>
            </CanAccess>
          ) : null}
        </Space>
      }
    >
      {transfer ? (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <StatusTag group={config.statusGroup} code={String(transfer[config.statusField])} />
            {isTransferActive(config, transfer) ? <Tag color="green">{t("transfers.active")}</Tag> : <Tag>{t("transfers.inactive")}</Tag>}
            <Typography.Text type="secondary">{String(transfer.objectName ?? transfer.object ?? transfer.programName ?? "")}</Typography.Text>
          </Space>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={8}>
              <Card size="small" title={t("transfers.totals.planned")}>
                <Typography.Title level={4} style={{ margin: 0 }}>{formatMoney(planned)}</Typography.Title>
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small" title={t("transfers.totals.committed")}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="info-committed">{formatMoney(committed)}</Typography.Title>
              </Card>
            </Col>
            <Col xs={12} md={8}>
              <Card size="small" title={t("transfers.totals.paid")}>
                <Typography.Title level={4} style={{ margin: 0 }} data-testid="info-paid">{formatMoney(paid)}</Typography.Title>
                <PercentProgress part={paid} whole={planned} size="small" aria-label={t("transfers.totals.execution")} />
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={paymentLink ? 14 : 24}>
              {SECTIONS[config.kind].map((section) => (
                <Descriptions
                  key={section.title}
                  title={t(`transfers.sections.${section.title}`)}
                  bordered
                  size="small"
                  column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 1, xxl: 2 }}
                  labelStyle={{ width: 180 }}
                  style={{ marginBottom: 16 }}
                  items={section.fields.map((field) => ({
                    key: field.name,
                    label: t(`transfers.fields.${field.label ?? field.name}`),
                    children: render(field, transfer[field.name], config, t),
                  }))}
                />
              ))}
            </Col>
            {paymentLink ? (
              <Col xs={24} xl={10}>
                <Card title={t("transfers.sections.chart")} size="small" style={{ marginBottom: 16 }}>
                  <PaidVsPlannedChart planned={planned} payments={payments.data} />
                </Card>
                <Card title={t("transfers.sections.payments")} size="small">
                  <PaymentTimeline payments={payments.data} paymentPath={(id) => `${base}/transaction-payment/${id}`} />
                </Card>
              </Col>
            ) : null}
          </Row>
        </>
      ) : null}
    </Show>
  );
}
