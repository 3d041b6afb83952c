import { fundTransferPlans, impositionTransfers, voluntaryTransfers } from "../db/schema";
import {
  COD_PLAN,
  IMPOSITION_NR,
  VOLUNTARY_NR,
  fundTransferCreateSchema,
  fundTransferRowSchema,
  fundTransferUpdateSchema,
  impositionTransferCreateSchema,
  impositionTransferRowSchema,
  impositionTransferUpdateSchema,
  voluntaryTransferCreateSchema,
  voluntaryTransferRowSchema,
  voluntaryTransferUpdateSchema,
} from "../../src/domain/transfers";
import { labelOf, transferLabels as labels } from "../../src/domain/labels/transfers";
import { registerConstraintMessage } from "../lib/errors";
import { defineResource, type Access } from "../resources/define-resource";
import { areaPlugin } from "../resources/declared";
import { checkTransferValues } from "../domain/payments";
import { obligationsFollow } from "../accountability/obligations";

/** Export headings are the screens' field names (money columns say their unit). */
const F = labels.fields;
const money = (label: string) => `${label} (R$)`;

/**
 * Every signed-in user of the company reads transfers; ADMIN and MANAGER create, change and remove them.
 * Each write brings the company's accountability obligations up to date in the same transaction.
 */
const access = { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" } as const satisfies Record<string, Access>;

registerConstraintMessage("imposition_transfers_company_nr_key", "Já existe uma transferência com este código de plano de ação.", "nrTransfer");
registerConstraintMessage("voluntary_transfers_company_nr_key", "Já existe um convênio com este número.", "nrTransfer");
registerConstraintMessage("fund_transfer_plans_company_cod_plan_key", "Já existe um plano fundo a fundo com este código.", "codPlan");
registerConstraintMessage("imposition_transfers_execution_order", "O fim da execução não pode ser antes do início.", "executionEnd");
registerConstraintMessage("voluntary_transfers_validity_order", "O fim da vigência não pode ser antes do início.", "validityEnd");
registerConstraintMessage("fund_transfer_plans_validity_order", "O fim da vigência não pode ser antes do início.", "validityEnd");

const t = impositionTransfers;
export const impositionResource = defineResource({
  name: "imposition-transfers",
  tag: "transferências impositivas",
  table: t,
  scope: { kind: "tenant" },
  access,
  row: impositionTransferRowSchema,
  create: impositionTransferCreateSchema,
  update: impositionTransferUpdateSchema,
  prepare: (_ctx, values, existing) => checkTransferValues("imposition", values, existing),
  onWrite: obligationsFollow,
  notFound: "Transferência não encontrada.",
  naturalKey: { segment: "nr", column: t.nrTransfer, pattern: IMPOSITION_NR, message: "Código do plano de ação inválido." },
  list: {
    fields: ["id", "nrTransfer", "year", "situation", "amendmentNumber", "parliamentarianName", "parliamentarianCode", "programCode", "programName", "grantorAcronym", "grantorName", "expenseCategory", "plannedValue", "committedValue", "paidValue", "acceptedAt", "executionEnd", "objectName", "isPublic", "updatedAt"],
    search: [t.nrTransfer, t.amendmentNumber, t.parliamentarianName, t.objectName, t.programName, t.grantorName],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "nrTransfer", order: "asc" },
    ],
  },
  totals: { plannedValue: t.plannedValue, committedValue: t.committedValue, paidValue: t.paidValue },
  export: {
    file: "transferencias-impositivas",
    sheet: "Transferências",
    columns: [
      { header: F.nrTransfer, type: "text", value: (r) => r.nrTransfer },
      { header: F.year, type: "integer", value: (r) => r.year },
      { header: F.situation, type: "text", value: (r) => labelOf(labels.impositionSituations)(r.situation) },
      { header: F.amendmentNumber, type: "text", value: (r) => r.amendmentNumber },
      { header: F.parliamentarianName, type: "text", value: (r) => r.parliamentarianName },
      { header: F.program, type: "text", value: (r) => [r.programCode, r.programName].filter(Boolean).join(" - ") },
      { header: F.grantor, type: "text", value: (r) => r.grantorName },
      { header: F.object, type: "text", value: (r) => r.objectName },
      { header: F.expenseCategory, type: "text", value: (r) => labelOf(labels.expenseCategories)(r.expenseCategory) },
      { header: money(F.costingValue), type: "money", value: (r) => r.costingValue },
      { header: money(F.investmentValue), type: "money", value: (r) => r.investmentValue },
      { header: money(F.plannedValue), type: "money", value: (r) => r.plannedValue },
      { header: money(F.committedValue), type: "money", value: (r) => r.committedValue },
      { header: money(F.paidValue), type: "money", value: (r) => r.paidValue },
      { header: F.acceptedAt, type: "date", value: (r) => r.acceptedAt },
      { header: F.executionEnd, type: "date", value: (r) => r.executionEnd },
    ],
  },
});

const v = voluntaryTransfers;
export const voluntaryResource = defineResource({
  name: "voluntary-transfers",
  tag: "transferências voluntárias",
  table: v,
  scope: { kind: "tenant" },
  access,
  row: voluntaryTransferRowSchema,
  create: voluntaryTransferCreateSchema,
  update: voluntaryTransferUpdateSchema,
  prepare: (_ctx, values, existing) => checkTransferValues("voluntary", values, existing),
  onWrite: obligationsFollow,
  notFound: "Convênio não encontrado.",
  naturalKey: { segment: "nr", column: v.nrTransfer, pattern: VOLUNTARY_NR, message: "Número do convênio inválido: 6 dígitos." },
  list: {
    fields: ["id", "nrTransfer", "proposalNumber", "year", "status", "modality", "parliamentarianName", "amendmentNumber", "programCode", "programName", "grantorAcronym", "grantorName", "object", "transferValue", "globalValue", "committedValue", "paidValue", "signedAt", "validityEnd", "accountabilityDeadline", "contractingSituation", "isPublic", "updatedAt"],
    search: [v.nrTransfer, v.proposalNumber, v.object, v.parliamentarianName, v.programName, v.grantorName],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "nrTransfer", order: "asc" },
    ],
  },
  totals: { plannedValue: v.transferValue, committedValue: v.committedValue, paidValue: v.paidValue },
  export: {
    file: "transferencias-voluntarias",
    sheet: "Convênios",
    columns: [
      { header: F.nrConvenio, type: "text", value: (r) => r.nrTransfer },
      { header: F.proposalNumber, type: "text", value: (r) => r.proposalNumber },
      { header: F.year, type: "integer", value: (r) => r.year },
      { header: F.modality, type: "text", value: (r) => labelOf(labels.modalities)(r.modality) },
      { header: F.situation, type: "text", value: (r) => labelOf(labels.voluntaryStatuses)(r.status) },
      { header: F.object, type: "text", value: (r) => r.object },
      { header: F.grantor, type: "text", value: (r) => r.grantorName },
      { header: F.program, type: "text", value: (r) => [r.programCode, r.programName].filter(Boolean).join(" - ") },
      { header: F.parliamentarianName, type: "text", value: (r) => r.parliamentarianName },
      { header: F.amendmentNumber, type: "text", value: (r) => r.amendmentNumber },
      { header: money(F.transferValue), type: "money", value: (r) => r.transferValue },
      { header: money(F.counterpartValue), type: "money", value: (r) => r.counterpartValue },
      { header: money(F.globalValue), type: "money", value: (r) => r.globalValue },
      { header: money(F.committedValue), type: "money", value: (r) => r.committedValue },
      { header: money(F.disbursedValue), type: "money", value: (r) => r.paidValue },
      { header: F.signedAt, type: "date", value: (r) => r.signedAt },
      { header: F.validityEnd, type: "date", value: (r) => r.validityEnd },
      { header: F.accountabilityDeadline, type: "date", value: (r) => r.accountabilityDeadline },
    ],
  },
});

const f = fundTransferPlans;
export const fundResource = defineResource({
  name: "fund-to-fund-transfers",
  tag: "fundo a fundo",
  table: f,
  scope: { kind: "tenant" },
  access,
  row: fundTransferRowSchema,
  create: fundTransferCreateSchema,
  update: fundTransferUpdateSchema,
  notFound: "Plano fundo a fundo não encontrado.",
  onWrite: obligationsFollow,
  naturalKey: { segment: "cod-plan", column: f.codPlan, pattern: COD_PLAN, message: "Código do plano inválido." },
  list: {
    fields: ["id", "codPlan", "year", "situation", "programCode", "programName", "grantorAcronym", "grantorName", "parliamentarianName", "totalTransferValue", "committedValue", "paidValue", "validityEnd", "isPublic", "updatedAt"],
    search: [f.codPlan, f.programName, f.grantorName, f.receivingFundName, f.parliamentarianName],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "codPlan", order: "asc" },
    ],
  },
  totals: { plannedValue: f.totalTransferValue, committedValue: f.committedValue, paidValue: f.paidValue },
  export: {
    file: "fundo-a-fundo",
    sheet: "Fundo a fundo",
    columns: [
      { header: F.codPlan, type: "text", value: (r) => r.codPlan },
      { header: F.year, type: "integer", value: (r) => r.year },
      { header: F.situation, type: "text", value: (r) => labelOf(labels.fundSituations)(r.situation) },
      { header: F.program, type: "text", value: (r) => r.programName },
      { header: F.transferringFundName, type: "text", value: (r) => r.grantorName },
      { header: F.receivingFundName, type: "text", value: (r) => r.receivingFundName },
      { header: F.parliamentarianName, type: "text", value: (r) => r.parliamentarianName },
      { header: money(F.totalTransferValue), type: "money", value: (r) => r.totalTransferValue },
      { header: money(F.committedValue), type: "money", value: (r) => r.committedValue },
      { header: money(F.paidValue), type: "money", value: (r) => r.paidValue },
      { header: F.validityStart, type: "date", value: (r) => r.validityStart },
      { header: F.validityEnd, type: "date", value: (r) => r.validityEnd },
    ],
  },
});

/** /api/imposition-transfers, /api/voluntary-transfers and /api/fund-to-fund-transfers. */
export default areaPlugin(impositionResource, voluntaryResource, fundResource);
