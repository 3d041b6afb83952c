import { useMemo, useState, useEffect } from "react";
import { DatePicker, Input, Space } from "antd";
import dayjs from "dayjs";
import { CHARTED_PAYMENT_KINDS, type PaymentsAnswer } from "@/domain/reports";
import { PAYMENT_KINDS, PAYMENT_STATUSES } from "@/domain/transfers";
import { formatInteger, formatMoney, formatMoneyCompact } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { ChartCard, countColumn, moneyColumn, ReportFrame, ReportTable, SideBySide, useReport, useReportFilters } from "./report-kit";
import { ClearFilters, FilterSelect, printedPair } from "./filters";

const KEYS = ["from", "to", "kind", "status", "transfer"] as const;
const COLORS: Record<string, string> = { COMMITMENT: "#722ed1", BANK_ORDER: "#1677ff", DISBURSEMENT: "#13c2c2", SUPPLIER_PAYMENT: "#fa8c16" };
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** /admin/reports/payments: payments per month by kind, and the top payees; filters by period, kind, transfer and status. */
export default function PaymentsReport() {
  const t = useT();
  const { filters, set, clear } = useReportFilters(KEYS);
  const { data, loading, error } = useReport<PaymentsAnswer>("payments", filters);
  const [transfer, setTransfer] = useState(filters.transfer ?? "");
  useEffect(() => setTransfer(filters.transfer ?? ""), [filters.transfer]);

  const months = useMemo(() => [...new Set((data?.byMonth ?? []).map((r) => r.month))], [data]);
  const monthChart = useMemo(() => {
    if (!data?.byMonth.length) return null;
    const kinds = CHARTED_PAYMENT_KINDS.filter((k) => data.byMonth.some((r) => r.kind === k));
    return {
      tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
      legend: { bottom: 0 },
      grid: { left: 72, right: 16, top: 16, bottom: 48 },
      xAxis: { type: "category", data: months.map(monthLabel) },
      yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
      series: kinds.map((kind) => ({
        name: t(`payments.kinds.${kind}`),
        type: "bar",
        color: COLORS[kind],
        data: months.map((m) => Number(data.byMonth.find((r) => r.month === m && r.kind === kind)?.value ?? 0)),
      })),
    };
  }, [data, months, t]);
  const payeesChart = useMemo(() => {
    if (!data?.topPayees.length) return null;
    const payees = [...data.topPayees].reverse();
    return {
      tooltip: { trigger: "axis", valueFormatter: (v: number) => formatMoney(v) },
      grid: { left: 180, right: 24, top: 8, bottom: 24 },
      xAxis: { type: "value", axisLabel: { formatter: (v: number) => formatMoneyCompact(v) } },
      yAxis: { type: "category", data: payees.map((p) => (p.payee.length > 26 ? `${p.payee.slice(0, 25)}…` : p.payee)) },
      series: [{ type: "bar", color: "#fa8c16", data: payees.map((p) => Number(p.value)) }],
    };
  }, [data]);

  const month = (value: string | undefined) => (value ? dayjs(`${value}-01`) : null);
  const printed: [string, string][] = [
    ...printedPair(t("reports.filters.from"), filters.from && monthLabel(filters.from)),
    ...printedPair(t("reports.filters.to"), filters.to && monthLabel(filters.to)),
    ...printedPair(t("reports.filters.paymentKind"), filters.kind && t(`payments.kinds.${filters.kind as "COMMITMENT"}`)),
    ...printedPair(t("reports.filters.paymentStatus"), filters.status && t(`payments.statuses.${filters.status as "EFETIVADO"}`)),
    ...printedPair(t("reports.filters.transfer"), filters.transfer),
  ];

  return (
    <ReportFrame
      name="payments"
      filters={filters}
      printed={printed}
      scope={data?.scope}
      error={error}
      toolbar={
        <Space wrap>
          <DatePicker
            picker="month"
            format="MM/YYYY"
            aria-label={t("reports.filters.from")}
            placeholder={t("reports.filters.from")}
            value={month(filters.from)}
            onChange={(d) => set({ from: d ? d.format("YYYY-MM") : null })}
          />
          <DatePicker
            picker="month"
            format="MM/YYYY"
            aria-label={t("reports.filters.to")}
            placeholder={t("reports.filters.to")}
            value={month(filters.to)}
            onChange={(d) => set({ to: d ? d.format("YYYY-MM") : null })}
          />
          <FilterSelect
            label={t("reports.filters.paymentKind")}
            any={t("reports.anyKind")}
            width={200}
            value={filters.kind}
            onChange={(kind) => set({ kind })}
            options={PAYMENT_KINDS.map((k) => ({ value: k, label: t(`payments.kinds.${k}`) }))}
          />
          <FilterSelect
            label={t("reports.filters.paymentStatus")}
            any={t("reports.anyStatus")}
            width={170}
            value={filters.status}
            onChange={(status) => set({ status })}
            options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
          />
          <Input.Search
            aria-label={t("reports.filters.transfer")}
            placeholder={t("reports.transferPlaceholder")}
            allowClear
            style={{ width: 230 }}
            value={transfer}
            onChange={(e) => setTransfer(e.target.value)}
            onSearch={(value) => set({ transfer: value.trim() })}
          />
          <ClearFilters onClear={clear} />
        </Space>
      }
    >
      <SideBySide spans={[14, 10]}>
        <ChartCard title={t("reports.charts.byMonth")} option={monthChart} loading={loading} />
        <ChartCard title={t("reports.charts.topPayees")} option={payeesChart} loading={loading} />
      </SideBySide>
      <SideBySide>
        <ReportTable
          title={t("reports.sections.byKind")}
          testId="table-byKind"
          loading={loading}
          rows={data?.byKind ?? []}
          rowKey={(r) => r.kind}
          columns={[
            { title: t("reports.columns.paymentKind"), dataIndex: "kind", render: (v: string) => t(`payments.kinds.${v as "COMMITMENT"}`) },
            countColumn(t("reports.columns.count")),
            moneyColumn(t("reports.columns.value"), "value"),
          ]}
          total={data ? [t("reports.totalRow"), formatInteger(data.total.count), formatMoney(data.total.value)] : undefined}
        />
        <ReportTable
          title={t("reports.sections.topPayees")}
          testId="table-topPayees"
          loading={loading}
          rows={data?.topPayees ?? []}
          rowKey={(r) => `${r.payee}|${r.document ?? ""}`}
          columns={[
            { title: t("reports.columns.payee"), dataIndex: "payee" },
            { title: t("reports.columns.document"), dataIndex: "document", render: (v: string | null) => v ?? "—" },
            countColumn(t("reports.columns.count")),
            moneyColumn(t("reports.columns.value"), "value"),
          ]}
        />
      </SideBySide>
      <ReportTable
        title={t("reports.sections.byMonth")}
        testId="table-byMonth"
        loading={loading}
        rows={data?.byMonth ?? []}
        rowKey={(r) => `${r.month}|${r.kind}`}
        columns={[
          { title: t("reports.columns.month"), dataIndex: "month", render: (v: string) => monthLabel(v) },
          { title: t("reports.columns.paymentKind"), dataIndex: "kind", render: (v: string) => t(`payments.kinds.${v as "COMMITMENT"}`) },
          countColumn(t("reports.columns.count")),
          moneyColumn(t("reports.columns.value"), "value"),
        ]}
        total={data ? [t("reports.totalRow"), "", formatInteger(data.total.count), formatMoney(data.total.value)] : undefined}
      />
    </ReportFrame>
  );
}
