import { useMemo } from "react";
import { Space } from "antd";
import type { MunicipalAmendmentsAnswer } from "@/domain/reports";
import { MUNICIPAL_AMENDMENT_STAGES } from "@/domain/municipal-amendments";
import { municipalAmendmentLabels } from "@/domain/labels/municipal-amendments";
import { formatInteger, formatMoney, formatMoneyCompact } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { ChartCard, countColumn, moneyColumn, ReportFrame, ReportTable, SideBySide, useReport, useReportFilters, yearOptions } from "./report-kit";
import { ClearFilters, FilterSelect, printedPair, yearFilters } from "./filters";

const KEYS = ["yearFrom", "yearTo", "stage"] as const;
const stageName = (stage: string) => municipalAmendmentLabels.stages[stage as keyof typeof municipalAmendmentLabels.stages] ?? stage;
/** The money of an emenda as it moves: indicated, committed, paid to its account, paid on to suppliers. */
const FLOW = [
  ["value", "indicated", "#1677ff"],
  ["committedValue", "committed", "#722ed1"],
  ["paidValue", "paidToAccount", "#52c41a"],
  ["supplierPaidValue", "supplierPaid", "#fa8c16"],
] as const;

/** /admin/reports/municipal-amendments: the councillors' emendas (issue 37) by year, stage and councillor. */
export default function MunicipalAmendmentsReport() {
  const t = useT();
  const { filters, set, clear } = useReportFilters(KEYS);
  const { data, loading, error } = useReport<MunicipalAmendmentsAnswer>("municipal-amendments", filters);

  const byYearChart = useMemo(
    () =>
      data?.byYear.length
        ? {
            tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
            legend: { bottom: 0 },
            grid: { left: 72, right: 16, top: 16, bottom: 48 },
            xAxis: { type: "category", data: data.byYear.map((r) => String(r.year)) },
            yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
            series: FLOW.map(([field, label, color]) => ({ name: t(`reports.columns.${label}`), type: "bar", color, data: data.byYear.map((r) => Number(r[field])) })),
          }
        : null,
    [data, t],
  );
  const byStageChart = useMemo(
    () =>
      data?.byStage.length
        ? {
            tooltip: { trigger: "item" },
            series: [{ type: "pie", radius: ["40%", "70%"], label: { formatter: "{b}: {c}" }, data: data.byStage.map((r) => ({ name: stageName(r.stage), value: r.count })) }],
          }
        : null,
    [data],
  );

  const printed: [string, string][] = [
    ...printedPair(t("reports.filters.yearFrom"), filters.yearFrom),
    ...printedPair(t("reports.filters.yearTo"), filters.yearTo),
    ...printedPair(t("reports.filters.stage"), filters.stage && stageName(filters.stage)),
  ];
  const values = [countColumn(t("reports.columns.count")), ...FLOW.map(([field, label]) => moneyColumn(t(`reports.columns.${label}`), field))];
  const total = (first: string[]) => (data ? [...first, formatInteger(data.total.count), ...FLOW.map(([field]) => formatMoney(data.total[field]))] : undefined);

  return (
    <ReportFrame
      name="municipal-amendments"
      filters={filters}
      printed={printed}
      scope={data?.scope}
      error={error}
      toolbar={
        <Space wrap>
          {yearFilters(t, filters, set, yearOptions())}
          <FilterSelect
            label={t("reports.filters.stage")}
            width={240}
            value={filters.stage}
            onChange={(stage) => set({ stage })}
            options={MUNICIPAL_AMENDMENT_STAGES.map((stage) => ({ value: stage, label: stageName(stage) }))}
          />
          <ClearFilters onClear={clear} />
        </Space>
      }
    >
      <SideBySide spans={[14, 10]}>
        <ChartCard title={t("reports.charts.municipalByYear")} option={byYearChart} loading={loading} />
        <ChartCard title={t("reports.charts.municipalByStage")} option={byStageChart} loading={loading} />
      </SideBySide>
      <ReportTable
        title={t("reports.sections.municipalByCouncillor")}
        testId="table-byCouncillor"
        loading={loading}
        rows={data?.byCouncillor ?? []}
        rowKey={(r) => r.authorName}
        columns={[{ title: t("reports.columns.councillor"), dataIndex: "authorName", render: (v: string, r) => `${v} (${r.authorParty})` }, ...values]}
        total={total([t("reports.totalRow")])}
      />
      <SideBySide>
        <ReportTable
          title={t("reports.sections.municipalByStage")}
          testId="table-byStage"
          loading={loading}
          rows={data?.byStage ?? []}
          rowKey={(r) => r.stage}
          columns={[{ title: t("reports.columns.stage"), dataIndex: "stage", render: (v: string) => stageName(v) }, ...values]}
          total={total([t("reports.totalRow")])}
        />
        <ReportTable
          title={t("reports.sections.municipalByYear")}
          testId="table-byYear"
          loading={loading}
          rows={data?.byYear ?? []}
          rowKey={(r) => String(r.year)}
          columns={[{ title: t("reports.columns.year"), dataIndex: "year" }, ...values]}
          total={total([t("reports.totalRow")])}
        />
      </SideBySide>
    </ReportFrame>
  );
}
