import { Link } from "../router";
import type { PublicImpositionTransfer } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { formatMoney } from "../lib/format";
import { sitePath } from "../site";
import { TransferList, type ListConfig } from "./transfer-list";

const c = t.imposition.columns;

export const impositionListConfig: ListConfig<PublicImpositionTransfer> = {
  apiPath: "imposition-transfers",
  title: t.imposition.title,
  intro: t.imposition.intro,
  description: t.imposition.description,
  rowKey: (r) => r.nrTransfer,
  filters: [
    { param: "ano", field: "year", label: t.list.year, options: (o) => o.years.map((y) => ({ value: String(y), label: String(y) })) },
    { param: "situacao", field: "situation", label: t.list.situation, options: () => Object.entries(t.impositionSituations).map(([value, label]) => ({ value, label })) },
    { param: "parlamentar", field: "parliamentarianName", label: t.list.parliamentarian, options: (o) => o.parliamentarians.map((p) => ({ value: p, label: p })) },
  ],
  columns: [
    { key: "nr", header: c.nrTransfer, sort: { param: "codigo", field: "nrTransfer" }, cell: (r, slug) => <Link to={sitePath.impositionDetail(slug, r.nrTransfer)}>{r.nrTransfer}</Link> },
    { key: "year", header: c.year, sort: { param: "ano", field: "year" }, cell: (r) => r.year },
    { key: "parliamentarian", header: c.parliamentarianName, sort: { param: "parlamentar", field: "parliamentarianName" }, cell: (r) => r.parliamentarianName },
    { key: "object", header: c.objectName, cell: (r) => r.objectName ?? "—" },
    { key: "situation", header: c.situation, cell: (r) => t.impositionSituations[r.situation] },
    { key: "planned", header: c.plannedValue, numeric: true, sort: { param: "previsto", field: "plannedValue" }, cell: (r) => formatMoney(r.plannedValue) },
    { key: "paid", header: c.paidValue, numeric: true, sort: { param: "recebido", field: "paidValue" }, cell: (r) => formatMoney(r.paidValue) },
  ],
};

export default function ImpositionListPage() {
  return <TransferList config={impositionListConfig} />;
}
