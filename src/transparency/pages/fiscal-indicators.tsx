import { FISCAL_INDICATOR_DEFINITIONS, FISCAL_INDICATORS, PRUDENTIAL_SHARE, ALERT_SHARE, fiscalStatus, type FiscalStatus } from "@/domain/fiscal-indicators";
import type { PublicFiscalIndicator } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { pageDataUrl } from "@/domain/public-urls";
import { formatLimitPercent, formatMoney, formatPercent } from "../lib/format";
import { useSite, useSiteMeta } from "../site";
import { DataTable } from "../components/data-table";
import { LoadFailed, Loading } from "../components/status";

const f = t.fiscal;

function formatValue(row: PublicFiscalIndicator): string {
  return FISCAL_INDICATOR_DEFINITIONS[row.indicator].unit === "money" ? formatMoney(row.value) : formatPercent(row.value);
}

function formatLimit(row: PublicFiscalIndicator): string {
  const definition = FISCAL_INDICATOR_DEFINITIONS[row.indicator];
  if (row.limitValue === null || definition.limitKind === null) return f.noLimit;
  const limit = Number(row.limitValue);
  if (row.indicator === "PERSONNEL_PCT_RCL") {
    return f.personnelLimits(formatLimitPercent(limit), formatLimitPercent(limit * PRUDENTIAL_SHARE), formatLimitPercent(limit * ALERT_SHARE));
  }
  return definition.limitKind === "max" ? f.limitMax(formatLimitPercent(limit)) : f.limitMin(formatLimitPercent(limit));
}

function Status({ row }: { row: PublicFiscalIndicator }) {
  const status: FiscalStatus = fiscalStatus(row.indicator, Number(row.value), row.limitValue === null ? null : Number(row.limitValue));
  return <span className={`tp-status tp-status--${status}`}>{f.status[status]}</span>;
}

/** RCL, personnel, debt, education and health by year, each value beside its legal limit. */
export default function FiscalIndicatorsPage() {
  const { slug } = useSite();
  useSiteMeta(f.title, f.description);
  const indicators = usePublicApi<PublicFiscalIndicator[]>(pageDataUrl.fiscalIndicators(slug));

  if (indicators.status === "loading") return <Loading />;
  if (indicators.status === "failed") return <LoadFailed error={indicators.error} retry={indicators.retry} />;
  const rows = indicators.result.data;
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
  const order = (r: PublicFiscalIndicator) => FISCAL_INDICATORS.indexOf(r.indicator);

  return (
    <>
      <h1>{f.title}</h1>
      <p className="tp-lead">{f.intro}</p>
      {years.length === 0 ? <p>{t.noData}</p> : null}
      {years.map((year) => (
        <section key={year} aria-labelledby={`fiscal-${year}`}>
          <h2 id={`fiscal-${year}`}>{f.yearHeading(year)}</h2>
          <DataTable
            caption={`${f.title} – ${f.yearHeading(year)}`}
            hideCaption
            regionLabel={`${f.title} – ${f.yearHeading(year)}`}
            rows={rows.filter((r) => r.year === year).sort((a, b) => order(a) - order(b))}
            rowKey={(r) => r.indicator}
            columns={[
              { key: "indicator", header: f.columns.indicator, rowHeader: true, cell: (r) => f.names[r.indicator] },
              { key: "value", header: f.columns.value, numeric: true, cell: formatValue },
              { key: "limit", header: f.columns.limit, cell: formatLimit },
              { key: "status", header: f.columns.status, cell: (r) => <Status row={r} /> },
              { key: "source", header: f.columns.source, cell: (r) => FISCAL_INDICATOR_DEFINITIONS[r.indicator].source },
            ]}
          />
        </section>
      ))}
    </>
  );
}
