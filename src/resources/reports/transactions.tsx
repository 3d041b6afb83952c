import { useMemo } from "react";
import { InputNumber, Space, Tag } from "antd";
import { executionShare, ENDING_SOON_DAYS, type TransactionsAnswer } from "@/domain/reports";
import { FUND_SITUATIONS, IMPOSITION_SITUATIONS, VOLUNTARY_STATUSES } from "@/domain/transfers";
import { transferLabels } from "@/domain/labels/transfers";
import { formatDate, formatInteger, formatMoney, formatMoneyCompact, formatPercent } from "@/lib/format";
import { PercentProgress } from "@/components/percent-progress";
import { useT } from "@/providers/i18n";
import { ChartCard, countColumn, moneyColumn, ReportFrame, ReportTable, SideBySide, useReport, useReportFilters, yearOptions } from "./report-kit";
import { ClearFilters, FilterSelect, KIND_COLORS, printedPair, yearFilters } from "./filters";

const KEYS = ["yearFrom", "yearTo", "kind", "situation", "days"] as const;
const KINDS = ["imposition", "voluntary", "fund"] as const;
/** Below this execution a transfer ending soon is flagged. */
const LOW_EXECUTION = 0.5;
const SITUATIONS = {
  imposition: { codes: IMPOSITION_SITUATIONS, names: transferLabels.impositionSituations },
  voluntary: { codes: VOLUNTARY_STATUSES, names: transferLabels.voluntaryStatuses },
  fund: { codes: FUND_SITUATIONS, names: transferLabels.fundSituations },
} as const;
const situationName = (kind: (typeof KINDS)[number], code: string) => SITUATIONS[kind].names[code] ?? code;

/** /admin/reports/transactions: transfers by kind, year and situation; planned, committed, paid and execution; the lowest execution near the end of validity. */
export default function TransactionsReport() {
  const t = useT();
  const { filters, set, clear } = useReportFilters(KEYS);
  const { data, loading, error } = useReport<TransactionsAnswer>("transactions", filters);

  const valuesChart = useMemo(
    () =>
      data?.byKind.length
        ? {
            tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
            legend: { bottom: 0 },
            grid: { left: 72, right: 16, top: 16, bottom: 48 },
            xAxis: { type: "category", data: data.byKind.map((k) => t(`reports.columns.${k.kind}`)) },
            yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
            series: (
              [
                ["plannedValue", "planned", "#1677ff"],
                ["committedValue", "committed", "#722ed1"],
                ["paidValue", "paid", "#52c41a"],
              ] as const
            ).map(([field, label, color]) => ({ name: t(`reports.columns.${label}`), type: "bar", color, data: data.byKind.map((k) => Number(k[field])) })),
          }
        : null,
    [data, t],
  );
  const executionChart = useMemo(
    () =>
      data?.byKind.length
        ? {
            tooltip: { trigger: "axis", valueFormatter: (v: number) => `${v.toLocaleString("pt-BR", { maximumFractionDigits: 1 })}%` },
            grid: { left: 48, right: 16, top: 16, bottom: 32 },
            xAxis: { type: "category", data: data.byKind.map((k) => t(`reports.columns.${k.kind}`)) },
            yAxis: { type: "value", max: 100, axisLabel: { formatter: "{value}%" } },
            series: [
              {
                type: "bar",
                data: data.byKind.map((k) => ({ value: Math.round(executionShare(k.paidValue, k.plannedValue) * 1000) / 10, itemStyle: { color: KIND_COLORS[k.kind] } })),
              },
            ],
          }
        : null,
    [data, t],
  );

  const kinds = filters.kind ? [filters.kind as (typeof KINDS)[number]] : KINDS;
  const situationOptions = [...new Map(kinds.flatMap((kind) => SITUATIONS[kind].codes.map((code) => [code, { value: code, label: situationName(kind, code) }]))).values()];
  const printed: [string, string][] = [
    ...printedPair(t("reports.filters.yearFrom"), filters.yearFrom),
    ...printedPair(t("reports.filters.yearTo"), filters.yearTo),
    ...printedPair(t("reports.filters.kind"), filters.kind && t(`reports.kinds.${filters.kind as "fund"}`)),
    ...printedPair(t("reports.filters.situation"), filters.situation && situationOptions.find((o) => o.value === filters.situation)?.label),
    ...printedPair(t("reports.filters.days"), filters.days),
  ];
  const values = [
    countColumn(t("reports.columns.count")),
    moneyColumn(t("reports.columns.planned"), "plannedValue"),
    moneyColumn(t("reports.columns.committed"), "committedValue"),
    moneyColumn(t("reports.columns.paid"), "paidValue"),
    {
      title: t("reports.columns.execution"),
      key: "execution",
      align: "right" as const,
      render: (_: unknown, r: { paidValue: string; plannedValue: string }) => formatPercent(Number(r.paidValue), Number(r.plannedValue)),
    },
  ];
  const totalRow = (r: TransactionsAnswer["total"]) => [
    formatInteger(r.count),
    formatMoney(r.plannedValue),
    formatMoney(r.committedValue),
    formatMoney(r.paidValue),
    formatPercent(Number(r.paidValue), Number(r.plannedValue)),
  ];

  return (
    <ReportFrame
      name="transactions"
      filters={filters}
      printed={printed}
      scope={data?.scope}
      error={error}
      toolbar={
        <Space wrap>
          {yearFilters(t, filters, set, yearOptions())}
          <FilterSelect
            label={t("reports.filters.kind")}
            any={t("reports.anyKind")}
            width={180}
            value={filters.kind}
            onChange={(kind) => set({ kind, situation: null })}
            options={KINDS.map((k) => ({ value: k, label: t(`reports.kinds.${k}`) }))}
          />
          <FilterSelect label={t("reports.filters.situation")} width={220} value={filters.situation} onChange={(situation) => set({ situation })} options={situationOptions} />
          <InputNumber
            aria-label={t("reports.filters.days")}
            addonBefore={t("reports.filters.days")}
            min={1}
            max={365}
            style={{ width: 300 }}
            value={filters.days ? Number(filters.days) : ENDING_SOON_DAYS}
            onChange={(days) => set({ days: days && days !== ENDING_SOON_DAYS ? days : null })}
          />
          <ClearFilters onClear={clear} />
        </Space>
      }
    >
      <SideBySide spans={[14, 10]}>
        <ChartCard title={t("reports.charts.byKind")} option={valuesChart} loading={loading} />
        <ChartCard title={t("reports.charts.execution")} option={executionChart} loading={loading} />
      </SideBySide>
      <ReportTable
        title={`${t("reports.sections.endingSoon")} (${t("reports.daysLeft", { count: data?.days ?? ENDING_SOON_DAYS })})`}
        testId="table-endingSoon"
        loading={loading}
        rows={data?.endingSoon ?? []}
        rowKey={(r) => `${r.kind}|${r.key}|${r.companyName}`}
        rowClassName={(r) => (r.execution < LOW_EXECUTION ? "report-low-execution" : "")}
        columns={[
          { title: t("reports.columns.kind"), dataIndex: "kind", render: (v: (typeof KINDS)[number]) => t(`reports.kindOne.${v}`) },
          { title: t("reports.columns.transfer"), dataIndex: "key" },
          ...(data?.scope.companyId === null ? [{ title: t("reports.columns.company"), dataIndex: "companyName" }] : []),
          { title: t("reports.columns.object"), dataIndex: "title", render: (v: string | null) => v ?? "—" },
          { title: t("reports.columns.situation"), dataIndex: "situation", render: (v: string, r) => situationName(r.kind, v) },
          { title: t("reports.columns.endsAt"), dataIndex: "endsAt", render: (v: string) => formatDate(v) },
          moneyColumn(t("reports.columns.planned"), "plannedValue"),
          moneyColumn(t("reports.columns.paid"), "paidValue"),
          {
            title: t("reports.columns.execution"),
            dataIndex: "execution",
            render: (v: number) => (
              <Space>
                <PercentProgress part={v} whole={1} size="small" aria-label={t("reports.columns.execution")} />
                {v < LOW_EXECUTION ? <Tag color="red">{t("reports.lowExecution")}</Tag> : null}
              </Space>
            ),
          },
        ]}
      />
      <ReportTable
        title={t("reports.sections.byTransferKind")}
        testId="table-byKind"
        loading={loading}
        rows={data?.byKind ?? []}
        rowKey={(r) => r.kind}
        columns={[{ title: t("reports.columns.kind"), dataIndex: "kind", render: (v: (typeof KINDS)[number]) => t(`reports.kinds.${v}`) }, ...values]}
        total={data ? [t("reports.totalRow"), ...totalRow(data.total)] : undefined}
      />
      <ReportTable
        title={t("reports.sections.groups")}
        testId="table-groups"
        loading={loading}
        rows={data?.groups ?? []}
        rowKey={(r) => `${r.kind}|${r.year}|${r.situation}`}
        columns={[
          { title: t("reports.columns.kind"), dataIndex: "kind", render: (v: (typeof KINDS)[number]) => t(`reports.kinds.${v}`) },
          { title: t("reports.columns.year"), dataIndex: "year" },
          { title: t("reports.columns.situation"), dataIndex: "situation", render: (v: string, r) => situationName(r.kind, v) },
          ...values,
        ]}
        total={data ? [t("reports.totalRow"), "", "", ...totalRow(data.total)] : undefined}
      />
    </ReportFrame>
  );
}
