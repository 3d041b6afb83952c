import { useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import type { HttpError } from "@refinedev/core";
import { Space, Table, Tag, Tooltip, Typography, type TableColumnType } from "antd";
import { columnFilters, fieldColumns } from "@/components/resource";
import { describeFields } from "@/components/resource/fields";
import { screenUrl } from "@/domain/admin-screens";
import type { Project } from "@/domain/projects";
import { formatDate, formatMoney, formatPercent } from "@/lib/format";
import { PercentProgress } from "@/components/percent-progress";
import { useT } from "@/providers/i18n";
import { PROJECT_CODES as CODES } from "./codes";
import { pct } from "./shared";
import { todayInSaoPaulo } from "@/domain/dates";

const projectUrl = (row: Project) => `${screenUrl("projects", "show", { id: row.id })}/workPlan`;

const columns = describeFields<Project>({
  sections: [],
  columns: [
    { name: "title", label: "projects.fields.title", sorter: true, filter: "search", link: projectUrl, fixed: "left" },
    { name: "status", label: "projects.fields.status", type: "code", codes: CODES.statuses, filter: "codes" },
  ],
}).columns!;

/** /admin/projects: each project's status, physical and financial progress, funding and next deadline. */
export default function ProjectListPage() {
  const t = useT();
  const today = todayInSaoPaulo();
  const { tableProps } = useTable<Project, HttpError>({
    resource: "projects",
    syncWithLocation: true,
    sorters: { initial: [{ field: "nextDeadline", order: "asc" }] },
    filters: { initial: columnFilters(columns) },
  });
  const bar = (label: string, value: string, color?: string) => <PercentProgress part={pct(value)} whole={100} size="small" strokeColor={color} style={{ minWidth: 120 }} aria-label={label} />;
  const extra: TableColumnType<Project>[] = [
    { key: "physicalProgress", dataIndex: "physicalProgress", sorter: true, title: <Tooltip title={t("projects.list.progressHint")}>{t("projects.fields.physicalProgress")}</Tooltip>, render: (v: string, row) => bar(`${t("projects.fields.physicalProgress")}: ${row.title}`, v) },
    { key: "financialProgress", dataIndex: "financialProgress", sorter: true, title: t("projects.fields.financialProgress"), render: (v: string, row) => bar(`${t("projects.fields.financialProgress")}: ${row.title}`, v, "#faad14") },
    {
      key: "fundedValue",
      dataIndex: "fundedValue",
      sorter: true,
      align: "right",
      title: t("projects.fields.funding"),
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <span>{formatMoney(row.fundedValue)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t("projects.list.fundedOf", { funded: formatPercent(Number(row.fundedValue), Number(row.totalValue)), total: formatMoney(row.totalValue) })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: "nextDeadline",
      dataIndex: "nextDeadline",
      sorter: true,
      title: t("projects.fields.nextDeadline"),
      render: (v: string | null) => (v ? <Space size={4}>{formatDate(v)}{v < today ? <Tag color="red">{t("projects.list.overdue")}</Tag> : null}</Space> : <Typography.Text type="secondary">{t("projects.list.noDeadline")}</Typography.Text>),
    },
  ];
  return (
    <List title={t("projects.titles.list")}>
      <Table<Project> {...tableProps} rowKey="id" scroll={{ x: "max-content" }} columns={[...fieldColumns(columns, t), ...extra]} />
    </List>
  );
}
