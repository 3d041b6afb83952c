import { useMemo } from "react";
import { Space } from "antd";
import { PROPOSALS_LISTED, TIMED_PROPOSAL_STATUSES, type ProposalAnswer } from "@/domain/reports";
import { PROPOSAL_STATUSES } from "@/domain/captacao";
import { formatDate, formatInteger, formatMoney, formatMoneyCompact } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { ChartCard, countColumn, moneyColumn, ReportFrame, ReportTable, SideBySide, sumMoney, useReport, useReportFilters, yearOptions } from "./report-kit";
import { ClearFilters, FilterSelect, printedPair, yearFilters } from "./filters";

const KEYS = ["yearFrom", "yearTo", "status", "grantorId", "programId"] as const;
const days = (value: number | undefined) => (value === undefined ? "—" : value.toLocaleString("pt-BR", { maximumFractionDigits: 1 }));

/** /admin/reports/proposal: proposals by status, program and grantor, with values and the days spent in each status. */
export default function ProposalReport() {
  const t = useT();
  const { filters, set, clear } = useReportFilters(KEYS);
  const { data, loading, error } = useReport<ProposalAnswer>("proposal", filters);
  const status = (code: string) => t(`reports.proposalStatuses.${code}`);

  const statusChart = useMemo(
    () =>
      data?.byStatus.length
        ? {
            tooltip: { trigger: "axis" },
            grid: { left: 170, right: 24, top: 8, bottom: 24 },
            xAxis: { type: "value", minInterval: 1 },
            yAxis: { type: "category", data: data.byStatus.map((r) => status(r.status)) },
            series: [{ type: "bar", color: "#1677ff", data: data.byStatus.map((r) => r.count) }],
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `status` is `t` bound
    [data, t],
  );
  const timeChart = useMemo(
    () =>
      data?.timeInStatus.length
        ? {
            tooltip: { trigger: "axis" },
            grid: { left: 170, right: 24, top: 8, bottom: 24 },
            xAxis: { type: "value" },
            yAxis: { type: "category", data: data.timeInStatus.map((r) => status(r.status)) },
            series: [{ type: "bar", color: "#fa8c16", data: data.timeInStatus.map((r) => r.averageDays) }],
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `status` is `t` bound
    [data, t],
  );

  // The grantors and programs the proposals name (the one chosen stays listed).
  const grantorOptions = (data?.byGrantor ?? []).filter((g) => g.grantorId !== null).map((g) => ({ value: String(g.grantorId), label: `${g.acronym} – ${g.name}` }));
  const programOptions = (data?.byProgram ?? []).filter((p) => p.programId !== null).map((p) => ({ value: String(p.programId), label: `${p.code} – ${p.name}` }));
  const group = (rows: { count: number; transferValue: string; globalValue: string }[]) => [
    t("reports.totalRow"),
    formatInteger(rows.reduce((n, r) => n + r.count, 0)),
    formatMoney(sumMoney(rows, (r) => r.transferValue)),
    formatMoney(sumMoney(rows, (r) => r.globalValue)),
  ];
  const valueColumns = [countColumn(t("reports.columns.count")), moneyColumn(t("reports.columns.transferValue"), "transferValue"), moneyColumn(t("reports.columns.globalValue"), "globalValue")];
  const printed: [string, string][] = [
    ...printedPair(t("reports.filters.yearFrom"), filters.yearFrom),
    ...printedPair(t("reports.filters.yearTo"), filters.yearTo),
    ...printedPair(t("reports.filters.status"), filters.status && status(filters.status)),
    ...printedPair(t("reports.filters.grantorId"), filters.grantorId && (grantorOptions.find((g) => g.value === filters.grantorId)?.label ?? filters.grantorId)),
    ...printedPair(t("reports.filters.programId"), filters.programId && (programOptions.find((p) => p.value === filters.programId)?.label ?? filters.programId)),
  ];

  return (
    <ReportFrame
      name="proposal"
      filters={filters}
      printed={printed}
      scope={data?.scope}
      error={error}
      toolbar={
        <Space wrap>
          {yearFilters(t, filters, set, yearOptions())}
          <FilterSelect
            label={t("reports.filters.status")}
            any={t("reports.anyStatus")}
            width={210}
            value={filters.status}
            onChange={(value) => set({ status: value })}
            options={PROPOSAL_STATUSES.map((s) => ({ value: s, label: status(s) }))}
          />
          <FilterSelect label={t("reports.filters.grantorId")} width={220} value={filters.grantorId} onChange={(grantorId) => set({ grantorId })} options={grantorOptions} />
          <FilterSelect label={t("reports.filters.programId")} width={260} searchable value={filters.programId} onChange={(programId) => set({ programId })} options={programOptions} />
          <ClearFilters onClear={clear} />
        </Space>
      }
    >
      <SideBySide>
        <ChartCard title={t("reports.charts.byStatus")} option={statusChart} loading={loading} />
        <ChartCard title={t("reports.charts.timeInStatus")} option={timeChart} loading={loading} />
      </SideBySide>
      <ReportTable
        title={t("reports.sections.byStatus")}
        testId="table-byStatus"
        loading={loading}
        rows={data?.byStatus ?? []}
        rowKey={(r) => r.status}
        columns={[{ title: t("reports.columns.status"), dataIndex: "status", render: (v: string) => status(v) }, ...valueColumns]}
        total={data ? group(data.byStatus) : undefined}
      />
      <SideBySide>
        <ReportTable
          title={t("reports.sections.byProgram")}
          loading={loading}
          rows={data?.byProgram ?? []}
          rowKey={(r) => String(r.programId)}
          columns={[{ title: t("reports.columns.program"), dataIndex: "code", render: (v: string | null, r) => (v ? `${v} – ${r.name}` : t("reports.noProgram")) }, ...valueColumns]}
          total={data ? group(data.byProgram) : undefined}
        />
        <ReportTable
          title={t("reports.sections.byProposalGrantor")}
          loading={loading}
          rows={data?.byGrantor ?? []}
          rowKey={(r) => String(r.grantorId)}
          columns={[{ title: t("reports.columns.grantor"), dataIndex: "acronym", render: (v: string | null, r) => (v ? `${v} – ${r.name}` : t("reports.noGrantor")) }, ...valueColumns]}
          total={data ? group(data.byGrantor) : undefined}
        />
      </SideBySide>
      <ReportTable
        title={t("reports.sections.timeInStatus")}
        loading={loading}
        rows={data?.timeInStatus ?? []}
        rowKey={(r) => r.status}
        columns={[
          { title: t("reports.columns.status"), dataIndex: "status", render: (v: string) => status(v) },
          countColumn(t("reports.columns.proposals"), "proposals"),
          { title: t("reports.columns.totalDays"), dataIndex: "totalDays", align: "right", render: (v: number) => days(v) },
          { title: t("reports.columns.averageDays"), dataIndex: "averageDays", align: "right", render: (v: number) => days(v) },
        ]}
      />
      <ReportTable
        title={
          data && data.proposals.length >= PROPOSALS_LISTED.screen
            ? `${t("reports.sections.proposals")} (${t("reports.newestOnly", { count: PROPOSALS_LISTED.screen, max: formatInteger(PROPOSALS_LISTED.export) })})`
            : t("reports.sections.proposals")
        }
        testId="table-proposals"
        loading={loading}
        rows={data?.proposals ?? []}
        rowKey={(r) => String(r.id)}
        columns={[
          { title: t("reports.columns.nrProposal"), dataIndex: "nrProposal", fixed: "left" },
          { title: t("reports.columns.proposalDate"), dataIndex: "proposalDate", render: (v: string | null) => formatDate(v) },
          { title: t("reports.columns.status"), dataIndex: "status", render: (v: string) => status(v) },
          { title: t("reports.columns.transferValue"), dataIndex: "transferValue", align: "right", render: (v: string) => formatMoneyCompact(v) },
          ...TIMED_PROPOSAL_STATUSES.map((s) => ({ title: status(s), key: s, align: "right" as const, render: (_: unknown, r: ProposalAnswer["proposals"][number]) => days(r.days[s]) })),
        ]}
        total={data ? [t("reports.totalRow"), "", "", formatMoney(sumMoney(data.proposals, (p) => p.transferValue)), ...TIMED_PROPOSAL_STATUSES.map(() => "")] : undefined}
      />
    </ReportFrame>
  );
}
