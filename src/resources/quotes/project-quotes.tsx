import { Link, useList, type HttpError } from "@refinedev/core";
import { Card, Space, Table, Tag } from "antd";
import { PlusOutlined, WarningOutlined } from "@ant-design/icons";
import { oneLineCell, TextCell } from "@/components/resource";
import { screenUrl } from "@/domain/admin-screens";
import { MIN_QUOTE_PRICES, formatUnitPrice, type Quote } from "@/domain/quotes";
import { formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { QUOTE_CODES as CODES } from "./codes";

/** On a project's page: its price research, each item with its prices, median and estimate, linked to its mapa. */
export function ProjectQuotes({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const t = useT();
  const { result, query } = useList<Quote, HttpError>({
    resource: "quotes",
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    sorters: [{ field: "id", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 50 },
  });
  const rows = result.data ?? [];
  if (!query.isLoading && rows.length === 0 && !canWrite) return null;
  return (
    <Card
      size="small"
      title={t("quotes.project.title")}
      style={{ marginBottom: 16 }}
      extra={
        <Space wrap>
          <Link to={screenUrl("quotes", "list")}>{t("quotes.project.all")}</Link>
          {canWrite ? (
            <Link to={`${screenUrl("quotes", "create")}?projectId=${projectId}`}>
              <PlusOutlined /> {t("quotes.project.add")}
            </Link>
          ) : null}
        </Space>
      }
    >
      <Table<Quote>
        rowKey="id"
        size="small"
        pagination={false}
        // Scrolls inside the card on a phone instead of running out of it (issue 31).
        scroll={{ x: "max-content" }}
        loading={query.isLoading}
        dataSource={rows}
        locale={{ emptyText: t("quotes.project.empty") }}
        columns={[
          {
            key: "item",
            title: t("quotes.fields.itemDescription"),
            render: (_, row) => (
              <TextCell>
                <Link to={screenUrl("quotes", "show", { id: row.id })}>{row.itemDescription}</Link>
              </TextCell>
            ),
          },
          {
            key: "count",
            title: t("quotes.fields.priceCount"),
            render: (_, row) => (
              <Space size={4}>
                {row.priceCount}
                {row.priceCount < MIN_QUOTE_PRICES ? (
                  <Tag color="orange" icon={<WarningOutlined />}>
                    {t("quotes.list.fewPrices")}
                  </Tag>
                ) : null}
              </Space>
            ),
          },
          { key: "median", title: t("quotes.fields.medianPrice"), align: "right", onCell: oneLineCell, render: (_, row) => formatUnitPrice(row.medianPrice) },
          { key: "estimated", title: t("quotes.fields.estimatedTotal"), align: "right", onCell: oneLineCell, render: (_, row) => (row.estimatedTotal === null ? "—" : formatMoney(row.estimatedTotal)) },
          { key: "status", title: t("quotes.fields.status"), render: (_, row) => <Tag color={CODES.statuses.color(row.status)}>{t(CODES.statuses.label(row.status))}</Tag> },
        ]}
      />
    </Card>
  );
}
