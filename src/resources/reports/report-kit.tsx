import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useCustom, type HttpError } from "@refinedev/core";
import { Alert, App, Button, Card, Col, Row, Skeleton, Space, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { FileExcelOutlined, FilePdfOutlined, FileTextOutlined, PrinterOutlined } from "@ant-design/icons";
import type { EChartsCoreOption } from "echarts/core";
import type { ReportExportFormat, ReportName } from "@/domain/reports";
import { reportFileName } from "@/domain/labels/reports";
import { AUTH_COMP } from "@/lib/auth-comp";
import { downloadFile } from "@/lib/list-export";
import { formatInteger, formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";
import "./reports.css";
import { PageTitle } from "@/components/page-title";

/** The chart library loads with the first chart, on these pages only. */
const EChart = lazy(() => import("./chart"));

/**
 * The pieces every report screen is made of: its filters in the URL (kept with authComp), its answer
 * from GET /api/reports/{name} with those filters, the frame (title, scope, exports, print), charts
 * and tables with a total row.
 */

/** The report's filters as the URL holds them (strings), and a setter that keeps every other parameter. */
export function useReportFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => Object.fromEntries(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as Partial<Record<K, string>>, [params, keys]);
  const set = (changes: Partial<Record<K, string | number | null | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes) as [K, string | number | null | undefined][]) {
      if (value === undefined || value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: false });
  };
  const clear = () => {
    const next = new URLSearchParams();
    const comp = params.get(AUTH_COMP);
    if (comp) next.set(AUTH_COMP, comp);
    setParams(next);
  };
  return { filters, set, clear };
}

export interface ReportScope {
  scope: { companyId: number | null; companyName: string | null };
}

/** The report's answer for the filters (refetched when they or the chosen client change). */
export function useReport<T extends ReportScope>(name: ReportName, filters: Record<string, string | undefined>) {
  const { query } = useCustom<T>({
    url: `/api/reports/${name}`,
    method: "get",
    config: { query: filters },
    queryOptions: { queryKey: ["reports", name, window.location.search] },
  });
  // query.data, not `result`: Refine gives `result.data` a placeholder ({}) while loading.
  return { data: query.isError ? undefined : query.data?.data, loading: query.isLoading, error: query.error as HttpError | null };
}

/** The first field message of a refused filter (422), else the message. */
function errorText(error: HttpError): string {
  const fields = error.errors ? Object.values(error.errors).flat() : [];
  const first = fields.find((v): v is string => typeof v === "string");
  return first ?? error.message;
}

export function ReportFrame({
  name,
  filters,
  scope,
  error,
  printed,
  toolbar,
  children,
}: {
  name: ReportName;
  filters: Record<string, string | undefined>;
  /** The chosen filters named and valued as people read them (the print shows them; the exports write the server's). */
  printed: [string, string][];
  scope: ReportScope["scope"] | undefined;
  error: HttpError | null;
  toolbar: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<ReportExportFormat | null>(null);
  const download = async (format: ReportExportFormat) => {
    setBusy(format);
    try {
      const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
      query.set("format", format);
      await downloadFile(`/api/reports/${name}/export`, query, reportFileName(name, format));
    } catch {
      message.error(t("reports.export.failed"));
    } finally {
      setBusy(null);
    }
  };
  const icons = { csv: <FileTextOutlined />, xlsx: <FileExcelOutlined />, pdf: <FilePdfOutlined /> };
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} className="report" data-testid={`report-${name}`}>
      <Card>
        <Row justify="space-between" gutter={[16, 16]} align="top">
          <Col flex="auto">
            <PageTitle style={{ marginBottom: 8 }}>
              {t(`reports.titles.${name}`)}
            </PageTitle>
            <Typography.Text type="secondary">{scope ? (scope.companyName ? t("reports.scopeCompany", { name: scope.companyName }) : t("reports.scopeAll")) : "\u00a0"}</Typography.Text>
            <Typography.Paragraph type="secondary" className="report-intro">
              {t(`reports.intro.${name}`)}
            </Typography.Paragraph>
            <Typography.Paragraph className="report-print-filters">
              <strong>{t("reports.filters.title")}:</strong> {printed.length ? printed.map(([k, v]) => `${k}: ${v}`).join(" · ") : t("reports.filters.none")}
            </Typography.Paragraph>
          </Col>
          <Col className="report-actions">
            <Space wrap>
              {(["csv", "xlsx", "pdf"] as const).map((format) => (
                <Button key={format} icon={icons[format]} loading={busy === format} onClick={() => download(format)}>
                  {t(`reports.export.${format}`)}
                </Button>
              ))}
              <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
                {t("reports.print")}
              </Button>
            </Space>
          </Col>
        </Row>
        <div className="report-filters">{toolbar}</div>
      </Card>
      {error ? <Alert type="error" showIcon message={t("reports.failed")} description={errorText(error)} /> : children}
    </Space>
  );
}

export function ChartCard({ title, option, loading, height = 300 }: { title: string; option: EChartsCoreOption | null; loading: boolean; height?: number }) {
  const t = useT();
  return (
    <Card title={title} size="small" className="report-chart">
      {loading || !option ? (
        loading ? <Skeleton active /> : <Typography.Text type="secondary">{t("reports.empty")}</Typography.Text>
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <EChart option={option} height={height} label={title} />
        </Suspense>
      )}
    </Card>
  );
}

/** Two cards side by side on a wide screen (their widths out of 24), one above the other on a phone. */
export function SideBySide({ spans = [12, 12], children }: { spans?: [number, number]; children: [ReactNode, ReactNode] }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={spans[0]}>
        {children[0]}
      </Col>
      <Col xs={24} xl={spans[1]}>
        {children[1]}
      </Col>
    </Row>
  );
}

/** A right-aligned column of counts. */
export const countColumn = (title: string, dataIndex = "count") => ({ title, dataIndex, align: "right" as const, render: (v: number) => formatInteger(v) });

/** A right-aligned column of money. */
export const moneyColumn = (title: string, dataIndex: string) => ({ title, dataIndex, align: "right" as const, render: (v: string) => formatMoney(v) });

/** A table of one section, with its total row (already computed by the caller from the answer). */
export function ReportTable<T extends object>({
  title,
  rows,
  columns,
  total,
  loading,
  rowKey,
  rowClassName,
  testId,
}: {
  title: string;
  rows: T[];
  columns: ColumnsType<T>;
  total?: ReactNode[];
  loading: boolean;
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string;
  testId?: string;
}) {
  const t = useT();
  const card = useRef<HTMLDivElement>(null);
  // A wide report scrolls sideways inside the card, and holds no link or button to reach it by: the
  // scrolling box itself takes the focus, so the arrow keys scroll it, and is named after the report.
  useEffect(() => {
    const scroller = card.current?.querySelector(".ant-table-content");
    if (!scroller) return;
    scroller.setAttribute("tabindex", "0");
    scroller.setAttribute("role", "region");
    scroller.setAttribute("aria-label", title);
  });
  return (
    <Card ref={card} title={title} size="small" className="report-table" data-testid={testId}>
      <Table<T>
        size="small"
        rowKey={rowKey}
        loading={loading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: "max-content" }}
        rowClassName={rowClassName}
        locale={{ emptyText: t("reports.empty") }}
        summary={
          total && rows.length
            ? () => (
                <Table.Summary.Row className="report-total">
                  {total.map((cell, i) => (
                    <Table.Summary.Cell key={i} index={i} align={i === 0 ? "left" : "right"}>
                      <strong>{cell}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </Card>
  );
}

/** Sums money strings exactly (in cents). */
export function sumMoney<T>(rows: T[], value: (row: T) => string | number): number {
  return rows.reduce((acc, r) => acc + Math.round(Number(value(r)) * 100), 0) / 100;
}

/** Years offered by the year filters: from 2015 to next year. */
export function yearOptions(): { value: string; label: string }[] {
  const last = new Date().getFullYear() + 1;
  return Array.from({ length: last - 2014 }, (_, i) => String(last - i)).map((y) => ({ value: y, label: y }));
}
