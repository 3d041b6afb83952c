import type { FastifyPluginAsync } from "fastify";
import { fundTransferPlans, impositionTransfers, voluntaryTransfers, type FundTransferPlanRow, type ImpositionTransferRow, type VoluntaryTransferRow } from "../db/schema";
import {
  COD_PLAN,
  EXPENSE_CATEGORIES,
  FUND_SITUATIONS,
  IMPOSITION_NR,
  IMPOSITION_SITUATIONS,
  VOLUNTARY_MODALITIES,
  VOLUNTARY_NR,
  VOLUNTARY_STATUSES,
  fundTransferCreateSchema,
  fundTransferUpdateSchema,
  impositionTransferCreateSchema,
  impositionTransferUpdateSchema,
  voluntaryTransferCreateSchema,
  voluntaryTransferUpdateSchema,
} from "../../src/domain/transfers";
import { transfers as texts } from "../../src/locales/pt-BR/transfers";
import { registerConstraintMessage } from "../lib/errors";
import { registerTenantResource, type TenantResource } from "../lib/tenant-resource";

const WRITERS = ["ADMIN", "MANAGER"] as const;
const label = (group: Record<string, string>) => (code: string | null) => (code ? (group[code] ?? code) : null);

registerConstraintMessage("imposition_transfers_company_nr_key", "Já existe uma transferência com este código de plano de ação.", "nrTransfer");
registerConstraintMessage("voluntary_transfers_company_nr_key", "Já existe um convênio com este número.", "nrTransfer");
registerConstraintMessage("fund_transfer_plans_company_cod_plan_key", "Já existe um plano fundo a fundo com este código.", "codPlan");
registerConstraintMessage("imposition_transfers_execution_order", "O fim da execução não pode ser antes do início.", "executionEnd");
registerConstraintMessage("voluntary_transfers_validity_order", "O fim da vigência não pode ser antes do início.", "validityEnd");
registerConstraintMessage("fund_transfer_plans_validity_order", "O fim da vigência não pode ser antes do início.", "validityEnd");

const t = impositionTransfers;
export const impositionResource: TenantResource<ImpositionTransferRow> = {
  path: "/imposition-transfers",
  tag: "transferências impositivas",
  table: t,
  naturalKey: { segment: "nr", column: t.nrTransfer, pattern: IMPOSITION_NR, message: "Código do plano de ação inválido." },
  list: {
    idColumn: t.id,
    fields: {
      id: { column: t.id, type: "integer" },
      nrTransfer: { column: t.nrTransfer, type: "string" },
      year: { column: t.year, type: "integer" },
      situation: { column: t.situation, type: "enum", values: IMPOSITION_SITUATIONS },
      amendmentNumber: { column: t.amendmentNumber, type: "string" },
      parliamentarianName: { column: t.parliamentarianName, type: "string" },
      parliamentarianCode: { column: t.parliamentarianCode, type: "integer" },
      programCode: { column: t.programCode, type: "string" },
      programName: { column: t.programName, type: "string" },
      grantorAcronym: { column: t.grantorAcronym, type: "string" },
      grantorName: { column: t.grantorName, type: "string" },
      expenseCategory: { column: t.expenseCategory, type: "enum", values: EXPENSE_CATEGORIES },
      plannedValue: { column: t.plannedValue, type: "number" },
      committedValue: { column: t.committedValue, type: "number" },
      paidValue: { column: t.paidValue, type: "number" },
      acceptedAt: { column: t.acceptedAt, type: "date" },
      executionEnd: { column: t.executionEnd, type: "date" },
      objectName: { column: t.objectName, type: "string" },
      isPublic: { column: t.isPublic, type: "boolean" },
      updatedAt: { column: t.updatedAt, type: "datetime" },
    },
    search: [t.nrTransfer, t.amendmentNumber, t.parliamentarianName, t.objectName, t.programName, t.grantorName],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "nrTransfer", order: "asc" },
    ],
  },
  totals: { planned: t.plannedValue, committed: t.committedValue, paid: t.paidValue },
  createSchema: impositionTransferCreateSchema,
  updateSchema: impositionTransferUpdateSchema,
  writers: [...WRITERS],
  notFoundMessage: "Transferência não encontrada.",
  exportFile: {
    name: "transferencias-impositivas",
    sheet: "Transferências",
    columns: [
      { header: "Código do plano de ação", type: "text", value: (r) => r.nrTransfer },
      { header: "Ano", type: "integer", value: (r) => r.year },
      { header: "Situação", type: "text", value: (r) => label(texts.transfers.situations)(r.situation) },
      { header: "Nº da emenda", type: "text", value: (r) => r.amendmentNumber },
      { header: "Parlamentar", type: "text", value: (r) => r.parliamentarianName },
      { header: "Programa", type: "text", value: (r) => [r.programCode, r.programName].filter(Boolean).join(" - ") },
      { header: "Concedente", type: "text", value: (r) => r.grantorName },
      { header: "Objeto", type: "text", value: (r) => r.objectName },
      { header: "Categoria", type: "text", value: (r) => label(texts.transfers.expenseCategories)(r.expenseCategory) },
      { header: "Custeio (R$)", type: "money", value: (r) => r.costingValue },
      { header: "Investimento (R$)", type: "money", value: (r) => r.investmentValue },
      { header: "Valor previsto (R$)", type: "money", value: (r) => r.plannedValue },
      { header: "Empenhado (R$)", type: "money", value: (r) => r.committedValue },
      { header: "Pago (R$)", type: "money", value: (r) => r.paidValue },
      { header: "Data de aceite", type: "date", value: (r) => r.acceptedAt },
      { header: "Fim da execução", type: "date", value: (r) => r.executionEnd },
    ],
  },
};

const v = voluntaryTransfers;
export const voluntaryResource: TenantResource<VoluntaryTransferRow> = {
  path: "/voluntary-transfers",
  tag: "transferências voluntárias",
  table: v,
  naturalKey: { segment: "nr", column: v.nrTransfer, pattern: VOLUNTARY_NR, message: "Número do convênio inválido: 6 dígitos." },
  list: {
    idColumn: v.id,
    fields: {
      id: { column: v.id, type: "integer" },
      nrTransfer: { column: v.nrTransfer, type: "string" },
      proposalNumber: { column: v.proposalNumber, type: "string" },
      year: { column: v.year, type: "integer" },
      status: { column: v.status, type: "enum", values: VOLUNTARY_STATUSES },
      modality: { column: v.modality, type: "enum", values: VOLUNTARY_MODALITIES },
      parliamentarianName: { column: v.parliamentarianName, type: "string" },
      amendmentNumber: { column: v.amendmentNumber, type: "string" },
      programCode: { column: v.programCode, type: "string" },
      programName: { column: v.programName, type: "string" },
      grantorAcronym: { column: v.grantorAcronym, type: "string" },
      grantorName: { column: v.grantorName, type: "string" },
      object: { column: v.object, type: "string" },
      transferValue: { column: v.transferValue, type: "number" },
      globalValue: { column: v.globalValue, type: "number" },
      committedValue: { column: v.committedValue, type: "number" },
      paidValue: { column: v.paidValue, type: "number" },
      signedAt: { column: v.signedAt, type: "date" },
      validityEnd: { column: v.validityEnd, type: "date" },
      accountabilityDeadline: { column: v.accountabilityDeadline, type: "date" },
      contractingSituation: { column: v.contractingSituation, type: "enum", values: ["NORMAL", "CLAUSULA_SUSPENSIVA", "LIMINAR"] },
      isPublic: { column: v.isPublic, type: "boolean" },
      updatedAt: { column: v.updatedAt, type: "datetime" },
    },
    search: [v.nrTransfer, v.proposalNumber, v.object, v.parliamentarianName, v.programName, v.grantorName],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "nrTransfer", order: "asc" },
    ],
  },
  totals: { planned: v.transferValue, committed: v.committedValue, paid: v.paidValue },
  createSchema: voluntaryTransferCreateSchema,
  updateSchema: voluntaryTransferUpdateSchema,
  writers: [...WRITERS],
  notFoundMessage: "Convênio não encontrado.",
  exportFile: {
    name: "transferencias-voluntarias",
    sheet: "Convênios",
    columns: [
      { header: "Nº do convênio", type: "text", value: (r) => r.nrTransfer },
      { header: "Nº da proposta", type: "text", value: (r) => r.proposalNumber },
      { header: "Ano", type: "integer", value: (r) => r.year },
      { header: "Modalidade", type: "text", value: (r) => label(texts.transfers.modalities)(r.modality) },
      { header: "Situação", type: "text", value: (r) => label(texts.transfers.statuses)(r.status) },
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
};

const f = fundTransferPlans;
export const fundResource: TenantResource<FundTransferPlanRow> = {
  path: "/fund-to-fund-transfers",
  tag: "fundo a fundo",
  table: f,
  naturalKey: { segment: "cod-plan", column: f.codPlan, pattern: COD_PLAN, message: "Código do plano inválido." },
  list: {
    idColumn: f.id,
    fields: {
      id: { column: f.id, type: "integer" },
      codPlan: { column: f.codPlan, type: "string" },
      year: { column: f.year, type: "integer" },
      situation: { column: f.situation, type: "enum", values: FUND_SITUATIONS },
      programCode: { column: f.programCode, type: "string" },
      programName: { column: f.programName, type: "string" },
      grantorAcronym: { column: f.grantorAcronym, type: "string" },
      grantorName: { column: f.grantorName, type: "string" },
      parliamentarianName: { column: f.parliamentarianName, type: "string" },
      totalTransferValue: { column: f.totalTransferValue, type: "number" },
      committedValue: { column: f.committedValue, type: "number" },
      paidValue: { column: f.paidValue, type: "number" },
      validityEnd: { column: f.validityEnd, type: "date" },
      isPublic: { column: f.isPublic, type: "boolean" },
      updatedAt: { column: f.updatedAt, type: "datetime" },
    },
    search: [f.codPlan, f.programName, f.grantorName, f.receivingFundName, f.parliamentarianName],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "codPlan", order: "asc" },
    ],
  },
  totals: { planned: f.totalTransferValue, committed: f.committedValue, paid: f.paidValue },
  createSchema: fundTransferCreateSchema,
  updateSchema: fundTransferUpdateSchema,
  writers: [...WRITERS],
  notFoundMessage: "Plano fundo a fundo não encontrado.",
  exportFile: {
    name: "fundo-a-fundo",
    sheet: "Fundo a fundo",
    columns: [
      { header: "Código do plano", type: "text", value: (r) => r.codPlan },
      { header: "Ano", type: "integer", value: (r) => r.year },
      { header: "Situação", type: "text", value: (r) => label(texts.transfers.fundSituations)(r.situation) },
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
};

/** /api/imposition-transfers, /api/voluntary-transfers and /api/fund-to-fund-transfers. */
const transfers: FastifyPluginAsync = async (app) => {
  registerTenantResource(app, impositionResource);
  registerTenantResource(app, voluntaryResource);
  registerTenantResource(app, fundResource);
};

export default transfers;
