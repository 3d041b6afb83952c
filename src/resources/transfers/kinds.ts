import type { ZodObject, ZodType } from "zod";
import {
  FUND_SITUATIONS,
  IMPOSITION_SITUATIONS,
  VOLUNTARY_STATUSES,
  fundTransferFields,
  fundTransferUpdateSchema,
  impositionTransferFields,
  impositionTransferUpdateSchema,
  voluntaryTransferFields,
  voluntaryTransferUpdateSchema,
} from "@/domain/transfers";

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
  /** The server's schemas: each field's own rules, and the partial one that also checks date order. */
  fieldsSchema: ZodObject;
  updateSchema: ZodType;
  /** Date pairs whose end may not come before the start (checked by updateSchema). */
  dateOrder: readonly (readonly [start: string, end: string])[];
  /** Values the database computes from others (generated columns), shown live in the form. */
  sums: Readonly<Record<string, readonly string[]>>;
  /** Form texts: title of the create page, its button, and the example of the route id. */
  createTitleKey: string;
  editTitleKey: string;
  createButtonKey: string;
  keyExample: string;
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
  fieldsSchema: impositionTransferFields,
  updateSchema: impositionTransferUpdateSchema,
  dateOrder: [["executionStart", "executionEnd"]],
  sums: { plannedValue: ["costingValue", "investmentValue"] },
  createTitleKey: "transfers.titles.createImposition",
  editTitleKey: "transfers.titles.editImposition",
  createButtonKey: "transfers.form.newTransfer",
  keyExample: "09032025-079703",
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
  fieldsSchema: voluntaryTransferFields,
  updateSchema: voluntaryTransferUpdateSchema,
  dateOrder: [["validityStart", "validityEnd"]],
  sums: { globalValue: ["transferValue", "counterpartValue"] },
  createTitleKey: "transfers.titles.createVoluntary",
  editTitleKey: "transfers.titles.editVoluntary",
  createButtonKey: "transfers.form.newTransfer",
  keyExample: "912345",
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
  fieldsSchema: fundTransferFields,
  updateSchema: fundTransferUpdateSchema,
  dateOrder: [["validityStart", "validityEnd"]],
  sums: { totalTransferValue: ["amendmentTransferValue", "specificTransferValue", "voluntaryTransferValue"] },
  createTitleKey: "transfers.titles.createFund",
  editTitleKey: "transfers.titles.editFund",
  createButtonKey: "transfers.form.newFundPlan",
  keyExample: "30882120230006-010014",
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
export const editPath = (config: TransferKindConfig, key: string) => `${config.basePath}/edit/${encodeURIComponent(key)}`;
export const createPath = (config: TransferKindConfig) => `${config.basePath}/create`;
