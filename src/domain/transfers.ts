import { z } from "zod";
import { wire, tenantRecordFields } from "./wire";
import { updateSchemaOf } from "./updates";
import { executedDate, money, optionalCalendarDate, optionalCnpjOf, optionalDocumentOf } from "./fields";

/** Money is part of the field vocabulary; re-exported for the modules that took it from here. */
export { money };
import { requiredText, optionalText } from "./inputs";

/**
 * Transfers and payments (DOMAIN.md; research notes section 7): imposition transfers (emendas
 * impositivas / transferências especiais), voluntary transfers (convênios / contratos de repasse),
 * typed transaction payments on either kind, and fund-to-fund plans. Codes are stored as they are
 * here; every screen, export and message names them through src/domain/labels/transfers.ts.
 */

/** situacao_plano_acao of Transferegov's especiais module, plus the two end states the product tracks. */
export const IMPOSITION_SITUATIONS = [
  "AGUARDANDO_CIENCIA",
  "CIENTE",
  "AGUARDANDO_CONCLUSAO_PLANO_TRABALHO",
  "IMPEDIDO",
  "IMPEDIDO_REJEICAO_PLANO_TRABALHO",
  "CONCLUIDO",
  "CANCELADO",
] as const;
export type ImpositionSituation = (typeof IMPOSITION_SITUATIONS)[number];

/** Situations in which an imposition transfer is still in force (see isActive*). */
export const IMPOSITION_ACTIVE_SITUATIONS: readonly ImpositionSituation[] = ["AGUARDANDO_CIENCIA", "CIENTE", "AGUARDANDO_CONCLUSAO_PLANO_TRABALHO"];

export const EXPENSE_CATEGORIES = ["CUSTEIO", "INVESTIMENTO", "CUSTEIO E INVESTIMENTO"] as const;

/** SIT_CONVENIO values of the SICONV dumps, as codes. */
export const VOLUNTARY_STATUSES = [
  "PROPOSTA_APROVADA",
  "ASSINADO",
  "EM_EXECUCAO",
  "AGUARDANDO_PRESTACAO_CONTAS",
  "PRESTACAO_CONTAS_EM_ANALISE",
  "PRESTACAO_CONTAS_EM_COMPLEMENTACAO",
  "PRESTACAO_CONTAS_APROVADA",
  "PRESTACAO_CONTAS_APROVADA_RESSALVAS",
  "PRESTACAO_CONTAS_REJEITADA",
  "INADIMPLENTE",
  "CONCLUIDO",
  "ANULADO",
  "RESCINDIDO",
  "CANCELADO",
] as const;
export type VoluntaryStatus = (typeof VOLUNTARY_STATUSES)[number];

/** A convênio stops being "active" once accounts are rendered or it ended early. */
export const VOLUNTARY_ACTIVE_STATUSES: readonly VoluntaryStatus[] = ["PROPOSTA_APROVADA", "ASSINADO", "EM_EXECUCAO", "INADIMPLENTE"];

/** The instruments of a convênio proposal (SICONV MODALIDADE): what captação proposes and programs offer. */
export const CONVENIO_MODALITIES = ["CONVENIO", "CONTRATO_DE_REPASSE", "TERMO_DE_FOMENTO", "TERMO_DE_COLABORACAO"] as const;
/**
 * A voluntary transfer's instrument: a convênio's, or a partnership of Transferegov's `parcerias`
 * module (issue 32), where the health emendas moved: FUNDO_A_FUNDO_SAUDE when its program is of the
 * instrument type "FAF SAUDE", PARCERIA for the module's other programs.
 */
export const VOLUNTARY_MODALITIES = [...CONVENIO_MODALITIES, "FUNDO_A_FUNDO_SAUDE", "PARCERIA"] as const;
export const CONTRACTING_SITUATIONS = ["NORMAL", "CLAUSULA_SUSPENSIVA", "LIMINAR"] as const;

/** situacao_plano_acao of Transferegov's fundoafundo module. */
export const FUND_SITUATIONS = ["EM_ELABORACAO", "ENVIADO_ANALISE", "EM_COMPLEMENTACAO", "AUTORIZADO", "EM_EXECUCAO", "CONCLUIDO", "CANCELADO"] as const;
export const FUND_ACTIVE_SITUATIONS: readonly (typeof FUND_SITUATIONS)[number][] = ["AUTORIZADO", "EM_EXECUCAO"];

/**
 * The money chain, one typed row per movement. Only EFETIVADO movements count in a transfer's
 * totals: a commitment (empenho) adds to the committed value; a bank order (imposition: OB into the
 * municipality's account) or a disbursement (voluntary: desembolso into the convênio account) adds to
 * the paid value. Supplier payments, counterpart deposits and yields are the municipality's own
 * execution and are listed but not added.
 */
export const PAYMENT_KINDS = ["COMMITMENT", "BANK_ORDER", "DISBURSEMENT", "SUPPLIER_PAYMENT", "COUNTERPART_DEPOSIT", "YIELD"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const COMMITTED_KINDS: readonly PaymentKind[] = ["COMMITMENT"];
export const PAID_KINDS: readonly PaymentKind[] = ["BANK_ORDER", "DISBURSEMENT"];

export const PAYMENT_STATUSES = ["PENDENTE", "EFETIVADO", "CANCELADO"] as const;

export const TRANSFER_KINDS = ["imposition", "voluntary"] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** Route ids (DOMAIN.md): codigo_plano_acao `09032025-079703`, NR_CONVENIO `912345`, FaF `30882120230006-010014`. */
export const IMPOSITION_NR = /^\d{8}-\d{6}$/;
export const VOLUNTARY_NR = /^\d{6}$/;
export const COD_PLAN = /^\d{14}-\d{6}$/;

// ---------- field schemas shared by forms and server ----------

/** Transfer dates: a real day from 2000 (EARLIEST_DATE) on; see src/domain/fields.ts. */
const optionalDate = (label: string) => optionalCalendarDate(label);
const year = z.coerce
  .number({ message: "Informe o ano." })
  .int("O ano precisa ser um número inteiro.")
  .min(2000, "O ano precisa estar entre 2000 e 2100.")
  .max(2100, "O ano precisa estar entre 2000 e 2100.");
/** A code from a fixed list: "choose one" when none was given, "invalid" for a code outside the list. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, missing: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid) });

/** Refines that need two fields: an end date never before its start. */
function endAfterStart<T extends Record<string, unknown>>(start: keyof T & string, end: keyof T & string, message: string) {
  return (value: Partial<T>, ctx: z.RefinementCtx) => {
    const a = value[start];
    const b = value[end];
    if (typeof a === "string" && typeof b === "string" && b < a) ctx.addIssue({ code: "custom", path: [end], message });
  };
}

export const impositionTransferFields = z.object({
  nrTransfer: z.string({ message: "Informe o código do plano de ação." }).trim().regex(IMPOSITION_NR, "Código do plano de ação no formato 09032025-079703."),
  year,
  situation: choice(IMPOSITION_SITUATIONS, "Escolha a situação.", "Situação inválida."),
  amendmentNumber: z
    .string({ message: "Informe o número da emenda." })
    .trim()
    .regex(/^\d{12}$/, "Número da emenda: 12 dígitos (ano, código do parlamentar e sequencial)."),
  parliamentarianName: requiredText("o nome do parlamentar", 120),
  parliamentarianCode: z.coerce
    .number({ message: "Código do parlamentar: use só números." })
    .int("Código do parlamentar: use um número inteiro.")
    .min(1, "Código do parlamentar: de 1 a 9999.")
    .max(9999, "Código do parlamentar: de 1 a 9999.")
    .nullish()
    .transform((v) => v ?? null),
  programCode: optionalText("código do programa", 20),
  programName: optionalText("nome do programa", 250),
  grantorAcronym: optionalText("sigla do concedente", 20),
  grantorName: optionalText("nome do concedente", 250),
  expenseCategory: choice(EXPENSE_CATEGORIES, "Escolha a categoria de despesa.", "Categoria de despesa inválida."),
  costingValue: money("Valor de custeio"),
  investmentValue: money("Valor de investimento"),
  acceptedAt: optionalDate("a data de aceite"),
  objectName: optionalText("objeto", 500),
  objectDetail: optionalText("detalhamento do objeto", 4000),
  policyAreas: optionalText("áreas de política pública", 500),
  impedimentReason: optionalText("motivo do impedimento", 2000),
  bankCode: optionalText("código do banco", 3),
  bankName: optionalText("banco", 120),
  agency: optionalText("agência", 10),
  account: optionalText("conta", 20),
  executionStart: optionalDate("o início da execução"),
  executionEnd: optionalDate("o fim da execução"),
  legislativeNotifiedAt: optionalDate("a data de comunicação ao Legislativo"),
  isPublic: z.boolean().default(true),
  internalNotes: optionalText("observações internas", 4000),
});
export const impositionTransferCreateSchema = impositionTransferFields
  .strict()
  .superRefine(endAfterStart("executionStart", "executionEnd", "O fim da execução não pode ser antes do início."));
export const impositionTransferUpdateSchema = updateSchemaOf(impositionTransferFields).superRefine(endAfterStart("executionStart", "executionEnd", "O fim da execução não pode ser antes do início."));
export type ImpositionTransferInput = z.input<typeof impositionTransferCreateSchema>;

export const voluntaryTransferFields = z.object({
  nrTransfer: z.string({ message: "Informe o número do convênio." }).trim().regex(VOLUNTARY_NR, "Número do convênio: 6 dígitos."),
  proposalNumber: optionalText("número da proposta", 12),
  year,
  modality: choice(VOLUNTARY_MODALITIES, "Escolha a modalidade.", "Modalidade inválida."),
  status: choice(VOLUNTARY_STATUSES, "Escolha a situação.", "Situação inválida."),
  object: requiredText("o objeto", 2000),
  programCode: optionalText("código do programa", 20),
  programName: optionalText("nome do programa", 250),
  grantorAcronym: optionalText("sigla do concedente", 20),
  grantorName: optionalText("nome do concedente", 250),
  amendmentNumber: z
    .string()
    .trim()
    .regex(/^(\d{12})?$/, "Número da emenda: 12 dígitos.")
    .nullish()
    .transform((v) => (v ? v : null)),
  parliamentarianName: optionalText("nome do parlamentar", 120),
  transferValue: money("Valor de repasse"),
  counterpartValue: money("Valor de contrapartida"),
  signedAt: optionalDate("a data de assinatura"),
  publishedAt: optionalDate("a data de publicação"),
  validityStart: optionalDate("o início da vigência"),
  validityEnd: optionalDate("o fim da vigência"),
  accountabilityDeadline: optionalDate("o prazo de prestação de contas"),
  contractingSituation: z.enum(CONTRACTING_SITUATIONS, { message: "Situação de contratação inválida." }).default("NORMAL"),
  suspensiveClauseDue: optionalDate("o prazo da cláusula suspensiva"),
  processNumber: optionalText("número do processo", 40),
  isPublic: z.boolean().default(true),
  internalNotes: optionalText("observações internas", 4000),
});
export const voluntaryTransferCreateSchema = voluntaryTransferFields
  .strict()
  .superRefine(endAfterStart("validityStart", "validityEnd", "O fim da vigência não pode ser antes do início."));
export const voluntaryTransferUpdateSchema = updateSchemaOf(voluntaryTransferFields).superRefine(endAfterStart("validityStart", "validityEnd", "O fim da vigência não pode ser antes do início."));

export const fundTransferFields = z.object({
  codPlan: z.string({ message: "Informe o código do plano de ação." }).trim().regex(COD_PLAN, "Código do plano no formato 30882120230006-010014."),
  year,
  situation: choice(FUND_SITUATIONS, "Escolha a situação.", "Situação inválida."),
  programCode: optionalText("código do programa", 20),
  programName: optionalText("nome do programa", 250),
  grantorAcronym: optionalText("sigla do repassador", 20),
  grantorName: optionalText("nome do órgão repassador", 250),
  transferringFundName: optionalText("fundo repassador", 250),
  receivingFundCnpj: optionalCnpjOf("o CNPJ do fundo recebedor"),
  receivingFundName: optionalText("fundo recebedor", 250),
  parliamentarianName: optionalText("nome do parlamentar", 120),
  validityStart: optionalDate("o início da vigência"),
  validityEnd: optionalDate("o fim da vigência"),
  objectives: optionalText("objetivos", 4000),
  amendmentTransferValue: money("Repasse de emenda"),
  specificTransferValue: money("Repasse específico"),
  voluntaryTransferValue: money("Repasse voluntário"),
  ownResourcesValue: money("Recursos próprios"),
  committedValue: money("Valor empenhado"),
  paidValue: money("Valor repassado"),
  isPublic: z.boolean().default(true),
  internalNotes: optionalText("observações internas", 4000),
});
export const fundTransferCreateSchema = fundTransferFields
  .strict()
  .superRefine(endAfterStart("validityStart", "validityEnd", "O fim da vigência não pode ser antes do início."));
export const fundTransferUpdateSchema = updateSchemaOf(fundTransferFields).superRefine(endAfterStart("validityStart", "validityEnd", "O fim da vigência não pode ser antes do início."));

export const paymentFields = z.object({
  kind: choice(PAYMENT_KINDS, "Escolha o tipo de movimentação.", "Tipo de movimentação inválido."),
  status: choice(PAYMENT_STATUSES, "Escolha a situação.", "Situação inválida.").default("EFETIVADO"),
  documentNumber: z
    .string({ message: "Informe o número do documento." })
    .trim()
    .min(3, "Informe o número do documento (por exemplo 2025NE000123 ou 2025OB000456).")
    .max(30, "Número do documento: no máximo 30 caracteres."),
  paymentDate: executedDate("a data"),
  amount: money("Valor").refine((v) => Number(v) > 0, "O valor precisa ser maior que zero."),
  payeeName: optionalText("favorecido", 200),
  payeeDocument: optionalDocumentOf("o CNPJ ou CPF do favorecido"),
  description: optionalText("descrição", 1000),
  internalNotes: optionalText("observações internas", 4000),
});

/** POST /api/transaction-payments: linked to exactly one transfer, an imposition or a voluntary one. */
export const paymentCreateSchema = paymentFields
  .extend({
    impositionTransferId: z.coerce.number().int().positive().nullish(),
    voluntaryTransferId: z.coerce.number().int().positive().nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.impositionTransferId === !v.voluntaryTransferId) {
      ctx.addIssue({ code: "custom", path: ["impositionTransferId"], message: "Informe a transferência do pagamento (impositiva ou voluntária, só uma)." });
    }
  });
export const paymentUpdateSchema = updateSchemaOf(paymentFields);
export type PaymentInput = z.input<typeof paymentCreateSchema>;

// ---------- shapes on the wire ----------

const { text: t, textOrNull: tn, int, intOrNull, money: m, date: d, dateOrNull: dn, bool, oneOf } = wire;

/** An imposition transfer as the API sends it (internal notes included: only staff read this API). */
export const impositionTransferRowSchema = z.object({
  ...tenantRecordFields,
  nrTransfer: t(),
  year: int(),
  situation: oneOf(IMPOSITION_SITUATIONS),
  impedimentReason: tn(),
  amendmentNumber: t(),
  parliamentarianName: t(),
  parliamentarianCode: intOrNull(),
  programCode: tn(),
  programName: tn(),
  grantorAcronym: tn(),
  grantorName: tn(),
  expenseCategory: oneOf(EXPENSE_CATEGORIES),
  costingValue: m(),
  investmentValue: m(),
  plannedValue: m(),
  committedValue: m(),
  paidValue: m(),
  acceptedAt: dn(),
  objectName: tn(),
  objectDetail: tn(),
  policyAreas: tn(),
  bankCode: tn(),
  bankName: tn(),
  agency: tn(),
  account: tn(),
  executionStart: dn(),
  executionEnd: dn(),
  legislativeNotifiedAt: dn(),
  isPublic: bool(),
  internalNotes: tn(),
});
export type ImpositionTransfer = z.infer<typeof impositionTransferRowSchema>;

export const voluntaryTransferRowSchema = z.object({
  ...tenantRecordFields,
  nrTransfer: t(),
  proposalNumber: tn(),
  year: int(),
  modality: oneOf(VOLUNTARY_MODALITIES),
  status: oneOf(VOLUNTARY_STATUSES),
  object: t(),
  programCode: tn(),
  programName: tn(),
  grantorAcronym: tn(),
  grantorName: tn(),
  amendmentNumber: tn(),
  parliamentarianName: tn(),
  transferValue: m(),
  counterpartValue: m(),
  globalValue: m(),
  committedValue: m(),
  paidValue: m(),
  signedAt: dn(),
  publishedAt: dn(),
  validityStart: dn(),
  validityEnd: dn(),
  accountabilityDeadline: dn(),
  contractingSituation: oneOf(CONTRACTING_SITUATIONS),
  suspensiveClauseDue: dn(),
  processNumber: tn(),
  isPublic: bool(),
  internalNotes: tn(),
});
export type VoluntaryTransfer = z.infer<typeof voluntaryTransferRowSchema>;

export const fundTransferRowSchema = z.object({
  ...tenantRecordFields,
  codPlan: t(),
  year: int(),
  situation: oneOf(FUND_SITUATIONS),
  programCode: tn(),
  programName: tn(),
  grantorAcronym: tn(),
  grantorName: tn(),
  transferringFundName: tn(),
  receivingFundCnpj: tn(),
  receivingFundName: tn(),
  parliamentarianName: tn(),
  validityStart: dn(),
  validityEnd: dn(),
  objectives: tn(),
  amendmentTransferValue: m(),
  specificTransferValue: m(),
  voluntaryTransferValue: m(),
  totalTransferValue: m(),
  ownResourcesValue: m(),
  committedValue: m(),
  paidValue: m(),
  isPublic: bool(),
  internalNotes: tn(),
});
export type FundTransfer = z.infer<typeof fundTransferRowSchema>;

/** A payment with the transfer it belongs to (its kind and NR_TRANSFER), as lists and screens show it. */
export const paymentRowSchema = z.object({
  ...tenantRecordFields,
  impositionTransferId: intOrNull(),
  voluntaryTransferId: intOrNull(),
  transferKind: oneOf(TRANSFER_KINDS),
  nrTransfer: t(),
  kind: oneOf(PAYMENT_KINDS),
  status: oneOf(PAYMENT_STATUSES),
  documentNumber: t(),
  paymentDate: d(),
  amount: m(),
  payeeName: tn(),
  payeeDocument: tn(),
  description: tn(),
  internalNotes: tn(),
  createdBy: intOrNull(),
});
export type Payment = z.infer<typeof paymentRowSchema>;

export interface TransferTotals {
  count: number;
  plannedValue: string;
  committedValue: string;
  paidValue: string;
}

/** Whether a transfer is in force on `today` (ISO date): an active situation and validity not over. */
export function isActive(situationActive: boolean, validityEnd: string | null, today: string): boolean {
  return situationActive && (validityEnd === null || validityEnd >= today);
}
