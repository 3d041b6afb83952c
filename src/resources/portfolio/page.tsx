import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { useSelect } from "@refinedev/antd";
import { useCustom, type HttpError } from "@refinedev/core";
import { Alert, Card, Col, Row, Select, Space, Statistic, Table, Tag, Tooltip, Typography } from "antd";
import type { Company } from "@/domain/companies";
import type { PortfolioAnswer } from "@/domain/portfolio";
import { List } from "@/components/page-frame";
import { formatMoment, formatMoney, formatMoneyCompact } from "@/lib/format";
import { useT } from "@/providers/i18n";
import EChart from "../reports/chart";

type Figures = Pick<PortfolioAnswer["byClient"][number], "count" | "planned" | "committed" | "received" | "paid" | "idle">;
const FIGURES = ["received", "committed", "paid", "idle"] as const;
const KINDS = ["imposition", "voluntary", "fund"] as const;
const KIND_COLORS = { imposition: "#1677ff", voluntary: "#722ed1", fund: "#13c2c2" } as const;
const FIGURE_COLORS = { received: "#52c41a", committed: "#722ed1", paid: "#1677ff", idle: "#fa8c16" } as const;

/** Adds money strings in cents (the server's aggregates, a few rows): the cards' totals. */
const total = (rows: Figures[], field: (typeof FIGURES)[number]) => rows.reduce((acc, row) => acc + Math.round(Number(row[field]) * 100), 0) / 100;

/** /admin/portfolio: every client (or the chosen ones) at once — money per year and kind, who sent what where, and the sources' freshness. */
export default function PortfolioPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const chosen = (search.get("clientes") ?? "").split(",").filter((v) => /^\d+$/.test(v));
  const { query } = useCustom<PortfolioAnswer>({
    url: "/api/portfolio",
    method: "get",
    config: { query: chosen.length ? { clients: chosen.join(",") } : {} },
    queryOptions: { queryKey: ["portfolio", chosen.join(",")] },
  });
  const data = query.isError ? undefined : query.data?.data;
  const { selectProps } = useSelect<Company>({
    resource: "companies",
    optionLabel: "name",
    optionValue: (company) => String(company.id),
    defaultValue: chosen,
    sorters: [{ field: "name", order: "asc" }],
    pagination: { pageSize: 20, mode: "server" },
    onSearch: (value) => [{ field: "q", operator: "eq", value }],
    errorNotification: false,
  });

  const years = useMemo(() => [...new Set((data?.byYearKind ?? []).map((r) => r.year))].sort((a, b) => a - b), [data]);
  const byYearChart = useMemo(
    () =>
      data && years.length
        ? {
            tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
            legend: { bottom: 0 },
            grid: { left: 72, right: 16, top: 16, bottom: 48 },
            xAxis: { type: "category", data: years.map(String) },
            yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
            series: KINDS.map((kind) => ({
              name: t(`portfolio.kinds.${kind}`),
              type: "bar",
              stack: "received",
              color: KIND_COLORS[kind],
              data: years.map((year) => Number(data.byYearKind.find((r) => r.year === year && r.kind === kind)?.received ?? 0)),
            })),
          }
        : null,
    [data, years, t],
  );
  const figuresChart = useMemo(
    () =>
      data && years.length
        ? {
            tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
            legend: { bottom: 0 },
            grid: { left: 72, right: 16, top: 16, bottom: 48 },
            xAxis: { type: "category", data: years.map(String) },
            yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
            series: FIGURES.map((field) => ({
              name: t(`portfolio.figures.${field}`),
              type: "bar",
              color: FIGURE_COLORS[field],
              data: years.map((year) => total(data.byYearKind.filter((r) => r.year === year), field)),
            })),
          }
        : null,
    [data, years, t],
  );

  const money = (field: keyof Figures) => ({ key: field, title: t(`portfolio.figures.${field}`), dataIndex: field, align: "right" as const, render: (v: string) => formatMoney(v) });
  const sources = data?.freshness[0]?.sources ?? [];

  return (
    <List title={t("portfolio.menu")}>
      <Typography.Paragraph type="secondary">{t("portfolio.intro")}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<string[]>
          options={selectProps.options}
          onSearch={selectProps.onSearch}
          loading={selectProps.loading}
          mode="multiple"
          allowClear
          showSearch
          filterOption={false}
          style={{ minWidth: 360 }}
          placeholder={t("portfolio.chooseClients")}
          aria-label={t("portfolio.chooseClients")}
          value={chosen}
          onChange={(values: string[]) => {
            const next = new URLSearchParams(search);
            if (values.length) next.set("clientes", values.join(","));
            else next.delete("clientes");
            setSearch(next);
          }}
        />
        {data && <Typography.Text type="secondary">{data.chosen.length ? t("portfolio.chosenClients", { count: data.chosen.length }) : t("portfolio.allClients", { count: data.clientCount })}</Typography.Text>}
      </Space>
      {query.isError && <Alert type="error" showIcon message={(query.error as HttpError | null)?.message} />}
      {data && (
        <>
          <Row gutter={[16, 16]}>
            {FIGURES.map((field) => (
              <Col xs={24} sm={12} lg={6} key={field}>
                <Card size="small">
                  <Statistic title={t(`portfolio.figures.${field}`)} value={formatMoney(total(data.byYearKind, field))} />
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Card size="small" title={`${t("portfolio.figures.received")} — ${t("portfolio.sections.byYear")}`}>
                {byYearChart && <EChart option={byYearChart} height={280} label={`${t("portfolio.figures.received")} ${t("portfolio.sections.byYear")}`} />}
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t("portfolio.sections.byYear")}>
                {figuresChart && <EChart option={figuresChart} height={280} label={t("portfolio.sections.byYear")} />}
              </Card>
            </Col>
          </Row>

          <Typography.Title level={4} style={{ marginTop: 24 }}>
            {t("portfolio.sections.byYear")}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(r) => `${r.year}-${r.kind}`}
            dataSource={data.byYearKind}
            pagination={{ pageSize: 12, showSizeChanger: false }}
            scroll={{ x: 900 }}
            columns={[
              { key: "year", title: t("portfolio.columns.year"), dataIndex: "year" },
              { key: "kind", title: t("portfolio.columns.kind"), dataIndex: "kind", render: (kind: (typeof KINDS)[number]) => <Tag color={KIND_COLORS[kind]}>{t(`portfolio.kinds.${kind}`)}</Tag> },
              { key: "count", title: t("portfolio.figures.count"), dataIndex: "count", align: "right" },
              money("planned"),
              money("committed"),
              money("received"),
              money("paid"),
              money("idle"),
            ]}
          />

          <Typography.Title level={4} style={{ marginTop: 24 }}>
            {t("portfolio.sections.byClient")}
          </Typography.Title>
          <Table
            size="small"
            rowKey="companyId"
            dataSource={data.byClient}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            scroll={{ x: 900 }}
            columns={[
              { key: "client", title: t("portfolio.columns.client"), render: (_, r) => `${r.name}${r.uf ? ` (${r.uf})` : ""}` },
              { key: "count", title: t("portfolio.figures.count"), dataIndex: "count", align: "right" },
              money("planned"),
              money("committed"),
              money("received"),
              money("paid"),
              money("idle"),
            ]}
          />

          <Typography.Title level={4} style={{ marginTop: 24 }}>
            {t("portfolio.sections.senders")}
          </Typography.Title>
          <Table
            size="small"
            rowKey="name"
            dataSource={data.parliamentarians}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { key: "name", title: t("portfolio.columns.parliamentarian"), dataIndex: "name" },
              { key: "count", title: t("portfolio.figures.count"), dataIndex: "count", align: "right" },
              { key: "value", title: t("portfolio.columns.total"), dataIndex: "value", align: "right", render: (v: string) => formatMoney(v) },
              {
                key: "clients",
                title: t("portfolio.columns.clients"),
                render: (_, r) => (
                  <Space size={[4, 4]} wrap>
                    {r.clients.map((c) => (
                      <Tag key={c.companyId}>
                        {c.name}: {formatMoney(c.value)}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
            ]}
          />

          <Typography.Title level={4} style={{ marginTop: 24 }}>
            {t("portfolio.sections.freshness")}
          </Typography.Title>
          <Table
            size="small"
            rowKey="companyId"
            dataSource={data.freshness}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            scroll={{ x: 900 }}
            columns={[
              { key: "client", title: t("portfolio.columns.client"), dataIndex: "name" },
              ...sources.map((source, index) => ({
                key: source.source,
                title: source.label,
                render: (_: unknown, client: PortfolioAnswer["freshness"][number]) => {
                  const line = client.sources[index];
                  const color = line.lastReadAt === null ? "red" : line.problem ? "orange" : "green";
                  return (
                    <Tooltip title={line.problem ?? t("portfolio.ok")}>
                      <Tag color={color}>{line.lastReadAt ? formatMoment(line.lastReadAt, { time: line.source !== "cauc" }) : t("portfolio.never")}</Tag>
                    </Tooltip>
                  );
                },
              })),
            ]}
          />
        </>
      )}
    </List>
  );
}
