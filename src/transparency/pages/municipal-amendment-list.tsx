import { Link } from "../router";
import type { PublicMunicipalAmendment } from "@/domain/public-municipal-amendments";
import { publicMunicipalAmendments as t } from "@/domain/labels/public-municipal-amendments";
import { formatMoney } from "../lib/format";
import { sitePath } from "../site";
import { TransferList, type ListConfig } from "./transfer-list";
import { CouncillorTotals } from "./municipal-amendment-councillors";

/** "EM 2026/0007" as it goes in an address: 2026-0007. */
export const identifierSlug = (identifier: string) => identifier.replace(/^EM (\d{4})\/(\d+)$/, "$1-$2");

const c = t.columns;

const config: ListConfig<PublicMunicipalAmendment> = {
  apiPath: "municipal-amendments",
  title: t.title,
  intro: t.intro,
  description: t.description,
  rowKey: (r) => r.identifier,
  filters: [
    { param: "ano", field: "year", label: t.filters.year, options: (o) => o.years.map((y) => ({ value: String(y), label: String(y) })) },
    { param: "etapa", field: "stage", label: t.filters.stage, options: () => Object.entries(t.stages).map(([value, label]) => ({ value, label })) },
    { param: "vereador", field: "authorName", label: t.filters.author, options: (o) => o.parliamentarians.map((p) => ({ value: p, label: p })) },
  ],
  columns: [
    { key: "identifier", header: c.identifier, sort: { param: "identificador", field: "identifier" }, cell: (r, slug) => <Link to={sitePath.municipalAmendmentDetail(slug, identifierSlug(r.identifier))}>{r.identifier}</Link> },
    { key: "author", header: c.author, sort: { param: "autor", field: "authorName" }, cell: (r) => `${r.authorName} (${r.authorParty})` },
    { key: "object", header: c.object, cell: (r) => r.object },
    { key: "beneficiary", header: c.beneficiary, cell: (r) => r.beneficiaryName },
    { key: "stage", header: c.stage, cell: (r) => t.stages[r.stage] },
    { key: "value", header: c.value, numeric: true, sort: { param: "valor", field: "value" }, cell: (r) => formatMoney(r.value) },
    { key: "paid", header: c.paid, numeric: true, sort: { param: "pago", field: "paidValue" }, cell: (r) => formatMoney(r.paidValue) },
  ],
};

export default function MunicipalAmendmentListPage() {
  return (
    <>
      <TransferList config={config} />
      <CouncillorTotals />
    </>
  );
}
