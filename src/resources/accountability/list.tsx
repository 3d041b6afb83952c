import { useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import { Link, useCustom, type CrudFilter } from "@refinedev/core";
import { Alert, Input, Select, Space, Table, Typography } from "antd";
import { OBLIGATION_KINDS, STATUSES_OF_KIND, type Obligation, type ObligationKind } from "@/domain/accountability";
import { screenUrl } from "@/domain/admin-screens";
import { CodeTag } from "@/components/resource/field-view";
import { PercentProgress } from "@/components/percent-progress";
import { formatDate } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { kindCodes, statusCodes } from "./codes";
import { DueTag } from "./due-tag";

export interface AccountabilityOverview {
  today: string;
  alertDays: number;
  companyId: number | null;
}

export function useAccountabilityOverview() {
  const { result } = useCustom<AccountabilityOverview>({ url: "/api/accountability/overview", method: "get" });
  return result?.data as Partial<AccountabilityOverview> | undefined;
}

const filterValue = (filters: CrudFilter[], field: string) => (filters.find((f) => "field" in f && f.field === field)?.value as string | undefined) ?? undefined;

/** /admin/accountability: every obligation of the company, soonest due first, filters and page in the URL. */
export default function AccountabilityList() {
  const t = useT();
  const overview = useAccountabilityOverview();
  const { tableProps, filters, setFilters } = useTable<Obligation>({
    resource: "accountability-obligations",
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    // What is still owed first (the overdue at the top), then what was already sent (issue 31).
    sorters: { initial: [{ field: "settled", order: "asc" }, { field: "dueDate", order: "asc" }] },
    filters: { mode: "server" },
  });
  const kind = filterValue(filters, "kind") as ObligationKind | undefined;
  const status = filterValue(filters, "status");
  const q = filterValue(filters, "q");
  const statuses = kind ? STATUSES_OF_KIND[kind] : [...new Set(OBLIGATION_KINDS.flatMap((k) => STATUSES_OF_KIND[k]))];
  const set = (field: string, value: string | undefined) => setFilters([{ field, operator: "eq", value: value || undefined }], "merge");

  if (overview?.companyId === null) {
    return (
      <List title={t("accountability.title")}>
        <Alert type="info" showIcon message={t("accountability.chooseCompany")} />
      </List>
    );
  }
  return (
    <List title={t("accountability.title")}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t("accountability.intro")}
        </Typography.Paragraph>
        <Space wrap>
          <Select
            allowClear
            style={{ minWidth: 280 }}
            placeholder={t("accountability.filters.kind")}
            aria-label={t("accountability.filters.kind")}
            value={kind}
            onChange={(value?: string) => setFilters([{ field: "kind", operator: "eq", value: value || undefined }, { field: "status", operator: "eq", value: undefined }], "merge")}
            options={OBLIGATION_KINDS.map((k) => ({ value: k, label: t(`accountability.kinds.${k}`) }))}
          />
          <Select
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t("accountability.filters.status")}
            aria-label={t("accountability.filters.status")}
            value={status}
            onChange={(value?: string) => set("status", value)}
            options={statuses.map((s) => ({ value: s, label: t(`accountability.statuses.${s}`) }))}
          />
          <Input.Search allowClear style={{ width: 300 }} placeholder={t("accountability.filters.search")} aria-label={t("accountability.filters.search")} defaultValue={q} onSearch={(value) => set("q", value)} />
        </Space>
        <Table<Obligation> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1000 }}>
          <Table.Column<Obligation> dataIndex="kind" title={t("accountability.fields.kind")} render={(value: string) => <CodeTag codes={kindCodes} code={value} />} />
          <Table.Column<Obligation>
            dataIndex="transferKey"
            title={t("accountability.fields.transferKey")}
            sorter
            render={(value: string, row) => (
              <Space direction="vertical" size={0}>
                <Link to={screenUrl("accountability-obligations", "show", { id: row.id })}>{value}</Link>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 360 }}>
                  {row.title}
                </Typography.Text>
              </Space>
            )}
          />
          <Table.Column<Obligation>
            dataIndex="status"
            title={t("accountability.fields.status")}
            render={(value: string, row) => (
              <Space size={4} wrap>
                <CodeTag codes={statusCodes} code={value} />
                <DueTag obligation={row} today={overview?.today} alertDays={overview?.alertDays ?? 30} />
              </Space>
            )}
          />
          <Table.Column<Obligation> dataIndex="dueDate" title={t("accountability.fields.dueDate")} sorter defaultSortOrder="ascend" render={(value: string | null) => formatDate(value)} />
          <Table.Column<Obligation> dataIndex="responsibleName" title={t("accountability.fields.responsible")} render={(value: string | null) => value ?? "—"} />
          <Table.Column<Obligation>
            key="checklist"
            title={t("accountability.fields.checklist")}
            render={(_, row) => (
              <Space size={8}>
                <PercentProgress size="small" style={{ width: 110 }} part={row.checklistDone} whole={row.checklistTotal} aria-label={`${t("accountability.fields.checklist")}: ${row.title}`} />
                <Typography.Text type="secondary">
                  {row.checklistDone}/{row.checklistTotal}
                </Typography.Text>
              </Space>
            )}
          />
        </Table>
      </Space>
    </List>
  );
}
