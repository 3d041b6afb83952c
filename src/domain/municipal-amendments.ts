import { z } from "zod";
import { calendarDate, money, optionalCnpjOf, optionalDocumentOf } from "./fields";
import { optionalText, requiredText } from "./inputs";
import { recordFields, tenantRecordFields, wire } from "./wire";

/**
 * Municipal emendas (issue 37): the councillors' (vereadores') emendas to the municipal budget, which
 * since ADPF 854 (STF, 23/10/2025) follow the federal model: a unique public identifier, a plano de
 * trabalho approved by the Executive before any commitment, one specific bank account per emenda, the
 * proponent and the final beneficiary identified, and a public section on the transparency portal.
 */

export const MUNICIPAL_AMENDMENT_KINDS = ["INDIVIDUAL", "BANCADA", "COMISSAO"] as const;
export type MunicipalAmendmentKind = (typeof MUNICIPAL_AMENDMENT_KINDS)[number];

export const BENEFICIARY_KINDS = ["ORGAO_MUNICIPAL", "ENTIDADE"] as const;
export type BeneficiaryKind = (typeof BENEFICIARY_KINDS)[number];

/** The plano de trabalho's own status: written, sent to the Executive, approved, or returned for adjustment. */
export const PLAN_STATUSES = ["EM_ELABORACAO", "ENVIADO", "APROVADO", "DEVOLVIDO"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The emenda's stage, in the order of its life; derived from the facts (stageOf), never typed. */
export const MUNICIPAL_AMENDMENT_STAGES = ["INDICADA", "PLANO_ENVIADO", "PLANO_DEVOLVIDO", "APROVADA", "EMPENHADA", "PAGA", "EXECUTADA", "CONTAS_PRESTADAS", "IMPEDIDA"] as const;
export type MunicipalAmendmentStage = (typeof MUNICIPAL_AMENDMENT_STAGES)[number];

/** Money movements on an emenda: the commitment, the payment into its account, the entity's payments to suppliers, returns. */
export const MOVEMENT_KINDS = ["EMPENHO", "PAGAMENTO", "PAGAMENTO_FORNECEDOR", "DEVOLUCAO"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** The steps a person records (each with its date, person and document); the rest follow from movements. */
export const STAGE_ACTIONS = ["submit", "approve", "return", "execute", "account"] as const;
export type StageAction = (typeof STAGE_ACTIONS)[number];

/** What the stage is, from the facts: impediment, plan status, money recorded, execution and accounts. */
export function stageOf(facts: {
  impeded: boolean;
  planStatus: PlanStatus;
  committedValue: string | number;
  paidValue: string | number;
  executedOn: string | null;
  accountedOn: string | null;
}): MunicipalAmendmentStage {
  if (facts.impeded) return "IMPEDIDA";
  if (facts.accountedOn) return "CONTAS_PRESTADAS";
  if (facts.executedOn) return "EXECUTADA";
  if (Number(facts.paidValue) > 0) return "PAGA";
  if (Number(facts.committedValue) > 0) return "EMPENHADA";
  if (facts.planStatus === "APROVADO") return "APROVADA";
  if (facts.planStatus === "ENVIADO") return "PLANO_ENVIADO";
  if (facts.planStatus === "DEVOLVIDO") return "PLANO_DEVOLVIDO";
  return "INDICADA";
}

// ---------- field schemas (form and server) ----------

/** An emenda is part of a municipal budget: nothing near the vocabulary's ceiling is one. */
const MAX_MONEY = 999_999_999.99;

// The vocabulary's kinds (issue 31), so the form and the server give the shared pt-BR messages.
const positiveMoney = (label: string) => money(label, { positive: true, max: MAX_MONEY });
/** A day something happened (indicated, paid, decided): a real day from 2000 to today. */
const factDay = (label: string) => calendarDate(label, { executed: true });

const digits = (label: string, pattern: RegExp, example: string) =>
  z.string({ message: `Informe ${label}.` }).trim().regex(pattern, `${label[0].toUpperCase()}${label.slice(1)}: use o formato ${example}.`);

export const municipalAmendmentFields = z.object({
  year: z.coerce.number({ message: "Informe o ano do orçamento." }).int("O ano precisa ser inteiro.").min(2026, "As emendas municipais seguem este modelo a partir do orçamento de 2026.").max(2100, "Ano inválido."),
  authorName: requiredText("o vereador autor", 160),
  authorParty: requiredText("o partido do autor", 20),
  kind: z.enum(MUNICIPAL_AMENDMENT_KINDS, { message: "Escolha o tipo: individual, de bancada ou de comissão." }),
  functionCode: digits("a função", /^\d{2}$/, "10 (dois dígitos)"),
  subfunctionCode: digits("a subfunção", /^\d{3}$/, "301 (três dígitos)"),
  programCode: digits("o programa", /^\d{4}$/, "0001 (quatro dígitos)"),
  actionCode: digits("a ação", /^\d{4}$/, "2001 (quatro dígitos)"),
  expenseNature: digits("a natureza da despesa", /^\d\.\d\.\d{2}\.\d{2}(\.\d{2})?$/, "4.4.90.51"),
  value: positiveMoney("Valor"),
  object: requiredText("o objeto", 500),
  beneficiaryKind: z.enum(BENEFICIARY_KINDS, { message: "Escolha o beneficiário: órgão municipal ou entidade." }),
  beneficiaryName: requiredText("o beneficiário", 200),
  beneficiaryCnpj: optionalCnpjOf("o CNPJ do beneficiário"),
  finalBeneficiaryName: optionalText("Beneficiário final", 200),
  finalBeneficiaryDocument: optionalDocumentOf("o documento do beneficiário final"),
  indicatedOn: factDay("a data da indicação"),
  impedimentReason: optionalText("Motivo do impedimento técnico", 1000),
  isPublic: z.boolean().default(true),
  notes: optionalText("Observações", 2000),
});

/**
 * Rules across fields: an entity is named by its CNPJ; a final beneficiary is named with its document.
 * Shared by the create schema and the server's edit (which checks the stored record merged with the change).
 */
export function beneficiaryProblems(value: {
  beneficiaryKind?: BeneficiaryKind | null;
  beneficiaryCnpj?: string | null;
  finalBeneficiaryName?: string | null;
  finalBeneficiaryDocument?: string | null;
}): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  if (value.beneficiaryKind === "ENTIDADE" && !value.beneficiaryCnpj) problems.beneficiaryCnpj = "Informe o CNPJ da entidade beneficiária.";
  if (value.finalBeneficiaryName && !value.finalBeneficiaryDocument) problems.finalBeneficiaryDocument = "Informe o CPF ou CNPJ do beneficiário final.";
  return Object.keys(problems).length ? problems : undefined;
}

function beneficiaryRules(value: Partial<z.output<typeof municipalAmendmentFields>>, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(beneficiaryProblems(value) ?? {})) ctx.addIssue({ code: "custom", path: [field], message });
}

export const municipalAmendmentCreateSchema = municipalAmendmentFields.superRefine(beneficiaryRules);
export type MunicipalAmendmentCreate = z.input<typeof municipalAmendmentCreateSchema>;

const goal = z.object({
  description: requiredText("a meta", 300),
  quantity: z.coerce.number({ message: "Informe a quantidade." }).positive("A quantidade precisa ser maior que zero.").max(1_000_000_000, "Quantidade grande demais."),
  unit: requiredText("a unidade", 40),
  deadline: calendarDate("o prazo da meta"),
});
const budgetItem = z.object({ description: requiredText("o item", 300), value: positiveMoney("Valor do item") });
const disbursement = z.object({
  month: z.string({ message: "Informe o mês." }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, "Mês inválido: use AAAA-MM."),
  value: positiveMoney("Valor do desembolso"),
});

/** The plano de trabalho, edited while it is written or returned; `submit` checks it adds up. */
export const planSchema = z.object({
  planObject: requiredText("o objeto do plano", 1000),
  goals: z.array(goal).min(1, "Inclua ao menos uma meta.").max(50, "No máximo 50 metas."),
  budgetItems: z.array(budgetItem).min(1, "Inclua ao menos um item de custo.").max(200, "No máximo 200 itens."),
  schedule: z.array(disbursement).min(1, "Inclua o cronograma de desembolso.").max(60, "No máximo 60 parcelas."),
  bankCode: digits("o banco", /^\d{3}$/, "001 (três dígitos)"),
  agency: digits("a agência", /^\d{1,5}(-[\dXx])?$/, "1234-5"),
  account: digits("a conta", /^\d{1,12}-[\dXx]$/, "12345-6"),
});
export type MunicipalAmendmentPlan = z.input<typeof planSchema>;

/** What does not add up in a plan for an emenda of `value`; undefined when it is ready to send. */
export function planProblems(plan: z.output<typeof planSchema>, value: string): Record<string, string> | undefined {
  const cents = (v: string) => Math.round(Number(v) * 100);
  const total = cents(value);
  const problems: Record<string, string> = {};
  const items = plan.budgetItems.reduce((sum, item) => sum + cents(item.value), 0);
  if (items !== total) problems.budgetItems = `Os itens de custo somam ${brl(items)}; o valor da emenda é ${brl(total)}.`;
  const scheduled = plan.schedule.reduce((sum, part) => sum + cents(part.value), 0);
  if (scheduled !== total) problems.schedule = `O cronograma soma ${brl(scheduled)}; o valor da emenda é ${brl(total)}.`;
  const months = plan.schedule.map((part) => part.month);
  if (new Set(months).size !== months.length) problems.schedule = "Há mais de uma parcela no mesmo mês.";
  return Object.keys(problems).length ? problems : undefined;
}

const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A step: its date, and the document that records it (an ofício, a despacho, a parecer). */
export const stageStepSchema = z.object({
  occurredOn: factDay("a data"),
  documentNumber: requiredText("o documento (ofício, despacho ou parecer)", 120),
  reason: optionalText("Motivo", 2000),
});
export type StageStep = z.input<typeof stageStepSchema>;

export const movementFields = z.object({
  amendmentId: z.number({ message: "Escolha a emenda." }).int().positive(),
  kind: z.enum(MOVEMENT_KINDS, { message: "Escolha o tipo: empenho, pagamento, pagamento a fornecedor ou devolução." }),
  occurredOn: factDay("a data"),
  value: positiveMoney("Valor"),
  documentNumber: requiredText("o número do documento (nota de empenho, ordem bancária ou nota fiscal)", 60),
  /** A payment's destination account (must be the emenda's own). */
  bankCode: z.string().trim().regex(/^\d{3}$/, "Banco: use três dígitos, por exemplo 001.").nullish().transform((v) => v ?? null),
  agency: z.string().trim().regex(/^\d{1,5}(-[\dXx])?$/, "Agência: use o formato 1234-5.").nullish().transform((v) => v ?? null),
  account: z.string().trim().regex(/^\d{1,12}-[\dXx]$/, "Conta: use o formato 12345-6.").nullish().transform((v) => v ?? null),
  /** A supplier payment's supplier. */
  supplierName: optionalText("Fornecedor", 200),
  supplierDocument: optionalDocumentOf("o CPF ou CNPJ do fornecedor"),
  description: optionalText("Descrição", 500),
});

/**
 * A payment names its destination account; a supplier payment names the supplier and its document.
 * Shared by the create schema and the server's edit (which checks the stored movement merged with the change).
 */
export function movementProblems(value: {
  kind?: MovementKind | null;
  bankCode?: string | null;
  agency?: string | null;
  account?: string | null;
  supplierName?: string | null;
  supplierDocument?: string | null;
}): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  if (value.kind === "PAGAMENTO" && !(value.bankCode && value.agency && value.account)) problems.account = "Informe banco, agência e conta de destino do pagamento.";
  if (value.kind === "PAGAMENTO_FORNECEDOR" && !(value.supplierName && value.supplierDocument)) problems.supplierDocument = "Informe o fornecedor e o seu CPF ou CNPJ.";
  return Object.keys(problems).length ? problems : undefined;
}

function movementRules(value: Partial<z.output<typeof movementFields>>, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(movementProblems(value) ?? {})) ctx.addIssue({ code: "custom", path: [field], message });
}

export const movementCreateSchema = movementFields.superRefine(movementRules);
export type MovementCreate = z.input<typeof movementCreateSchema>;

// ---------- the wire ----------

const goalRow = z.object({ description: z.string(), quantity: z.number(), unit: z.string(), deadline: z.string() });
const itemRow = z.object({ description: z.string(), value: z.string() });
const partRow = z.object({ month: z.string(), value: z.string() });

export const municipalAmendmentRowSchema = z.object({
  ...tenantRecordFields,
  identifier: wire.text(),
  year: wire.int(),
  sequence: wire.int(),
  authorName: wire.text(),
  authorParty: wire.text(),
  kind: wire.oneOf(MUNICIPAL_AMENDMENT_KINDS),
  functionCode: wire.text(),
  subfunctionCode: wire.text(),
  programCode: wire.text(),
  actionCode: wire.text(),
  expenseNature: wire.text(),
  value: wire.money(),
  object: wire.text(),
  beneficiaryKind: wire.oneOf(BENEFICIARY_KINDS),
  beneficiaryName: wire.text(),
  beneficiaryCnpj: wire.textOrNull(),
  finalBeneficiaryName: wire.textOrNull(),
  finalBeneficiaryDocument: wire.textOrNull(),
  indicatedOn: wire.date(),
  impedimentReason: wire.textOrNull(),
  stage: wire.oneOf(MUNICIPAL_AMENDMENT_STAGES),
  planStatus: wire.oneOf(PLAN_STATUSES),
  planObject: wire.textOrNull(),
  goals: z.array(goalRow),
  budgetItems: z.array(itemRow),
  schedule: z.array(partRow),
  bankCode: wire.textOrNull(),
  agency: wire.textOrNull(),
  account: wire.textOrNull(),
  planSubmittedOn: wire.dateOrNull(),
  planDecidedOn: wire.dateOrNull(),
  planDecisionReason: wire.textOrNull(),
  executedOn: wire.dateOrNull(),
  accountedOn: wire.dateOrNull(),
  committedValue: wire.money(),
  paidValue: wire.money(),
  supplierPaidValue: wire.money(),
  returnedValue: wire.money(),
  isPublic: wire.bool(),
  notes: wire.textOrNull(),
});
export type MunicipalAmendment = z.infer<typeof municipalAmendmentRowSchema>;

export const movementRowSchema = z.object({
  ...tenantRecordFields,
  amendmentId: wire.int(),
  kind: wire.oneOf(MOVEMENT_KINDS),
  occurredOn: wire.date(),
  value: wire.money(),
  documentNumber: wire.text(),
  bankCode: wire.textOrNull(),
  agency: wire.textOrNull(),
  account: wire.textOrNull(),
  supplierName: wire.textOrNull(),
  supplierDocument: wire.textOrNull(),
  description: wire.textOrNull(),
});
export type MunicipalAmendmentMovement = z.infer<typeof movementRowSchema>;

export const stageEventRowSchema = z.object({
  ...recordFields,
  companyId: wire.id(),
  amendmentId: wire.int(),
  stage: wire.oneOf(MUNICIPAL_AMENDMENT_STAGES),
  occurredOn: wire.date(),
  personName: wire.text(),
  documentNumber: wire.textOrNull(),
  reason: wire.textOrNull(),
});
export type StageEvent = z.infer<typeof stageEventRowSchema>;

/** The emenda's identifier: budget year and a sequence per municipality and year, e.g. "EM 2026/0007". */
export const amendmentIdentifier = (year: number, sequence: number) => `EM ${year}/${String(sequence).padStart(4, "0")}`;
/** The identifier in an address: "EM 2026/0007" ↔ "2026-0007". */
export const identifierSlug = (identifier: string) => identifier.replace(/^EM (\d{4})\/(\d{4,})$/, "$1-$2");
export const IDENTIFIER_SLUG = /^\d{4}-\d{4,6}$/;
