import type { CodeList, ResourceFields } from "@/components/resource/fields";
import { screenUrl } from "@/domain/admin-screens";
import { FUND_ACTIVE_SITUATIONS, IMPOSITION_ACTIVE_SITUATIONS, VOLUNTARY_ACTIVE_STATUSES } from "@/domain/transfers";
import type { TranslationKey } from "@/providers/i18n";
import { CODES } from "./codes";
import { fundFields, impositionFields, voluntaryFields } from "./fields";
import type { FundTransfer, ImpositionTransfer, VoluntaryTransfer } from "./rows";

/** Any transfer, as the API sends it. */
export type AnyTransfer = ImpositionTransfer | VoluntaryTransfer | FundTransfer;

/** Every field name of any kind (what a page handling all three may look up). */
export type TransferShape = { [K in keyof ImpositionTransfer | keyof VoluntaryTransfer | keyof FundTransfer]?: unknown } & { id: number; version?: number };

/**
 * One kind's field description seen by the pages that serve all three kinds. Safe: TransferShape
 * names every field of every kind, and the pages only read them; TypeScript cannot see it because a
 * description's row type is checked both ways (field names and row callbacks).
 */
const forAnyKind = <Row extends AnyTransfer>(fields: ResourceFields<Row>) => fields as unknown as ResourceFields<TransferShape>;

/** What differs between the transfer screens of each kind: resource, key, status field, texts and fields. */
export interface TransferKindConfig {
  kind: "imposition" | "voluntary" | "fund";
  /** The API resource, also its key in ADMIN_SCREENS. */
  resource: "imposition-transfers" | "voluntary-transfers" | "fund-to-fund-transfers";
  /** The natural key (NR_TRANSFER or codPlan) and its lookup segment in the API. */
  keyField: "nrTransfer" | "codPlan";
  keySegment: "nr" | "cod-plan";
  statusField: "situation" | "status";
  statusCodes: CodeList;
  /** Situations in which a transfer of this kind is in force. */
  activeStatuses: readonly string[];
  /** The date that ends it (with the active situation, whether it is "Ativa"). */
  endField: "executionEnd" | "validityEnd";
  plannedField: "plannedValue" | "transferValue" | "totalTransferValue";
  /** The date filter of the list. */
  dateField: "acceptedAt" | "signedAt" | "validityEnd";
  titleKey: TranslationKey;
  infoTitleKey: TranslationKey;
  createTitleKey: TranslationKey;
  editTitleKey: TranslationKey;
  createButtonKey: TranslationKey;
  exportName: string;
  /** The Transferegov module that feeds this kind: its freshness shows on the list (issue 32). */
  syncSource?: "especiais" | "fundoafundo" | "parcerias";
  /** Payments link column and their screens; fund-to-fund plans have none. */
  payments?: { link: "impositionTransferId" | "voluntaryTransferId"; screens: "imposition-payments" | "voluntary-payments" };
  /** Sections, form, columns (src/components/resource). */
  fields: ResourceFields<TransferShape>;
}

export const IMPOSITION: TransferKindConfig = {
  kind: "imposition",
  resource: "imposition-transfers",
  keyField: "nrTransfer",
  keySegment: "nr",
  statusField: "situation",
  statusCodes: CODES.impositionSituations,
  activeStatuses: IMPOSITION_ACTIVE_SITUATIONS,
  endField: "executionEnd",
  plannedField: "plannedValue",
  dateField: "acceptedAt",
  titleKey: "transfers.titles.imposition",
  infoTitleKey: "transfers.titles.impositionInfo",
  createTitleKey: "transfers.titles.createImposition",
  editTitleKey: "transfers.titles.editImposition",
  createButtonKey: "transfers.form.newTransfer",
  exportName: "transferencias-impositivas",
  syncSource: "especiais",
  payments: { link: "impositionTransferId", screens: "imposition-payments" },
  fields: forAnyKind(impositionFields),
};

export const VOLUNTARY: TransferKindConfig = {
  kind: "voluntary",
  resource: "voluntary-transfers",
  keyField: "nrTransfer",
  keySegment: "nr",
  statusField: "status",
  statusCodes: CODES.voluntaryStatuses,
  activeStatuses: VOLUNTARY_ACTIVE_STATUSES,
  endField: "validityEnd",
  plannedField: "transferValue",
  dateField: "signedAt",
  titleKey: "transfers.titles.voluntary",
  infoTitleKey: "transfers.titles.voluntaryInfo",
  createTitleKey: "transfers.titles.createVoluntary",
  editTitleKey: "transfers.titles.editVoluntary",
  createButtonKey: "transfers.form.newTransfer",
  exportName: "transferencias-voluntarias",
  // The health emendas of Transferegov's parcerias module land here (modality fundo a fundo saúde).
  syncSource: "parcerias",
  payments: { link: "voluntaryTransferId", screens: "voluntary-payments" },
  fields: forAnyKind(voluntaryFields),
};

export const FUND: TransferKindConfig = {
  kind: "fund",
  resource: "fund-to-fund-transfers",
  keyField: "codPlan",
  keySegment: "cod-plan",
  statusField: "situation",
  statusCodes: CODES.fundSituations,
  activeStatuses: FUND_ACTIVE_SITUATIONS,
  endField: "validityEnd",
  plannedField: "totalTransferValue",
  dateField: "validityEnd",
  titleKey: "transfers.titles.fund",
  infoTitleKey: "transfers.titles.fundInfo",
  createTitleKey: "transfers.titles.createFund",
  editTitleKey: "transfers.titles.editFund",
  createButtonKey: "transfers.form.newFundPlan",
  exportName: "fundo-a-fundo",
  syncSource: "fundoafundo",
  fields: forAnyKind(fundFields),
};

/** A transfer's screens by its route id (NR_TRANSFER or codPlan). */
export const listPath = (config: TransferKindConfig) => screenUrl(config.resource, "list");
export const infoPath = (config: TransferKindConfig, key: string) => screenUrl(config.resource, "show", { id: key });
export const editPath = (config: TransferKindConfig, key: string) => screenUrl(config.resource, "edit", { id: key });
export const createPath = (config: TransferKindConfig) => screenUrl(config.resource, "create");

/** The natural key of a transfer of this kind. */
export const keyOf = (config: TransferKindConfig, row: AnyTransfer) => String((row as TransferShape)[config.keyField]);
