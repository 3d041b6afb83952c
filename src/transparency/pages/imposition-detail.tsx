import type { PublicImpositionDetail } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { formatDate, formatMoney } from "../lib/format";
import { ROUTE_IDS, sitePath } from "../site";
import { TransferDetail, text, type DetailConfig } from "./transfer-detail";

const c = t.imposition.columns;

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
    { label: c.bank, value: d.bankName ? `${d.bankCode ?? ""} ${d.bankName} · ag. ${text(d.agency)} · c/c ${text(d.account)}`.trim() : text(null) },
    ...(d.impedimentReason ? [{ label: c.impedimentReason, value: d.impedimentReason }] : []),
  ],
};

export default function ImpositionDetailPage() {
  return <TransferDetail config={config} />;
}
