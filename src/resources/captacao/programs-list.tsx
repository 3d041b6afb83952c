import { useState } from "react";
import { useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import { Link, useCustom, type HttpError } from "@refinedev/core";
import { CanAccessNow } from "@/components/can-access-now";
import { Alert, Button, InputNumber, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import type { Grantor, OpenProgram, OpenProgramsAnswer, Program } from "@/domain/captacao";
import { PROGRAM_MODALITIES } from "@/domain/captacao";
import { screenUrl } from "@/domain/admin-screens";
import { columnFilters, fieldColumns } from "@/components/resource/columns";
import { CodeTag } from "@/components/resource/field-view";
import { useAllRecords } from "@/components/resource/use-all-records";
import { formatDate, formatMoney } from "@/lib/format";
import { useT, type Translate } from "@/providers/i18n";
import { CAPTACAO_CODES as CODES } from "./codes";
import fields from "./program-fields";

interface RadarFilters {
  grantorId?: number;
  policyArea?: string;
  modality?: string;
  minValue?: number;
  maxValue?: number;
}

const PAGE = 20;

function daysText(t: Translate, days: number): string {
  if (days === 0) return t("captacao.radar.today");
  return days === 1 ? t("captacao.radar.day") : t("captacao.radar.days", { count: days });
}

function radarQuery(filters: RadarFilters, page: number) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  params.set("_start", String((page - 1) * PAGE));
  params.set("_end", String(page * PAGE));
  return params.toString();
}

/** "Abertos para {município}": the programs the active municipality can apply to today, nearest closing first. */
function Radar() {
  const t = useT();
  const [filters, setFilters] = useState<RadarFilters>({});
  const [page, setPage] = useState(1);
  const query = radarQuery(filters, page);
  const { query: answer } = useCustom<OpenProgramsAnswer>({
    url: `/api/programs/open?${query}`,
    method: "get",
    queryOptions: { queryKey: ["programs", "open", query, window.location.search], retry: false },
    errorNotification: false,
  });
  const { rows: grantors } = useAllRecords<Grantor>({ resource: "grantors" });
  // The catalogue's distinct policy areas (GET /api/programs/options), not the programs themselves.
  const { query: options } = useCustom<{ policyArea?: string[] }>({ url: "/api/programs/options", method: "get", queryOptions: { queryKey: ["programs", "options"] } });
  const areas = options.data?.data.policyArea ?? [];
  const data = answer.data?.data;
  const change = (next: Partial<RadarFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  if (data && data.municipality === null) return <Alert type="info" showIcon message={t("captacao.radar.chooseCompany")} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 220 }}
          placeholder={t("captacao.radar.grantor")}
          aria-label={t("captacao.radar.grantor")}
          value={filters.grantorId}
          onChange={(grantorId?: number) => change({ grantorId })}
          options={grantors.map((g) => ({ value: g.id, label: `${g.acronym} - ${g.name}` }))}
        />
        <Select allowClear style={{ minWidth: 200 }} placeholder={t("captacao.radar.policyArea")} aria-label={t("captacao.radar.policyArea")} value={filters.policyArea} onChange={(policyArea?: string) => change({ policyArea })} options={areas.map((a) => ({ value: a, label: a }))} />
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t("captacao.radar.modality")}
          aria-label={t("captacao.radar.modality")}
          value={filters.modality}
          onChange={(modality?: string) => change({ modality })}
          options={PROGRAM_MODALITIES.map((m) => ({ value: m, label: t(`captacao.modalities.${m}`) }))}
        />
        <InputNumber<number> min={0} placeholder={t("captacao.radar.minValue")} aria-label={t("captacao.radar.minValue")} style={{ width: 170 }} value={filters.minValue} onChange={(v) => change({ minValue: v ?? undefined })} />
        <InputNumber<number> min={0} placeholder={t("captacao.radar.maxValue")} aria-label={t("captacao.radar.maxValue")} style={{ width: 170 }} value={filters.maxValue} onChange={(v) => change({ maxValue: v ?? undefined })} />
        <Button onClick={() => change({ grantorId: undefined, policyArea: undefined, modality: undefined, minValue: undefined, maxValue: undefined })}>{t("captacao.radar.clear")}</Button>
      </Space>
      {answer.error ? <Alert type="error" showIcon message={answer.error.message} /> : null}
      {data ? (
        <Typography.Text data-testid="radar-summary">
          {t("captacao.radar.summary", { count: data.total, today: formatDate(data.today) })}
          {data.nearest ? ` · ${data.nearest.daysLeft === 0 ? t("captacao.radar.nearestToday", { name: data.nearest.name }) : t("captacao.radar.nearest", { name: data.nearest.name, days: data.nearest.daysLeft })}` : ""}
        </Typography.Text>
      ) : null}
      <Table<OpenProgram>
        rowKey="id"
        size="middle"
        loading={answer.isLoading}
        dataSource={data?.rows ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: t("captacao.radar.none") }}
        rowClassName={(row) => (row.closingSoon ? "radar-closing-soon" : "")}
        onRow={(row) => (row.closingSoon ? { style: { background: "rgba(250, 173, 20, 0.12)" } } : {})}
        pagination={{ current: page, pageSize: PAGE, total: data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        columns={[
          {
            key: "daysLeft",
            title: t("captacao.radar.daysLeft"),
            dataIndex: "daysLeft",
            width: 140,
            render: (days: number, row) => (
              <Tooltip title={row.closingSoon ? t("captacao.radar.closingSoon") : undefined}>
                <Tag color={row.closingSoon ? "red" : days <= 30 ? "gold" : "green"} data-testid="radar-days">
                  {daysText(t, days)}
                </Tag>
              </Tooltip>
            ),
          },
          {
            key: "name",
            title: t("captacao.program.name"),
            dataIndex: "name",
            render: (name: string, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{row.code}</Typography.Text>
              </Space>
            ),
          },
          { key: "grantor", title: t("captacao.radar.grantor"), dataIndex: "grantorAcronym", render: (acronym: string, row) => <Tooltip title={row.grantorName}>{acronym}</Tooltip> },
          {
            key: "windows",
            title: t("captacao.radar.window"),
            dataIndex: "windows",
            render: (windows: OpenProgram["windows"]) => (
              <Space direction="vertical" size={2}>
                {windows.map((w) => (
                  <span key={w.kind}>
                    <CodeTag codes={CODES.windows} code={w.kind} /> {t("captacao.radar.until", { date: formatDate(w.end) })}
                  </span>
                ))}
              </Space>
            ),
          },
          { key: "modality", title: t("captacao.radar.modality"), dataIndex: "modality", render: (code: string) => <CodeTag codes={CODES.programModalities} code={code} /> },
          { key: "policyArea", title: t("captacao.radar.policyArea"), dataIndex: "policyArea" },
          { key: "globalValue", title: t("captacao.program.globalValue"), dataIndex: "globalValue", align: "right", render: (v: string | null) => (v ? formatMoney(v) : "—") },
        ]}
      />
    </Space>
  );
}

/** The national catalogue: every program, sortable and filterable; ADMIN adds and edits. */
function Catalogue() {
  const t = useT();
  const columns = fields.columns ?? [];
  const { tableProps } = useTable<Program, HttpError>({ resource: "programs", syncWithLocation: false, sorters: { initial: fields.defaultSort ? [fields.defaultSort] : [] }, filters: { initial: columnFilters(columns) } });
  return <Table<Program> {...tableProps} rowKey="id" scroll={{ x: "max-content" }} columns={fieldColumns(columns, t)} />;
}

/** /admin/programs: the radar of programs open to the municipality, and the catalogue. */
export default function ProgramsPage() {
  const t = useT();
  const { query } = useCustom<OpenProgramsAnswer>({ url: "/api/programs/open?_end=1", method: "get", queryOptions: { queryKey: ["programs", "open", "name", window.location.search], retry: false }, errorNotification: false });
  const name = query.data?.data.municipality?.name;
  return (
    <List
      title={t("documentTitle.programs.list")}
      headerButtons={
        <CanAccessNow resource="programs" action="create">
          <Link to={screenUrl("programs", "create")}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t("captacao.program.add")}
            </Button>
          </Link>
        </CanAccessNow>
      }
    >
      <Tabs
        items={[
          { key: "open", label: name ? t("captacao.radar.tab", { name }) : t("captacao.radar.tabNoCompany"), children: <Radar /> },
          { key: "catalogue", label: t("captacao.radar.catalogue"), children: <Catalogue /> },
        ]}
      />
    </List>
  );
}
