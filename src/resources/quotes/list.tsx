import { useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import { Link, type HttpError } from "@refinedev/core";
import { Space, Table, Tag, Typography, type TableColumnType } from "antd";
import { WarningOutlined } from "@ant-design/icons";
import { columnFilters, EllipsisCell, fieldColumns, oneLineCell } from "@/components/resource";
import { describeFields } from "@/components/resource/fields";
import { screenUrl } from "@/domain/admin-screens";
import { MIN_QUOTE_PRICES, formatUnitPrice, type Quote } from "@/domain/quotes";
import { formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { QUOTE_CODES as CODES } from "./codes";

const quoteUrl = (row: Quote) => screenUrl("quotes", "show", { id: row.id });

const columns = describeFields<Quote>({
  sections: [],
  columns: [
    { name: "itemDescription", label: "quotes.fields.itemDescription", sorter: true, filter: "search", link: quoteUrl, fixed: "left", ellipsis: true },
    { name: "status", label: "quotes.fields.status", type: "code", codes: CODES.statuses, filter: "codes" },
  ],
}).columns!;

/** /admin/quotes: each item with its project, how many prices it has, their median and the estimated total. */
export default function QuoteListPage() {
  const t = useT();
  const { tableProps } = useTable<Quote, HttpError>({
    resource: "quotes",
    syncWithLocation: true,
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    filters: { initial: columnFilters(columns) },
  });
  const extra: TableColumnType<Quote>[] = [
    {
      key: "projectTitle",
      dataIndex: "projectTitle",
      title: t("quotes.fields.projectTitle"),
      render: (title: string | null, row) => (
        <EllipsisCell title={title ?? undefined}>
          <Link to={`${screenUrl("projects", "show", { id: row.projectId })}/workPlan`}>{title ?? "—"}</Link>
        </EllipsisCell>
      ),
    },
    {
      key: "priceCount",
      dataIndex: "priceCount",
      sorter: true,
      title: t("quotes.fields.priceCount"),
      render: (n: number, row) => (
        <Space size={4} wrap>
          <span>{n}</span>
          {n < MIN_QUOTE_PRICES ? (
            <Tag color="orange" icon={<WarningOutlined />}>
              {t("quotes.list.fewPrices")}
            </Tag>
          ) : null}
          {row.outlierCount > 0 ? <Tag color="gold">{t("quotes.list.outliers", { count: row.outlierCount })}</Tag> : null}
        </Space>
      ),
    },
    { key: "medianPrice", dataIndex: "medianPrice", sorter: true, align: "right", title: t("quotes.fields.medianPrice"), onCell: oneLineCell, render: (v: string | null) => formatUnitPrice(v) },
    {
      key: "estimatedTotal",
      dataIndex: "estimatedTotal",
      sorter: true,
      align: "right",
      title: t("quotes.fields.estimatedTotal"),
      onCell: oneLineCell,
      render: (v: string | null, row) => (
        <Space direction="vertical" size={0}>
          <span>{v === null ? "—" : formatMoney(v)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {Number(row.quantity).toLocaleString("pt-BR")} {row.unit}
          </Typography.Text>
        </Space>
      ),
    },
  ];
  const [item, status] = fieldColumns(columns, t);
  return (
    <List title={t("quotes.titles.list")}>
      <Typography.Paragraph type="secondary">{t("quotes.intro")}</Typography.Paragraph>
      <Table<Quote> {...tableProps} rowKey="id" scroll={{ x: "max-content" }} columns={[item, ...extra, status]} />
    </List>
  );
}
