import type { PublicImpositionDetail } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { formatDate, formatMoney } from "../lib/format";
import { ROUTE_IDS, sitePath } from "../site";
import { TransferDetail, text, type DetailConfig } from "./transfer-detail";
import { MoneyTrail } from "../components/money-trail";
import { FollowForm } from "../components/follow-form";
import { INSTRUMENT_LABEL, InstrumentLink } from "../components/instrument-link";

const c = t.imposition.columns;

/** To whom and when the emenda was communicated (LC 210/2024 art. 8), or that it is still pending. */
function lc210Text(notice: PublicImpositionDetail["lc210Notice"]): string {
  if (!notice) return text(null);
  if (notice.recipients.length === 0) return notice.dueDate ? t.detail.lc210Pending(formatDate(notice.dueDate)) : text(null);
  return notice.recipients.map((r) => t.detail.lc210Sent(r.recipientName ?? t.detail.lc210Recipients[r.recipient], formatDate(r.sentOn), r.protocol)).join("; ");
}

const config: DetailConfig<PublicImpositionDetail> = {
  apiPath: "imposition-transfers",
  nrPattern: ROUTE_IDS.imposition,
  listTitle: t.imposition.title,
  listPath: sitePath.imposition,
  title: t.detail.impositionTitle,
  payments: (d) => d.payments,
  values: (d) => [
    { label: c.plannedValue, value: formatMoney(d.plannedValue) },
    { label: c.costingValue, value: formatMoney(d.costingValue) },
    { label: c.investmentValue, value: formatMoney(d.investmentValue) },
    { label: c.committedValue, value: formatMoney(d.committedValue) },
    { label: c.paidValue, value: formatMoney(d.paidValue) },
  ],
  fields: (d) => [
    { label: c.situation, value: t.impositionSituations[d.situation] },
    { label: c.year, value: d.year },
    { label: c.amendmentNumber, value: d.amendmentNumber },
    { label: c.parliamentarianName, value: d.parliamentarianName },
    { label: c.objectName, value: text(d.objectName) },
    { label: c.objectDetail, value: text(d.objectDetail) },
    { label: c.policyAreas, value: text(d.policyAreas) },
    { label: c.expenseCategory, value: t.expenseCategories[d.expenseCategory] },
    { label: c.programName, value: text(d.programName) },
    { label: c.grantorName, value: text(d.grantorName) },
    { label: c.acceptedAt, value: formatDate(d.acceptedAt) },
    { label: c.executionStart, value: formatDate(d.executionStart) },
    { label: c.executionEnd, value: formatDate(d.executionEnd) },
    { label: c.legislativeNotifiedAt, value: formatDate(d.legislativeNotifiedAt) },
    { label: t.detail.lc210, value: lc210Text(d.lc210Notice) },
    { label: INSTRUMENT_LABEL, value: <InstrumentLink instrument={d.instrument} /> },
    { label: c.bank, value: d.bankName ? `${d.bankCode ?? ""} ${d.bankName} · ag. ${text(d.agency)} · c/c ${text(d.account)}`.trim() : text(null) },
    ...(d.impedimentReason ? [{ label: c.impedimentReason, value: d.impedimentReason }] : []),
  ],
  // "Siga a emenda" (issue 34): where the money went after it reached the account, and a follow by e-mail.
  extra: ({ slug, nr }) => (
    <>
      <MoneyTrail slug={slug} nr={nr} />
      <FollowForm slug={slug} nr={nr} />
    </>
  ),
};

export default function ImpositionDetailPage() {
  return <TransferDetail config={config} />;
}
