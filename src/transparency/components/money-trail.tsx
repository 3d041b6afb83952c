import type { PublicDocument, PublicTrail } from "@/domain/transfer-trail";
import { transferTrailLabels as t } from "@/domain/labels/transfer-trail";
import { transparency } from "@/locales/pt-BR/transparency";
import { usePublicApi } from "../lib/api";
import { moneyTrailUrl } from "@/domain/public-urls";
import { EMPTY, formatCnpj, formatDate, formatDateTime, formatMoney } from "../lib/format";
import { DataTable } from "./data-table";
import { KpiList } from "./kpis";
import { LoadFailed, Loading } from "./status";
import { INSTRUMENT_LABEL, InstrumentLink } from "./instrument-link";
import "./money-trail.css";

const documentText = (document: PublicDocument) => (document ? (document.kind === "CNPJ" ? formatCnpj(document.value) : document.value) : EMPTY);
const orEmpty = (value: string | null | undefined) => (value ? value : EMPTY);
/** A debit shows with its minus sign: the statement reads like the bank's. */
const signed = (kind: PublicTrail["entries"][number]["kind"], amount: number) => (kind === "RECEIVED" || kind === "INTEREST" ? formatMoney(amount) : `− ${formatMoney(amount)}`);

/** "Siga a emenda": the whole story of one special transfer's money, from its public trail. */
export function MoneyTrail({ slug, nr }: { slug: string; nr: string }) {
  const trail = usePublicApi<PublicTrail>(moneyTrailUrl(slug, nr));
  if (trail.status === "loading") return <Loading />;
  if (trail.status === "failed") return <LoadFailed error={trail.error} retry={trail.retry} />;
  const d = trail.result.data;
  const freshness = [t.source(d.source.name), d.source.syncedAt ? t.syncedAt(formatDateTime(d.source.syncedAt)) : null].filter(Boolean).join(", ");

  return (
    <section aria-labelledby="trail-title" className="tp-trail">
      <h2 id="trail-title">{t.title}</h2>
      <p className="tp-lead">{t.lead}</p>
      <p className="tp-note">
        {freshness}
        {d.updatedAt ? ` · ${t.updatedAt(formatDateTime(d.updatedAt))}` : ""}
      </p>

      <h3>{t.story}</h3>
      <dl className="tp-fields">
        <div>
          <dt>{t.author}</dt>
          <dd>{d.parliamentarianName}</dd>
        </div>
        <div>
          <dt>{t.object}</dt>
          <dd>{orEmpty(d.objectName)}</dd>
        </div>
        <div>
          <dt>{t.situation}</dt>
          <dd>{transparency.impositionSituations[d.situation]}</dd>
        </div>
        <div>
          <dt>{t.workPlan}</dt>
          <dd>{d.workPlan.status ? (d.workPlan.since ? t.workPlanSince(d.workPlan.status, formatDate(d.workPlan.since)) : d.workPlan.status) : t.workPlanNone}</dd>
        </div>
        <div>
          <dt>{t.federal}</dt>
          <dd>{t.federalValue(formatMoney(d.plannedValue), formatMoney(d.committedValue), formatMoney(d.paidValue))}</dd>
        </div>
        <div>
          <dt>{t.account}</dt>
          <dd>{d.account.bankName ? `${d.account.bankCode ?? ""} ${d.account.bankName} · ag. ${orEmpty(d.account.agency)} · c/c ${orEmpty(d.account.account)}`.trim() : EMPTY}</dd>
        </div>
        <div>
          <dt>{t.accountability}</dt>
          <dd>
            {d.accountability.length === 0
              ? t.accountabilityNone
              : d.accountability.map((a) => t.accountabilityItem(t.obligationKinds[a.kind], t.obligationStatuses[a.status] ?? a.status, a.dueDate ? formatDate(a.dueDate) : null)).join("; ")}
          </dd>
        </div>
        {d.lc210Notice && d.lc210Notice.recipients.some((r) => r.proofUrl) ? (
          <div>
            <dt>{t.lc210}</dt>
            <dd>
              <ul className="tp-plain-list">
                {d.lc210Notice.recipients
                  .filter((r) => r.proofUrl)
                  .map((r) => (
                    <li key={r.recipient}>
                      <a href={r.proofUrl ?? undefined} download>
                        {t.lc210Proof(r.recipientName ?? transparency.detail.lc210Recipients[r.recipient])}
                      </a>
                    </li>
                  ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {d.instrument ? (
          <div>
            <dt>{INSTRUMENT_LABEL}</dt>
            <dd>
              <InstrumentLink instrument={d.instrument} />
            </dd>
          </div>
        ) : null}
      </dl>

      {!d.synced ? (
        <p className="tp-note">{t.notSynced}</p>
      ) : (
        <>
          <h3>{t.kpis}</h3>
          <KpiList
            label={t.kpis}
            items={[
              { label: t.received, value: formatMoney(d.received) },
              { label: t.interest, value: formatMoney(d.interest) },
              { label: t.paid, value: formatMoney(d.paid) },
              { label: t.returned, value: formatMoney(d.returned) },
              { label: d.balanceDate ? t.balanceOn(formatDate(d.balanceDate)) : t.balance, value: formatMoney(d.balance) },
            ]}
          />

          <h3 id="trail-suppliers">{t.suppliers}</h3>
          {d.suppliers.length === 0 ? (
            <p>{t.suppliersEmpty}</p>
          ) : (
            <>
              <DataTable
                caption={t.suppliersCaption(d.nrTransfer)}
                regionLabel={t.suppliers}
                rows={d.suppliers}
                rowKey={(r) => `${r.name}-${r.document?.value ?? ""}`}
                columns={[
                  { key: "name", header: t.supplierColumns.name, rowHeader: true, cell: (r) => r.name },
                  { key: "document", header: t.supplierColumns.document, cell: (r) => documentText(r.document) },
                  { key: "lines", header: t.supplierColumns.lines, numeric: true, cell: (r) => r.lines },
                  { key: "amount", header: t.supplierColumns.amount, numeric: true, cell: (r) => formatMoney(r.amount) },
                ]}
              />
              {d.suppliers.some((s) => s.document?.kind === "CPF") ? <p className="tp-note">{t.cpfNote}</p> : null}
            </>
          )}

          <h3>{t.entries}</h3>
          {d.entries.length < d.entryCount ? <p className="tp-note">{t.entriesShown(d.entries.length, d.entryCount)}</p> : null}
          <DataTable
            caption={t.entriesCaption(d.nrTransfer)}
            regionLabel={t.entries}
            rows={d.entries}
            rowKey={(r) => `${r.date}-${r.kind}-${r.amount}-${r.description ?? ""}-${r.counterpartyDocument?.value ?? ""}`}
            columns={[
              { key: "date", header: t.entryColumns.date, rowHeader: true, cell: (r) => formatDate(r.date) },
              { key: "kind", header: t.entryColumns.kind, cell: (r) => t.entryKinds[r.kind] },
              { key: "description", header: t.entryColumns.description, cell: (r) => orEmpty(r.description) },
              {
                key: "counterparty",
                header: t.entryColumns.counterparty,
                cell: (r) => (r.counterpartyName ? `${r.counterpartyName}${r.counterpartyDocument ? ` (${documentText(r.counterpartyDocument)})` : ""}` : EMPTY),
              },
              { key: "amount", header: t.entryColumns.amount, numeric: true, cell: (r) => signed(r.kind, r.amount) },
            ]}
          />

          {d.returns.length > 0 ? (
            <>
              <h3>{t.returns}</h3>
              <DataTable
                caption={t.returnsCaption(d.nrTransfer)}
                regionLabel={t.returns}
                rows={d.returns}
                rowKey={(r) => `${r.kind}-${r.paidAt ?? ""}-${r.total}`}
                columns={[
                  { key: "kind", header: t.returnColumns.kind, rowHeader: true, cell: (r) => t.returnKinds[r.kind] },
                  { key: "status", header: t.returnColumns.status, cell: (r) => orEmpty(r.status) },
                  { key: "paidAt", header: t.returnColumns.paidAt, cell: (r) => formatDate(r.paidAt) },
                  { key: "reason", header: t.returnColumns.reason, cell: (r) => orEmpty(r.reason) },
                  { key: "amount", header: t.returnColumns.amount, numeric: true, cell: (r) => formatMoney(r.amount) },
                  { key: "fine", header: t.returnColumns.fine, numeric: true, cell: (r) => formatMoney(r.fine) },
                  { key: "interest", header: t.returnColumns.interest, numeric: true, cell: (r) => formatMoney(r.interest) },
                  { key: "total", header: t.returnColumns.total, numeric: true, cell: (r) => formatMoney(r.total) },
                ]}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
