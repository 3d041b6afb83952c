import { useEffect } from "react";
import { Link, useParams } from "../router";
import type { PublicMunicipalAmendmentDetail } from "@/domain/public-municipal-amendments";
import { publicMunicipalAmendments as m } from "@/domain/labels/public-municipal-amendments";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { recordUrl } from "@/domain/public-urls";
import { EMPTY, formatCnpj, formatDate, formatMoney } from "../lib/format";
import { sitePath, useSite, useSiteMeta } from "../site";
import { DataTable } from "../components/data-table";
import { KpiList } from "../components/kpis";
import { LoadFailed, Loading } from "../components/status";
import { text } from "./transfer-detail";
import { formatCount } from "@/domain/pt-br-numbers";

/** The identifier as an address carries it (2026-0007); the same pattern the server checks. */
const SLUG = /^\d{4}-\d{4,6}$/;
const c = m.detail.columns;
const f = m.detail.fields;

/** A CNPJ as people read it; a CPF arrives masked by the server ("***.456.789-**") and shows as it came. */
const formatDocument = (doc: string | null) => (!doc ? EMPTY : /^\d{14}$/.test(doc) ? formatCnpj(doc) : doc);

/** /transparency/{slug}/emendas-municipais/info/{2026-0007}: one emenda, followable from indication to the final beneficiary. */
export default function MunicipalAmendmentDetailPage() {
  const { slug, notFound } = useSite();
  const id = useParams().identifier ?? "";
  const valid = SLUG.test(id);
  const title = m.detail.title(id.replace("-", "/"));
  useSiteMeta(title, (name) => `${title}: autor, objeto, plano de trabalho, etapas e pagamentos – ${name}.`);
  const detail = usePublicApi<PublicMunicipalAmendmentDetail>(valid ? recordUrl(slug, "municipal-amendments", id) : null);
  const missing = !valid || (detail.status === "failed" && detail.error.status === 404);
  useEffect(() => {
    if (missing) notFound();
  }, [missing, notFound]);
  if (missing) return null;
  if (detail.status === "loading") return <Loading />;
  if (detail.status === "failed") return <LoadFailed error={detail.error} retry={detail.retry} />;
  const d = detail.result.data;
  const balance = Number(d.paidValue) - Number(d.supplierPaidValue) - Number(d.returnedValue);

  return (
    <>
      <nav className="tp-breadcrumb" aria-label={t.detail.breadcrumb}>
        <ol>
          <li>
            <Link to={sitePath.home(slug)}>{t.nav.home}</Link>
          </li>
          <li>
            <Link to={sitePath.municipalAmendments(slug)}>{m.title}</Link>
          </li>
          <li aria-current="page">{d.identifier}</li>
        </ol>
      </nav>
      <h1>{m.detail.title(d.identifier)}</h1>
      <p className="tp-lead">{d.object}</p>
      <section aria-labelledby="ma-values">
        <h2 id="ma-values">{t.detail.values}</h2>
        <KpiList
          label={t.detail.values}
          items={[
            { label: m.detail.values.value, value: formatMoney(d.value) },
            { label: m.detail.values.committed, value: formatMoney(d.committedValue) },
            { label: m.detail.values.paid, value: formatMoney(d.paidValue) },
            { label: m.detail.values.suppliers, value: formatMoney(d.supplierPaidValue) },
            { label: m.detail.values.returned, value: formatMoney(d.returnedValue) },
            { label: m.detail.values.balance, value: formatMoney(balance) },
          ]}
        />
      </section>
      <section aria-labelledby="ma-data">
        <h2 id="ma-data">{t.detail.data}</h2>
        <dl className="tp-fields">
          {[
            { label: f.stage, value: m.stages[d.stage] },
            { label: f.author, value: `${d.authorName} (${d.authorParty})` },
            { label: f.kind, value: m.kinds[d.kind] },
            { label: f.year, value: d.year },
            { label: f.classification, value: `${d.functionCode}.${d.subfunctionCode}.${d.programCode}.${d.actionCode} · ${d.expenseNature}` },
            { label: f.beneficiary, value: `${d.beneficiaryName} (${m.beneficiaryKinds[d.beneficiaryKind]}${d.beneficiaryCnpj ? `, CNPJ ${formatCnpj(d.beneficiaryCnpj)}` : ""})` },
            { label: f.finalBeneficiary, value: d.finalBeneficiaryName ? `${d.finalBeneficiaryName} (${formatDocument(d.finalBeneficiaryDocument)})` : EMPTY },
            { label: f.account, value: d.bankCode ? `Banco ${d.bankCode} · ag. ${text(d.agency)} · c/c ${text(d.account)}` : EMPTY },
            { label: f.plan, value: m.planStatuses[d.planStatus] },
            ...(d.impedimentReason ? [{ label: f.impediment, value: d.impedimentReason }] : []),
            { label: f.updatedAt, value: formatDate(d.updatedAt.slice(0, 10)) },
          ].map((field) => (
            <div key={field.label}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="ma-steps">
        <h2 id="ma-steps">{m.detail.steps}</h2>
        <ol className="tp-steps">
          {d.steps.map((s, i) => (
            <li key={i}>
              <strong>{m.stages[s.stage]}</strong> — {formatDate(s.occurredOn)} {m.detail.by(s.personName)}
              {s.documentNumber ? ` · ${s.documentNumber}` : ""}
              {s.reason ? <p>{s.reason}</p> : null}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="ma-plan">
        <h2 id="ma-plan">{m.detail.plan}</h2>
        {d.goals.length === 0 ? (
          <p>{m.detail.noPlan}</p>
        ) : (
          <>
            {d.planObject ? <p>{d.planObject}</p> : null}
            <DataTable caption={m.detail.goals} regionLabel={m.detail.goals} rows={d.goals} rowKey={(g) => `${g.description}-${g.deadline}`}
              columns={[
                { key: "goal", header: c.goal, rowHeader: true, cell: (g) => g.description },
                { key: "quantity", header: c.quantity, numeric: true, cell: (g) => `${formatCount(g.quantity)} ${g.unit}` },
                { key: "deadline", header: c.deadline, cell: (g) => formatDate(g.deadline) },
              ]}
            />
            <DataTable caption={m.detail.items} regionLabel={m.detail.items} rows={d.budgetItems} rowKey={(item) => `${item.description}-${item.value}`}
              columns={[
                { key: "item", header: c.item, rowHeader: true, cell: (item) => item.description },
                { key: "value", header: c.value, numeric: true, cell: (item) => formatMoney(item.value) },
              ]}
            />
            <DataTable caption={m.detail.schedule} regionLabel={m.detail.schedule} rows={d.schedule} rowKey={(part) => part.month}
              columns={[
                { key: "month", header: c.month, rowHeader: true, cell: (part) => part.month.split("-").reverse().join("/") },
                { key: "value", header: c.value, numeric: true, cell: (part) => formatMoney(part.value) },
              ]}
            />
          </>
        )}
      </section>
      <section aria-labelledby="ma-movements">
        <h2 id="ma-movements">{m.detail.movements}</h2>
        {d.movements.length === 0 ? (
          <p>{m.detail.noMovements}</p>
        ) : (
          <DataTable caption={m.detail.movements} hideCaption regionLabel={m.detail.movements} rows={d.movements} rowKey={(r) => `${r.kind}-${r.documentNumber}-${r.occurredOn}`}
            columns={[
              { key: "date", header: c.date, rowHeader: true, cell: (r) => formatDate(r.occurredOn) },
              { key: "kind", header: c.kind, cell: (r) => m.movementKinds[r.kind] },
              { key: "document", header: c.document, cell: (r) => r.documentNumber },
              { key: "supplier", header: c.supplier, cell: (r) => (r.supplierName ? `${r.supplierName} (${formatDocument(r.supplierDocument)})` : EMPTY) },
              { key: "value", header: c.value, numeric: true, cell: (r) => formatMoney(r.value) },
            ]}
          />
        )}
      </section>
      <p>
        <Link to={sitePath.municipalAmendments(slug)}>{`← ${m.detail.back}`}</Link>
      </p>
    </>
  );
}
