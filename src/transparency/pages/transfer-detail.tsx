import { useEffect, type ReactNode } from "react";
import { Link, useParams } from "../router";
import type { PublicPayment } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { recordUrl } from "@/domain/public-urls";
import { formatCnpj, formatDate, formatMoney, EMPTY } from "../lib/format";
import { sitePath, useSite, useSiteMeta } from "../site";
import { DataTable } from "../components/data-table";
import { KpiList, type Kpi } from "../components/kpis";
import { LoadFailed, Loading } from "../components/status";

export interface DetailField {
  label: string;
  value: ReactNode;
}

export interface DetailConfig<Detail> {
  apiPath: "imposition-transfers" | "voluntary-transfers";
  /** Route ids that can exist (a malformed one is a 404 without asking the server). */
  nrPattern: RegExp;
  listTitle: string;
  listPath(slug: string): string;
  title(nr: string): string;
  values(detail: Detail): Kpi[];
  fields(detail: Detail): DetailField[];
  /** Null when the municipality does not publish payments. */
  payments(detail: Detail): PublicPayment[] | null;
  /** What the kind adds after its payments (the special transfers: the money trail and the follow form). */
  extra?(place: { slug: string; nr: string }): ReactNode;
}

const p = t.detail.paymentColumns;

export const text = (value: string | number | null | undefined): string => (value === null || value === undefined || value === "" ? EMPTY : String(value));

/** One transfer: what it is, its values, and the history of its payments (when the municipality publishes them). */
export function TransferDetail<Detail>({ config }: { config: DetailConfig<Detail> }) {
  const { slug, municipality, notFound } = useSite();
  const nr = useParams().nr ?? "";
  const valid = config.nrPattern.test(nr);
  const title = config.title(nr);
  useSiteMeta(title, (name) => t.detail.description(title, name, municipality?.showPayments));
  const detail = usePublicApi<Detail>(valid ? recordUrl(slug, config.apiPath, nr) : null);
  const missing = !valid || (detail.status === "failed" && detail.error.status === 404);
  useEffect(() => {
    if (missing) notFound();
  }, [missing, notFound]);

  const breadcrumb = (
    <nav className="tp-breadcrumb" aria-label={t.detail.breadcrumb}>
      <ol>
        <li>
          <Link to={sitePath.home(slug)}>{t.nav.home}</Link>
        </li>
        <li>
          <Link to={config.listPath(slug)}>{config.listTitle}</Link>
        </li>
        <li aria-current="page">{nr}</li>
      </ol>
    </nav>
  );

  if (missing) return null;
  if (detail.status === "loading") return <Loading />;
  if (detail.status === "failed") return <LoadFailed error={detail.error} retry={detail.retry} />;
  const data = detail.result.data;
  const payments = config.payments(data);

  return (
    <>
      {breadcrumb}
      <h1>{title}</h1>
      <section aria-labelledby="detail-values">
        <h2 id="detail-values">{t.detail.values}</h2>
        <KpiList label={t.detail.values} items={config.values(data)} />
      </section>
      <section aria-labelledby="detail-data">
        <h2 id="detail-data">{t.detail.data}</h2>
        <dl className="tp-fields">
          {config.fields(data).map((field) => (
            <div key={field.label}>
              <dt>{field.label}</dt>
              <dd>{field.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {payments === null ? (
        <p className="tp-note">{t.paymentsHidden(municipality?.name ?? "")}</p>
      ) : (
        <section aria-labelledby="detail-payments">
          <h2 id="detail-payments">{t.detail.payments}</h2>
          {payments.length === 0 ? (
            <p>{t.detail.paymentsEmpty}</p>
          ) : (
            <DataTable
              caption={`${t.detail.payments} – ${title}`}
              hideCaption
              regionLabel={t.detail.payments}
              rows={payments}
              rowKey={(r) => `${r.kind}-${r.documentNumber}-${r.paymentDate}`}
              columns={[
                { key: "date", header: p.date, rowHeader: true, cell: (r) => formatDate(r.paymentDate) },
                { key: "kind", header: p.kind, cell: (r) => t.paymentKinds[r.kind] },
                { key: "document", header: p.document, cell: (r) => r.documentNumber },
                { key: "payee", header: p.payee, cell: (r) => (r.payeeName ? `${r.payeeName}${r.payeeDocument ? ` (${formatCnpj(r.payeeDocument)})` : ""}` : EMPTY) },
                { key: "description", header: p.description, cell: (r) => text(r.description) },
                { key: "amount", header: p.amount, numeric: true, cell: (r) => formatMoney(r.amount) },
                { key: "status", header: p.status, cell: (r) => t.paymentStatuses[r.status] },
              ]}
            />
          )}
        </section>
      )}
      {config.extra?.({ slug, nr })}
      <p>
        <Link to={config.listPath(slug)}>{`← ${t.detail.back}`}</Link>
      </p>
    </>
  );
}
