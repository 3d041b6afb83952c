import { FUND_SITUATIONS, IMPOSITION_SITUATIONS, VOLUNTARY_STATUSES } from "@/domain/transfers";

/** What differs between the transfer screens of each kind: resource, routes, status field and values. */
export interface TransferKindConfig {
  kind: "imposition" | "voluntary" | "fund";
  resource: string;
  basePath: string;
  /** The natural key (NR_TRANSFER or codPlan) and its lookup segment in the API. */
  keyField: "nrTransfer" | "codPlan";
  keySegment: "nr" | "cod-plan";
  keyLabel: string;
  statusField: "situation" | "status";
  statusValues: readonly string[];
  /** i18n group of the status labels. */
  statusGroup: "transfers.situations" | "transfers.statuses" | "transfers.fundSituations";
  plannedField: "plannedValue" | "transferValue" | "totalTransferValue";
  /** The date filter of the list. */
  dateField: "acceptedAt" | "signedAt" | "validityEnd";
  titleKey: string;
  infoTitleKey: string;
  exportName: string;
  /** Payment link column; fund-to-fund plans have none. */
  paymentLink?: "impositionTransferId" | "voluntaryTransferId";
}

export const IMPOSITION: TransferKindConfig = {
  kind: "imposition",
  resource: "imposition-transfers",
  basePath: "/admin/transactions-imposition",
  keyField: "nrTransfer",
  keySegment: "nr",
  keyLabel: "transfers.fields.nrTransfer",
  statusField: "situation",
  statusValues: IMPOSITION_SITUATIONS,
  statusGroup: "transfers.situations",
  plannedField: "plannedValue",
  dateField: "acceptedAt",
  titleKey: "transfers.titles.imposition",
  infoTitleKey: "transfers.titles.impositionInfo",
  exportName: "transferencias-impositivas",
  paymentLink: "impositionTransferId",
};

export const VOLUNTARY: TransferKindConfig = {
  kind: "voluntary",
  resource: "voluntary-transfers",
  basePath: "/admin/transactions-voluntary",
  keyField: "nrTransfer",
  keySegment: "nr",
  keyLabel: "transfers.fields.nrConvenio",
  statusField: "status",
  statusValues: VOLUNTARY_STATUSES,
  statusGroup: "transfers.statuses",
  plannedField: "transferValue",
  dateField: "signedAt",
  titleKey: "transfers.titles.voluntary",
  infoTitleKey: "transfers.titles.voluntaryInfo",
  exportName: "transferencias-voluntarias",
  paymentLink: "voluntaryTransferId",
};

export const FUND: TransferKindConfig = {
  kind: "fund",
  resource: "fund-to-fund-transfers",
  basePath: "/admin/transactions-fund-to-fund",
  keyField: "codPlan",
  keySegment: "cod-plan",
  keyLabel: "transfers.fields.codPlan",
  statusField: "situation",
  statusValues: FUND_SITUATIONS,
  statusGroup: "transfers.fundSituations",
  plannedField: "totalTransferValue",
  dateField: "validityEnd",
  titleKey: "transfers.titles.fund",
  infoTitleKey: "transfers.titles.fundInfo",
  exportName: "fundo-a-fundo",
};

/** antd Tag colours of every status code: green done, blue running, gold waiting, red trouble, grey ended. */
const STATUS_COLORS: Record<string, string> = {
  CIENTE: "blue",
  EM_EXECUCAO: "blue",
  AUTORIZADO: "blue",
  ASSINADO: "cyan",
  PROPOSTA_APROVADA: "cyan",
  AGUARDANDO_CIENCIA: "gold",
  AGUARDANDO_CONCLUSAO_PLANO_TRABALHO: "gold",
  AGUARDANDO_PRESTACAO_CONTAS: "gold",
  PRESTACAO_CONTAS_EM_ANALISE: "purple",
  PRESTACAO_CONTAS_EM_COMPLEMENTACAO: "orange",
  EM_ELABORACAO: "default",
  ENVIADO_ANALISE: "purple",
  EM_COMPLEMENTACAO: "orange",
  CONCLUIDO: "green",
  PRESTACAO_CONTAS_APROVADA: "green",
  PRESTACAO_CONTAS_APROVADA_RESSALVAS: "lime",
  IMPEDIDO: "red",
  IMPEDIDO_REJEICAO_PLANO_TRABALHO: "red",
  INADIMPLENTE: "red",
  PRESTACAO_CONTAS_REJEITADA: "red",
  CANCELADO: "default",
  ANULADO: "default",
  RESCINDIDO: "volcano",
  // payments
  EFETIVADO: "green",
  PENDENTE: "gold",
};

export const statusColor = (code: string | null | undefined) => (code ? (STATUS_COLORS[code] ?? "default") : "default");

/** A route id is URL-encoded in paths (NR_TRANSFER and codPlan may carry characters such as `/`). */
export const infoPath = (config: TransferKindConfig, key: string) => `${config.basePath}/info/${encodeURIComponent(key)}`;
