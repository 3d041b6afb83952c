import type { PublicCouncillorTotals } from "@/domain/public-municipal-amendments";
import type { MunicipalAmendmentStage } from "@/domain/municipal-amendments";
import { councillorYears, type CouncillorYear } from "@/domain/councillor-totals";
import { publicCouncillorTotals as t, publicMunicipalAmendments as m } from "@/domain/labels/public-municipal-amendments";
import { usePublicApi } from "../lib/api";
import { pageDataUrl } from "@/domain/public-urls";
import { formatDateTime, formatInteger, formatMoney } from "../lib/format";
import { useSite } from "../site";
import { DataTable, type Column } from "../components/data-table";
import { LoadFailed, Loading } from "../components/status";

const c = t.columns;

/** The stages in their own order (the catalogue lists them so). */
const STAGES = Object.keys(m.stages) as MunicipalAmendmentStage[];

/** "Indicada: 2 · Paga: 1", in the stages' own order. */
const stagesText = (row: CouncillorYear) =>
  STAGES.filter((stage) => row.stages[stage])
    .map((stage) => t.stageCount(m.stages[stage], row.stages[stage] ?? 0))
    .join(" · ");

const columns: Column<CouncillorYear>[] = [
  { key: "councillor", header: c.councillor, rowHeader: true, cell: (r) => `${r.authorName} (${r.authorParty})` },
  { key: "year", header: c.year, cell: (r) => String(r.year) },
  { key: "count", header: c.count, numeric: true, cell: (r) => formatInteger(r.count) },
  { key: "value", header: c.value, numeric: true, cell: (r) => formatMoney(r.valueCents / 100) },
  { key: "paid", header: c.paid, numeric: true, cell: (r) => formatMoney(r.paidCents / 100) },
  { key: "stages", header: c.stages, cell: stagesText },
];

/** Totals per councillor, year and stage, below the list of emendas: what each councillor sent, and where it stands. */
export function CouncillorTotals() {
  const { slug } = useSite();
  const state = usePublicApi<PublicCouncillorTotals>(pageDataUrl.councillors(slug));
  return (
    <section aria-labelledby="tp-councillors">
      <h2 id="tp-councillors">{t.title}</h2>
      <p>{t.intro}</p>
      {state.status === "loading" ? (
        <Loading />
      ) : state.status === "failed" ? (
        <LoadFailed error={state.error} retry={state.retry} />
      ) : state.result.data.totals.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <>
          <DataTable caption={t.title} hideCaption columns={columns} rows={councillorYears(state.result.data.totals)} rowKey={(r) => `${r.year}-${r.authorName}`} regionLabel={t.title} />
          {state.result.data.updatedAt ? <p className="tp-updated">{t.updatedAt(formatDateTime(state.result.data.updatedAt))}</p> : null}
        </>
      )}
    </section>
  );
}
