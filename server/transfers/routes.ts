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
      { header: "Código do plano de ação", type: "text", value: (r) => r.nrTransfer },
      { header: "Ano", type: "integer", value: (r) => r.year },
      { header: "Situação", type: "text", value: (r) => labelOf(labels.impositionSituations)(r.situation) },
      { header: "Nº da emenda", type: "text", value: (r) => r.amendmentNumber },
      { header: "Parlamentar", type: "text", value: (r) => r.parliamentarianName },
      { header: "Programa", type: "text", value: (r) => [r.programCode, r.programName].filter(Boolean).join(" - ") },
      { header: "Concedente", type: "text", value: (r) => r.grantorName },
      { header: "Objeto", type: "text", value: (r) => r.objectName },
      { header: "Categoria", type: "text", value: (r) => labelOf(labels.expenseCategories)(r.expenseCategory) },
      { header: "Custeio (R$)", type: "money", value: (r) => r.costingValue },
      { header: "Investimento (R$)", type: "money", value: (r) => r.investmentValue },
      { header: "Valor previsto (R$)", type: "money", value: (r) => r.plannedValue },
      { header: "Empenhado (R$)", type: "money", value: (r) => r.committedValue },
      { header: "Pago (R$)", type: "money", value: (r) => r.paidValue },
      { header: "Data de aceite", type: "date", value: (r) => r.acceptedAt },
      { header: "Fim da execução", type: "date", value: (r) => r.executionEnd },
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
      { header: "Nº do convênio", type: "text", value: (r) => r.nrTransfer },
      { header: "Nº da proposta", type: "text", value: (r) => r.proposalNumber },
      { header: "Ano", type: "integer", value: (r) => r.year },
      { header: "Modalidade", type: "text", value: (r) => labelOf(labels.modalities)(r.modality) },
      { header: "Situação", type: "text", value: (r) => labelOf(labels.voluntaryStatuses)(r.status) },
      { header: "Objeto", type: "text", value: (r) => r.object },
      { header: "Concedente", type: "text", value: (r) => r.grantorName },
      { header: "Programa", type: "text", value: (r) => [r.programCode, r.programName].filter(Boolean).join(" - ") },
      { header: "Parlamentar", type: "text", value: (r) => r.parliamentarianName },
      { header: "Nº da emenda", type: "text", value: (r) => r.amendmentNumber },
      { header: "Repasse (R$)", type: "money", value: (r) => r.transferValue },
      { header: "Contrapartida (R$)", type: "money", value: (r) => r.counterpartValue },
      { header: "Valor global (R$)", type: "money", value: (r) => r.globalValue },
      { header: "Empenhado (R$)", type: "money", value: (r) => r.committedValue },
      { header: "Desembolsado (R$)", type: "money", value: (r) => r.paidValue },
      { header: "Assinatura", type: "date", value: (r) => r.signedAt },
      { header: "Fim da vigência", type: "date", value: (r) => r.validityEnd },
      { header: "Prestação de contas até", type: "date", value: (r) => r.accountabilityDeadline },
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
      { header: "Código do plano", type: "text", value: (r) => r.codPlan },
      { header: "Ano", type: "integer", value: (r) => r.year },
      { header: "Situação", type: "text", value: (r) => labelOf(labels.fundSituations)(r.situation) },
      { header: "Programa", type: "text", value: (r) => r.programName },
      { header: "Fundo repassador", type: "text", value: (r) => r.grantorName },
      { header: "Fundo recebedor", type: "text", value: (r) => r.receivingFundName },
      { header: "Parlamentar", type: "text", value: (r) => r.parliamentarianName },
      { header: "Total de repasse (R$)", type: "money", value: (r) => r.totalTransferValue },
      { header: "Empenhado (R$)", type: "money", value: (r) => r.committedValue },
      { header: "Repassado (R$)", type: "money", value: (r) => r.paidValue },
      { header: "Início da vigência", type: "date", value: (r) => r.validityStart },
      { header: "Fim da vigência", type: "date", value: (r) => r.validityEnd },
    ],
  },
});

/** /api/imposition-transfers, /api/voluntary-transfers and /api/fund-to-fund-transfers. */
export default areaPlugin(impositionResource, voluntaryResource, fundResource);
