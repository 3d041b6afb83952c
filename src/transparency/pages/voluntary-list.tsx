import { Link } from "../router";
import type { PublicVoluntaryTransfer } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { formatMoney } from "../lib/format";
import { sitePath } from "../site";
import { TransferList, type ListConfig } from "./transfer-list";

const c = t.voluntary.columns;

export const voluntaryListConfig: ListConfig<PublicVoluntaryTransfer> = {
  apiPath: "voluntary-transfers",
  title: t.voluntary.title,
  intro: t.voluntary.intro,
  description: t.voluntary.description,
  rowKey: (r) => r.nrTransfer,
  filters: [
    { param: "ano", field: "year", label: t.list.year, options: (o) => o.years.map((y) => ({ value: String(y), label: String(y) })) },
    { param: "situacao", field: "status", label: t.list.situation, options: () => Object.entries(t.voluntaryStatuses).map(([value, label]) => ({ value, label })) },
    { param: "concedente", field: "grantorAcronym", label: t.list.grantor, options: (o) => o.grantors.map((g) => ({ value: g.acronym, label: g.name ? `${g.acronym} – ${g.name}` : g.acronym })) },
  ],
  columns: [
    { key: "nr", header: c.nrTransfer, sort: { param: "numero", field: "nrTransfer" }, cell: (r, slug) => <Link to={sitePath.voluntaryDetail(slug, r.nrTransfer)}>{r.nrTransfer}</Link> },
    { key: "year", header: c.year, sort: { param: "ano", field: "year" }, cell: (r) => r.year },
    { key: "object", header: c.object, cell: (r) => r.object },
    { key: "grantor", header: c.grantorName, cell: (r) => r.grantorAcronym ?? r.grantorName ?? "—" },
    { key: "status", header: c.status, cell: (r) => t.voluntaryStatuses[r.status] },
    { key: "transfer", header: c.transferValue, numeric: true, sort: { param: "repasse", field: "transferValue" }, cell: (r) => formatMoney(r.transferValue) },
    { key: "paid", header: c.paidValue, numeric: true, sort: { param: "desembolsado", field: "paidValue" }, cell: (r) => formatMoney(r.paidValue) },
  ],
};

export default function VoluntaryListPage() {
  return <TransferList config={voluntaryListConfig} />;
}
