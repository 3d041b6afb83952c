import { useState } from "react";
import { Show } from "@/components/page-frame";
import { PageTitle } from "@/components/page-title";
import { Link, useGo, useInvalidate, useList, useOne, type HttpError } from "@refinedev/core";
import { useParams } from "react-router";
import { Alert, Button, Card, Col, Descriptions, Empty, Result, Row, Space, Statistic, Table, Tag, Typography, type TableColumnType } from "antd";
import { EditOutlined, FileExcelOutlined, FilePdfOutlined, FileTextOutlined, PlusOutlined, WarningOutlined } from "@ant-design/icons";
import { DeleteButton } from "@/components/dialogs";
import { oneLineCell } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import { formatCnpj } from "@/domain/cnpj";
import { MIN_QUOTE_PRICES, distanceFromMedian, formatUnitPrice, quoteEvidenceUrl, quoteMapUrl, quoteStats, type Quote, type QuotePrice } from "@/domain/quotes";
import { formatDate, formatMoney } from "@/lib/format";
import { usePageTitle } from "@/lib/use-page-title";
import { useT, type Translate } from "@/providers/i18n";
import { useProjectRights } from "../projects/shared";
import { QUOTE_CODES as CODES } from "./codes";
import { AddPriceDialog, EditPriceDialog } from "./prices";

const percent = (share: number) => `${(Math.abs(share) * 100).toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%`;
const signed = (share: number | null) => (share === null ? "—" : `${share > 0 ? "+" : share < 0 ? "−" : ""}${percent(share)}`);

/** The "Fora da faixa" cell: the flag in words (and an icon), so it does not rest on colour. */
function Flag({ flagged, share, t }: { flagged: boolean; share: number | null; t: Translate }) {
  if (!flagged || share === null) return <Typography.Text type="secondary">{t("quotes.map.inRange")}</Typography.Text>;
  const side = share > 0 ? t("quotes.map.outlierAbove") : t("quotes.map.outlierBelow");
  return (
    <Tag color="orange" icon={<WarningOutlined aria-hidden />} data-testid="outlier-flag">
      {t("quotes.map.outlier", { pct: `${percent(share)} ${side}` })}
    </Tag>
  );
}

/** /admin/quotes/info/{id}: the item, its mapa de cotação (mean, median, lowest, flagged prices), its exports and its prices. */
export default function QuoteShowPage() {
  const t = useT();
  const go = useGo();
  const id = Number(useParams().id);
  const { canWrite } = useProjectRights();
  const invalidate = useInvalidate();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<QuotePrice | null>(null);
  const [removing, setRemoving] = useState(false);
  const { result: quote, query } = useOne<Quote>({ resource: "quotes", id, queryOptions: { retry: false, enabled: !removing } });
  const { result: priceList, query: pricesQuery } = useList<QuotePrice, HttpError>({
    resource: "quote-prices",
    filters: [{ field: "quoteId", operator: "eq", value: id }],
    sorters: [
      { field: "unitPrice", order: "asc" },
      { field: "id", order: "asc" },
    ],
    pagination: { currentPage: 1, pageSize: 500 },
    queryOptions: { enabled: !removing },
  });
  usePageTitle(quote ? quote.itemDescription : t("quotes.titles.show"));
  if (query.isError) return <Result status="404" title={t("quotes.show.notFound")} />;
  const prices = priceList.data ?? [];
  const stats = quoteStats(
    prices.map((p) => p.unitPrice),
    quote?.quantity ?? "0",
  );
  const refresh = () =>
    Promise.all([
      invalidate({ resource: "quotes", id, invalidates: ["detail", "list"] }),
      invalidate({ resource: "quote-prices", invalidates: ["list"] }),
      invalidate({ resource: "project-history", invalidates: ["list"] }),
    ]);

  const columns: TableColumnType<QuotePrice>[] = [
    { key: "n", title: "Nº", width: 48, render: (_, __, i) => i + 1 },
    {
      key: "supplier",
      title: t("quotes.fields.supplierName"),
      render: (_, price) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{price.supplierName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: "nowrap" }}>
            {formatCnpj(price.supplierCnpj)}
          </Typography.Text>
        </Space>
      ),
    },
    { key: "source", title: t("quotes.fields.source"), render: (_, price) => t(CODES.sources.label(price.source)) },
    { key: "quoteDate", title: t("quotes.fields.quoteDate"), onCell: oneLineCell, render: (_, price) => formatDate(price.quoteDate) },
    { key: "validUntil", title: t("quotes.fields.validUntil"), onCell: oneLineCell, render: (_, price) => formatDate(price.validUntil) },
    { key: "unitPrice", title: t("quotes.fields.unitPrice"), align: "right", onCell: oneLineCell, render: (_, price) => formatUnitPrice(price.unitPrice) },
    { key: "total", title: t("quotes.fields.totalPrice"), align: "right", onCell: oneLineCell, render: (_, price) => formatMoney((Number(price.unitPrice) * Number(quote?.quantity ?? 0)).toFixed(2)) },
    { key: "distance", title: t("quotes.fields.distance"), align: "right", onCell: oneLineCell, render: (_, price) => signed(distanceFromMedian(price.unitPrice, stats.median)) },
    { key: "flag", title: t("quotes.fields.flag"), render: (_, price, i) => <Flag flagged={stats.outliers[i]} share={distanceFromMedian(price.unitPrice, stats.median)} t={t} /> },
    {
      key: "evidence",
      title: t("quotes.fields.evidence"),
      render: (_, price) =>
        price.hasEvidence ? (
          <a href={quoteEvidenceUrl(price.id)} download={price.fileName ?? undefined} aria-label={t("quotes.map.openEvidence", { supplier: price.supplierName })}>
            <FileTextOutlined /> {price.fileName}
          </a>
        ) : (
          <Typography.Text type="warning">{t("quotes.map.noEvidence")}</Typography.Text>
        ),
    },
    ...(canWrite
      ? [
          {
            key: "actions",
            title: t("table.actions"),
            render: (_: unknown, price: QuotePrice) => (
              <Space wrap={false}>
                <Button size="small" icon={<EditOutlined />} aria-label={t("quotes.prices.editOf", { supplier: price.supplierName })} onClick={() => setEditing(price)} />
                <DeleteButton size="small" hideText resource="quote-prices" recordItemId={price.id} accessControl={{ enabled: false }} onSuccess={() => void refresh()} aria-label={t("quotes.prices.removeOf", { supplier: price.supplierName })} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Show
      resource="quotes"
      recordItemId={id}
      isLoading={query.isLoading}
      title={
        quote ? (
          <Space wrap>
            <PageTitle>
              {quote.itemDescription}
            </PageTitle>
            <Tag color={CODES.statuses.color(quote.status)}>{t(CODES.statuses.label(quote.status))}</Tag>
          </Space>
        ) : (
          t("quotes.titles.show")
        )
      }
      headerButtons={() => (
        <Space wrap>
          <Button icon={<FileExcelOutlined />} href={quoteMapUrl(id, "xlsx")} download>
            {t("quotes.export.xlsx")}
          </Button>
          <Button icon={<FilePdfOutlined />} href={quoteMapUrl(id, "pdf")} download>
            {t("quotes.export.pdf")}
          </Button>
          {quote && canWrite ? (
            <>
              <Button icon={<EditOutlined />} onClick={() => go({ to: screenUrl("quotes", "edit", { id }) })}>
                {t("quotes.show.edit")}
              </Button>
              <DeleteButton resource="quotes" recordItemId={id} accessControl={{ enabled: false }} onRemovingChange={setRemoving} onSuccess={() => go({ to: screenUrl("quotes", "list") })}>
                {t("quotes.show.remove")}
              </DeleteButton>
            </>
          ) : null}
        </Space>
      )}
    >
      {quote ? (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 4 }}>
            <Descriptions.Item label={t("quotes.show.project")} span={4}>
              <Link to={`${screenUrl("projects", "show", { id: quote.projectId })}/workPlan`}>{quote.projectTitle ?? t("quotes.show.openProject")}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t("quotes.fields.catmatCode")}>{quote.catmatCode ?? "—"}</Descriptions.Item>
            <Descriptions.Item label={t("quotes.fields.unit")}>{quote.unit}</Descriptions.Item>
            <Descriptions.Item label={t("quotes.fields.quantity")}>{Number(quote.quantity).toLocaleString("pt-BR")}</Descriptions.Item>
            <Descriptions.Item label={t("quotes.stats.count")}>{stats.count}</Descriptions.Item>
            {quote.notes ? (
              <Descriptions.Item label={t("quotes.fields.notes")} span={4}>
                {quote.notes}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {!pricesQuery.isLoading && stats.count < MIN_QUOTE_PRICES ? (
            <Alert type="warning" showIcon role="alert" data-testid="few-prices" message={t("quotes.map.fewPrices")} description={t("quotes.map.fewPricesDetail", { count: stats.count })} />
          ) : null}
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} lg={6}>
              <Card size="small">
                <Statistic title={t("quotes.stats.mean")} value={formatUnitPrice(stats.mean)} />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card size="small">
                <Statistic title={t("quotes.stats.median")} value={formatUnitPrice(stats.median)} />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card size="small">
                <Statistic title={t("quotes.stats.lowest")} value={formatUnitPrice(stats.lowest)} />
              </Card>
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Card size="small">
                <Statistic title={t("quotes.stats.estimated")} value={stats.estimatedTotal === null ? "—" : formatMoney(stats.estimatedTotal)} />
              </Card>
            </Col>
          </Row>
          <Typography.Text type="secondary">{t("quotes.stats.rule", { quantity: Number(quote.quantity).toLocaleString("pt-BR"), unit: quote.unit })}</Typography.Text>
          <Card
            size="small"
            title={<h2 style={{ fontSize: 16, margin: 0 }}>{t("quotes.map.title")}</h2>}
            extra={
              canWrite ? (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                  {t("quotes.prices.add")}
                </Button>
              ) : null
            }
          >
            <Typography.Paragraph type="secondary">{t("quotes.map.caption", { item: quote.itemDescription })}</Typography.Paragraph>
            <Typography.Paragraph strong={stats.outlierCount > 0} data-testid="outlier-summary">
              {stats.outlierCount > 0 ? t("quotes.map.outliers", { count: stats.outlierCount }) : t("quotes.map.noOutliers")}
            </Typography.Paragraph>
            <Table<QuotePrice>
              rowKey="id"
              size="small"
              loading={pricesQuery.isLoading}
              dataSource={prices}
              columns={columns}
              scroll={{ x: "max-content" }}
              pagination={false}
              rowClassName={(_, i) => (stats.outliers[i] ? "quote-outlier" : "")}
              onRow={(_, i) => (i !== undefined && stats.outliers[i] ? { style: { background: "#fff7e6" } } : {})}
              locale={{ emptyText: <Empty description={t("quotes.map.empty")} /> }}
            />
          </Card>
        </Space>
      ) : null}
      {adding ? <AddPriceDialog quoteId={id} onClose={() => setAdding(false)} onSaved={refresh} /> : null}
      {editing ? <EditPriceDialog price={editing} onClose={() => setEditing(null)} onSaved={refresh} /> : null}
    </Show>
  );
}
