import { useMemo } from "react";
import { Space } from "antd";
import type { FundraisingAnswer } from "@/domain/reports";
import { formatInteger, formatMoney, formatMoneyCompact, formatPercentValue } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { ChartCard, countColumn, moneyColumn, ReportFrame, ReportTable, SideBySide, sumMoney, useReport, useReportFilters, yearOptions } from "./report-kit";
import { ClearFilters, FilterSelect, KIND_COLORS, printedPair, yearFilters } from "./filters";

const KEYS = ["yearFrom", "yearTo", "kind"] as const;
const KINDS = ["imposition", "voluntary", "fund"] as const;

/** /admin/reports/fundraising: captured value per year and kind, by grantor and parliamentarian, and the proposals' funnel. */
export default function FundraisingReport() {
  const t = useT();
  const { filters, set, clear } = useReportFilters(KEYS);
  const { data, loading, error } = useReport<FundraisingAnswer>("fundraising", filters);

  const byYearChart = useMemo(
    () =>
      data?.byYear.length
        ? {
            tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
            legend: { bottom: 0 },
            grid: { left: 72, right: 16, top: 16, bottom: 48 },
            xAxis: { type: "category", data: data.byYear.map((r) => String(r.year)) },
            yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
            series: KINDS.map((kind) => ({ name: t(`reports.columns.${kind}`), type: "bar", stack: "total", color: KIND_COLORS[kind], data: data.byYear.map((r) => Number(r[kind])) })),
          }
        : null,
    [data, t],
  );
  const funnelChart = useMemo(() => {
    if (!data || !data.funnel.sent.count) return null;
    const f = data.funnel;
    return {
      tooltip: { trigger: "item" },
      series: [
        {
          type: "funnel",
          sort: "none",
          left: "10%",
          width: "80%",
          label: { formatter: "{b}: {c}" },
          data: (["sent", "approved", "signed"] as const).map((stage) => ({ name: t(`reports.funnelStages.${stage}`), value: f[stage].count })),
        },
      ],
    };
  }, [data, t]);

  const printed: [string, string][] = [
    ...printedPair(t("reports.filters.yearFrom"), filters.yearFrom),
    ...printedPair(t("reports.filters.yearTo"), filters.yearTo),
    ...printedPair(t("reports.filters.kind"), filters.kind && t(`reports.kinds.${filters.kind as "fund"}`)),
  ];
  const f = data?.funnel;
  const rate = (value: number | null | undefined) => (value === null || value === undefined ? "—" : formatPercentValue(value * 100));

  return (
    <ReportFrame
      name="fundraising"
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
            onChange={(kind) => set({ kind })}
            options={KINDS.map((k) => ({ value: k, label: t(`reports.kinds.${k}`) }))}
          />
          <ClearFilters onClear={clear} />
        </Space>
      }
    >
      <SideBySide spans={[14, 10]}>
        <ChartCard title={t("reports.charts.byYear")} option={byYearChart} loading={loading} />
        <ChartCard title={t("reports.charts.funnel")} option={funnelChart} loading={loading} />
      </SideBySide>
      <ReportTable
        title={t("reports.sections.byYear")}
        testId="table-byYear"
        loading={loading}
        rows={data?.byYear ?? []}
        rowKey={(r) => String(r.year)}
        columns={[
          { title: t("reports.columns.year"), dataIndex: "year" },
          ...KINDS.map((kind) => moneyColumn(t(`reports.columns.${kind}`), kind)),
          moneyColumn(t("reports.columns.total"), "total"),
          countColumn(t("reports.columns.count")),
        ]}
        total={data ? [t("reports.totalRow"), ...KINDS.map((k) => formatMoney(sumMoney(data.byYear, (r) => r[k]))), formatMoney(data.total.value), formatInteger(data.total.count)] : undefined}
      />
      <ReportTable
        title={t("reports.sections.funnel")}
        testId="table-funnel"
        loading={loading}
        rows={f ? (["sent", "approved", "signed"] as const).map((stage) => ({ stage, ...f[stage], rate: stage === "sent" ? null : stage === "approved" ? f.approvalRate : f.signatureRate })) : []}
        rowKey={(r) => r.stage}
        columns={[
          { title: t("reports.columns.stage"), dataIndex: "stage", render: (v: string) => t(`reports.funnelStages.${v}`) },
          countColumn(t("reports.columns.count")),
          moneyColumn(t("reports.columns.transferValue"), "value"),
          { title: t("reports.columns.rate"), dataIndex: "rate", align: "right", render: (v: number | null) => rate(v) },
        ]}
      />
      <SideBySide>
        <ReportTable
          title={t("reports.sections.byGrantor")}
          testId="table-byGrantor"
          loading={loading}
          rows={data?.byGrantor ?? []}
          rowKey={(r) => r.grantor}
          columns={[
            { title: t("reports.columns.grantor"), dataIndex: "grantor", render: (v: string, r) => (v ? `${v} – ${r.name}` : t("reports.noGrantor")) },
            countColumn(t("reports.columns.count")),
            moneyColumn(t("reports.columns.value"), "value"),
          ]}
          total={data ? [t("reports.totalRow"), formatInteger(data.byGrantor.reduce((n, r) => n + r.count, 0)), formatMoney(sumMoney(data.byGrantor, (r) => r.value))] : undefined}
        />
        <ReportTable
          title={t("reports.sections.byParliamentarian")}
          testId="table-byParliamentarian"
          loading={loading}
          rows={data?.byParliamentarian ?? []}
          rowKey={(r) => r.name}
          columns={[
            { title: t("reports.columns.parliamentarian"), dataIndex: "name" },
            countColumn(t("reports.columns.count")),
            moneyColumn(t("reports.columns.value"), "value"),
          ]}
          total={data ? [t("reports.totalRow"), formatInteger(data.byParliamentarian.reduce((n, r) => n + r.count, 0)), formatMoney(sumMoney(data.byParliamentarian, (r) => r.value))] : undefined}
        />
      </SideBySide>
    </ReportFrame>
  );
}
