import { Suspense, lazy } from "react";
import { useSearchParams } from "../router";
import type { PublicRanking, PublicSummary, PublicTransferKind, PublicYearTotal } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { publicUrl } from "@/domain/public-urls";
import { formatInteger, formatMoney } from "../lib/format";
import { useSite, useSiteMeta } from "../site";
import { DataTable, type Column } from "../components/data-table";
import { KpiList, addTotals, kpiValues } from "../components/kpis";
import { LoadFailed, Loading } from "../components/status";
import { GetForm } from "../components/get-form";

const ColumnChart = lazy(() => import("../components/charts").then((m) => ({ default: m.ColumnChart })));
const BarChart = lazy(() => import("../components/charts").then((m) => ({ default: m.BarChart })));

const d = t.dashboard;
const SERIES = [
  { label: d.legendPlanned, className: "tp-series-planned" },
  { label: d.legendPaid, className: "tp-series-paid" },
];

const rankingColumns = (nameHeader: string): Column<PublicRanking>[] => [
  { key: "name", header: nameHeader, rowHeader: true, cell: (r) => (r.acronym && r.acronym !== r.name ? `${r.name} (${r.acronym})` : r.name) },
  { key: "count", header: d.columns.count, numeric: true, cell: (r) => formatInteger(r.count) },
  { key: "planned", header: d.columns.planned, numeric: true, cell: (r) => formatMoney(r.plannedValue) },
  { key: "paid", header: d.columns.paid, numeric: true, cell: (r) => formatMoney(r.paidValue) },
];

function Ranking({ id, title, rows, nameHeader }: { id: string; title: string; rows: PublicRanking[]; nameHeader: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{t.noData}</p>
      ) : (
        <>
          <Suspense fallback={<div className="tp-chart tp-chart--placeholder" />}>
            <BarChart
              label={`${title}: ${d.legendPlanned.toLowerCase()} e ${d.legendPaid.toLowerCase()}. Os valores estão na tabela a seguir.`}
              series={SERIES}
              items={rows.map((r) => ({ label: r.acronym ?? r.name, values: [Number(r.plannedValue), Number(r.paidValue)] }))}
            />
          </Suspense>
          <DataTable caption={title} hideCaption regionLabel={title} columns={rankingColumns(nameHeader)} rows={rows} rowKey={(r) => r.name} />
        </>
      )}
    </section>
  );
}

function byYearGroups(rows: PublicYearTotal[]) {
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  return years.map((year) => {
    const totals = addTotals(rows.filter((r) => r.year === year));
    return { label: String(year), values: [totals.planned, totals.paid] };
  });
}

/** Totals by kind and year, received vs planned, and the top grantors and parliamentarians. */
export default function DashboardPage() {
  const { slug } = useSite();
  useSiteMeta(d.title, d.description);
  const [params] = useSearchParams();
  const year = /^\d{4}$/.test(params.get("ano") ?? "") ? Number(params.get("ano")) : null;
  const summary = usePublicApi<PublicSummary>(publicUrl(slug, "summary", { year }));

  if (summary.status === "loading") return <Loading />;
  if (summary.status === "failed") return <LoadFailed error={summary.error} retry={summary.retry} />;
  const data = summary.result.data;
  const inYear = data.byYear.filter((r) => year === null || r.year === year);
  const totals = addTotals(inYear);
  const byKind = (Object.keys(t.kinds) as PublicTransferKind[]).map((kind) => ({ kind, ...addTotals(inYear.filter((r) => r.kind === kind)) }));
  const yearLabel = year === null ? d.allYears : String(year);

  return (
    <>
      <h1>{d.title}</h1>
      <GetForm className="tp-filters tp-filters--inline" label={d.yearForm}>
        <label className="tp-field">
          <span>{d.yearLabel}</span>
          <select name="ano" defaultValue={year ?? ""} key={year ?? "all"}>
            <option value="">{d.allYears}</option>
            {data.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="tp-button">
          {d.apply}
        </button>
      </GetForm>
      <section aria-labelledby="dash-kpis" aria-busy={summary.stale || undefined}>
        <h2 id="dash-kpis" className="tp-sr-only">
          {`${d.byKindTitle} – ${yearLabel}`}
        </h2>
        <KpiList
          label={yearLabel}
          items={[
            { label: d.kpiCount, value: kpiValues.count(totals.count) },
            { label: d.kpiPlanned, value: kpiValues.money(totals.planned) },
            { label: d.kpiPaid, value: kpiValues.money(totals.paid) },
            { label: d.kpiShare, value: kpiValues.share(totals.paid, totals.planned) },
          ]}
        />
      </section>
      <section aria-labelledby="dash-kinds">
        <h2 id="dash-kinds">{`${d.byKindTitle} (${yearLabel})`}</h2>
        <DataTable
          caption={`${d.byKindTitle} (${yearLabel})`}
          hideCaption
          regionLabel={d.byKindTitle}
          rows={byKind}
          rowKey={(r) => r.kind}
          columns={[
            { key: "kind", header: d.columns.kind, rowHeader: true, cell: (r) => t.kinds[r.kind] },
            { key: "count", header: d.columns.count, numeric: true, cell: (r) => formatInteger(r.count) },
            { key: "planned", header: d.columns.planned, numeric: true, cell: (r) => formatMoney(r.planned) },
            { key: "paid", header: d.columns.paid, numeric: true, cell: (r) => formatMoney(r.paid) },
          ]}
        />
      </section>
      <section aria-labelledby="dash-years">
        <h2 id="dash-years">{d.byYearTitle}</h2>
        <Suspense fallback={<div className="tp-chart tp-chart--placeholder" />}>
          <ColumnChart groups={byYearGroups(data.byYear)} series={SERIES} label={`${d.byYearTitle}. Os valores estão na tabela a seguir.`} />
        </Suspense>
        <details className="tp-details">
          <summary>{d.chartAsTable}</summary>
          <DataTable
            caption={d.byYearTitle}
            regionLabel={d.byYearTitle}
            rows={data.byYear}
            rowKey={(r) => `${r.year}-${r.kind}`}
            columns={[
              { key: "year", header: d.columns.year, rowHeader: true, cell: (r) => r.year },
              { key: "kind", header: d.columns.kind, cell: (r) => t.kinds[r.kind] },
              { key: "count", header: d.columns.count, numeric: true, cell: (r) => formatInteger(r.count) },
              { key: "planned", header: d.columns.planned, numeric: true, cell: (r) => formatMoney(r.plannedValue) },
              { key: "paid", header: d.columns.paid, numeric: true, cell: (r) => formatMoney(r.paidValue) },
            ]}
          />
        </details>
      </section>
      <Ranking id="dash-grantors" title={`${d.topGrantorsTitle} (${yearLabel})`} rows={data.topGrantors} nameHeader={t.list.grantor} />
      <Ranking id="dash-parliamentarians" title={`${d.topParliamentariansTitle} (${yearLabel})`} rows={data.topParliamentarians} nameHeader={t.list.parliamentarian} />
    </>
  );
}
