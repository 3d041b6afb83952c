import type { PublicVoluntaryDetail } from "@/domain/transparency";
import { transparency as t } from "@/locales/pt-BR/transparency";
import { formatDate, formatMoney } from "../lib/format";
import { ROUTE_IDS, sitePath } from "../site";
import { TransferDetail, text, type DetailConfig } from "./transfer-detail";
import { INSTRUMENT_LABEL, InstrumentLink } from "../components/instrument-link";

const c = t.voluntary.columns;

const config: DetailConfig<PublicVoluntaryDetail> = {
  apiPath: "voluntary-transfers",
  nrPattern: ROUTE_IDS.voluntary,
  listTitle: t.voluntary.title,
  listPath: sitePath.voluntary,
  title: t.detail.voluntaryTitle,
  payments: (d) => d.payments,
  values: (d) => [
    { label: c.transferValue, value: formatMoney(d.transferValue) },
    { label: c.counterpartValue, value: formatMoney(d.counterpartValue) },
    { label: c.globalValue, value: formatMoney(d.globalValue) },
    { label: c.committedValue, value: formatMoney(d.committedValue) },
    { label: c.paidValue, value: formatMoney(d.paidValue) },
  ],
  fields: (d) => [
    { label: c.status, value: t.voluntaryStatuses[d.status] },
    { label: c.modality, value: t.modalities[d.modality] },
    { label: c.year, value: d.year },
    { label: c.object, value: d.object },
    { label: c.grantorName, value: d.grantorName ? `${d.grantorName}${d.grantorAcronym ? ` (${d.grantorAcronym})` : ""}` : text(null) },
    { label: c.programName, value: text(d.programName) },
    { label: c.proposalNumber, value: text(d.proposalNumber) },
    { label: c.parliamentarianName, value: text(d.parliamentarianName) },
    { label: c.amendmentNumber, value: text(d.amendmentNumber) },
    { label: c.signedAt, value: formatDate(d.signedAt) },
    { label: c.publishedAt, value: formatDate(d.publishedAt) },
    { label: c.validityStart, value: formatDate(d.validityStart) },
    { label: c.validityEnd, value: formatDate(d.validityEnd) },
    { label: c.accountabilityDeadline, value: formatDate(d.accountabilityDeadline) },
    { label: c.contractingSituation, value: t.contractingSituations[d.contractingSituation] },
    ...(d.suspensiveClauseDue ? [{ label: c.suspensiveClauseDue, value: formatDate(d.suspensiveClauseDue) }] : []),
    { label: c.processNumber, value: text(d.processNumber) },
    { label: INSTRUMENT_LABEL, value: <InstrumentLink instrument={d.instrument} /> },
  ],
};

export default function VoluntaryDetailPage() {
  return <TransferDetail config={config} />;
}
