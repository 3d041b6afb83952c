import { z } from "zod";
import { tenantRecordFields, wire } from "./wire";
import { calendarDate, money, optionalCalendarDate, optionalCnpjOf, percent } from "./fields";
import { updateSchemaOf } from "./updates";
import { optionalText, requiredText } from "./inputs";

/**
 * Projects (issue 15): what a municipality builds or buys with a transfer's money, and its six tabs:
 * the work plan (metas and etapas), funding sources (transfers or own money), bids (Lei 14.133/2021),
 * executions (medições and payments per etapa), files and history. SICONV columns these follow:
 * `meta_crono_fisico`, `etapa_crono_fisico`, `licitacao`, `contrato`, `pagamento`, `historico_situacao`.
 * A project's progress (physical and financial) is computed from its tabs here, never typed.
 */

// ---------- vocabularies ----------

export const PROJECT_STATUSES = ["PLANEJAMENTO", "LICITACAO", "EXECUCAO", "PARALISADA", "CONCLUIDA", "CANCELADA"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const WORK_PLAN_KINDS = ["META", "ETAPA"] as const;
export type WorkPlanKind = (typeof WORK_PLAN_KINDS)[number];

/** Where a project's money comes from: one of the municipality's transfers, or money that is not a transfer. */
export const FUNDING_KINDS = ["IMPOSITION", "VOLUNTARY", "FUND_TO_FUND", "OWN", "COUNTERPART", "STATE"] as const;
export type FundingKind = (typeof FUNDING_KINDS)[number];
export const TRANSFER_FUNDING_KINDS = ["IMPOSITION", "VOLUNTARY", "FUND_TO_FUND"] as const satisfies readonly FundingKind[];
export const isTransferFunding = (kind: FundingKind) => (TRANSFER_FUNDING_KINDS as readonly string[]).includes(kind);
/** The column of a funding source that names its transfer, by kind. */
export const FUNDING_TRANSFER_FIELD = { IMPOSITION: "impositionTransferId", VOLUNTARY: "voluntaryTransferId", FUND_TO_FUND: "fundTransferPlanId" } as const;

/** Lei 14.133/2021 art. 28 modalities, plus the direct contracting of arts. 74-75. */
export const BID_MODALITIES = ["PREGAO_ELETRONICO", "PREGAO_PRESENCIAL", "CONCORRENCIA_ELETRONICA", "CONCORRENCIA_PRESENCIAL", "CONCURSO", "LEILAO", "DIALOGO_COMPETITIVO", "DISPENSA", "INEXIGIBILIDADE"] as const;
/** TP_PROCESSO_COMPRA. */
export const PURCHASE_PROCESS_TYPES = ["LICITACAO", "DISPENSA", "INEXIGIBILIDADE", "ADESAO_ATA", "COTACAO_PREVIA"] as const;
/** STATUS_LICITACAO. */
export const BID_STATUSES = ["EM_PREPARACAO", "PUBLICADA", "EM_JULGAMENTO", "HOMOLOGADA", "DESERTA", "FRACASSADA", "REVOGADA", "ANULADA"] as const;

export const EXECUTION_KINDS = ["MEDICAO", "PAGAMENTO"] as const;

export const FILE_CATEGORIES = ["PROJETO_BASICO", "ART", "LICENCA", "MEDICAO", "FOTO_OBRA", "NOTA_FISCAL", "OUTROS"] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

/** What a history entry is about: the project itself, one of its tabs, or a note someone wrote. */
/** QUOTE and QUOTE_PRICE: the price research of an item of the project (src/domain/quotes.ts). */
export const HISTORY_ENTITIES = ["PROJECT", "WORK_PLAN", "FUNDING_SOURCE", "BID", "EXECUTION", "FILE", "NOTE", "QUOTE", "QUOTE_PRICE"] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];
export const HISTORY_ACTIONS = ["CREATE", "UPDATE", "DELETE", "NOTE"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

// ---------- input pieces ----------

const capitalized = (label: string) => `${label[0].toUpperCase()}${label.slice(1)}`;
/** The vocabulary's calendar days (from 2000, a real day; `executed` for facts: never in the future). */
export const requiredDate = (label: string, window: { executed?: boolean } = {}) => calendarDate(label, window);
export const optionalDate = (label: string, window: { executed?: boolean } = {}) => optionalCalendarDate(label, window);
const optionalMoney = (label: string) =>
  money(label)
    .nullish()
    .transform((v) => v ?? null);
export const reference = (message: string) => z.number({ message }).int(message).positive(message).max(2_147_483_647, message);
const optionalReference = (message: string) =>
  reference(message)
    .nullish()
    .transform((v) => v ?? null);
export const choice = <const T extends readonly [string, ...string[]]>(values: T, missing: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid) });
const optionalCnpj = (label: string) => optionalCnpjOf(label);
const decimal = (label: string, max: number, places: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+([.,]\d+)?$/, `${capitalized(label)}: informe um número.`)], { message: `${capitalized(label)}: informe um número.` })
    .transform((v) => Number(typeof v === "string" ? v.replace(",", ".") : v))
    .refine((v) => Number.isFinite(v) && v >= 0, `${capitalized(label)} não pode ser negativo.`)
    .refine((v) => v <= max, `${capitalized(label)}: no máximo ${max.toLocaleString("pt-BR")}.`)
    .transform((v) => v.toFixed(places));
const coordinate = (label: string, limit: number) =>
  z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v.trim().replace(",", "."))) : v),
      z
        .number({ message: `${capitalized(label)}: informe um número.` })
        .min(-limit, `${capitalized(label)}: entre -${limit} e ${limit}.`)
        .max(limit, `${capitalized(label)}: entre -${limit} e ${limit}.`)
        .nullish(),
    )
    .transform((v) => (v == null ? null : v.toFixed(6)));

/** An end never before its start, for each pair present. */
const inOrder =
  (pairs: readonly (readonly [string, string, string])[]) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [start, end, message] of pairs) {
      const a = value[start];
      const b = value[end];
      if (typeof a === "string" && typeof b === "string" && a && b && b < a) ctx.addIssue({ code: "custom", path: [end], message });
    }
  };
export const PROJECT_DATES_MESSAGE = "O término não pode ser antes do início.";
export const PROJECT_DATE_PAIRS = [["startDate", "endDate", PROJECT_DATES_MESSAGE]] as const;

// ---------- project ----------

export const projectFields = z.object({
  title: requiredText("o título", 200),
  object: requiredText("o objeto", 4000),
  status: choice(PROJECT_STATUSES, "Escolha a situação.", "Situação inválida.").default("PLANEJAMENTO"),
  policyArea: optionalText("função/subfunção", 120),
  address: optionalText("endereço", 300),
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  startDate: optionalDate("o início"),
  endDate: optionalDate("o término"),
  totalValue: money("Valor total"),
  responsibleUserId: optionalReference("Escolha um responsável da prefeitura."),
  proposalId: optionalReference("Escolha uma proposta válida."),
});
export const projectCreateSchema = projectFields.strict().superRefine(inOrder(PROJECT_DATE_PAIRS));
export const projectUpdateSchema = updateSchemaOf(projectFields).superRefine(inOrder(PROJECT_DATE_PAIRS));
export type ProjectCreate = z.input<typeof projectCreateSchema>;

export const projectRowSchema = z.object({
  ...tenantRecordFields,
  title: wire.text(),
  object: wire.text(),
  status: wire.oneOf(PROJECT_STATUSES),
  policyArea: wire.textOrNull(),
  address: wire.textOrNull(),
  latitude: wire.textOrNull(),
  longitude: wire.textOrNull(),
  startDate: wire.dateOrNull(),
  endDate: wire.dateOrNull(),
  totalValue: wire.money(),
  responsibleUserId: wire.intOrNull(),
  responsibleName: wire.textOrNull(),
  proposalId: wire.intOrNull(),
  nrProposal: wire.textOrNull(),
  /** The proposal's proponent CNPJ: with nrProposal, the proposal page's address. */
  proposalEntity: wire.textOrNull(),
  /** Computed from the work plan and the executions (computeProgress), kept by every write of a tab. */
  physicalProgress: wire.text(),
  financialProgress: wire.text(),
  workPlanValue: wire.money(),
  fundedValue: wire.money(),
  executedValue: wire.money(),
  /** The end of the earliest etapa not yet fully executed (the project's end when there is none). */
  nextDeadline: wire.dateOrNull(),
});
export type Project = z.infer<typeof projectRowSchema>;

// ---------- work plan ----------

const workPlanFields = z.object({
  projectId: reference("Projeto não encontrado."),
  kind: choice(WORK_PLAN_KINDS, "Escolha meta ou etapa.", "Tipo inválido: use meta ou etapa."),
  parentId: optionalReference("Escolha a meta desta etapa."),
  number: z.string({ message: "Informe o número." }).trim().regex(/^\d{1,3}(\.\d{1,3})?$/, "Número: 1 para uma meta, 1.1 para uma etapa."),
  description: requiredText("a descrição", 1000),
  unit: optionalText("unidade", 20),
  quantity: decimal("quantidade", 1e9, 2).nullish().transform((v) => v ?? null),
  value: optionalMoney("Valor"),
  startDate: optionalDate("o início"),
  endDate: optionalDate("o término"),
});
const workPlanRules = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  inOrder(PROJECT_DATE_PAIRS)(value, ctx);
  if (value.kind === "ETAPA" && value.parentId == null) ctx.addIssue({ code: "custom", path: ["parentId"], message: "Escolha a meta desta etapa." });
  if (value.kind === "META" && value.parentId != null) ctx.addIssue({ code: "custom", path: ["parentId"], message: "Uma meta não fica dentro de outra meta." });
  if (value.kind === "ETAPA" && value.value == null) ctx.addIssue({ code: "custom", path: ["value"], message: "Informe o valor da etapa." });
};
export const workPlanItemCreateSchema = workPlanFields.strict().superRefine(workPlanRules);
/** An item stays in its project and keeps its kind; the rest may change. */
export const workPlanItemUpdateSchema = updateSchemaOf(workPlanFields.omit({ projectId: true, kind: true })).superRefine(inOrder(PROJECT_DATE_PAIRS));
export type WorkPlanItemCreate = z.input<typeof workPlanItemCreateSchema>;

export const workPlanItemRowSchema = z.object({
  ...tenantRecordFields,
  projectId: wire.id(),
  kind: wire.oneOf(WORK_PLAN_KINDS),
  parentId: wire.intOrNull(),
  number: wire.text(),
  description: wire.text(),
  unit: wire.textOrNull(),
  quantity: wire.textOrNull(),
  value: wire.moneyOrNull(),
  startDate: wire.dateOrNull(),
  endDate: wire.dateOrNull(),
  /** The physical % executed so far (etapas; the sum of their executions). */
  executedPct: wire.text(),
});
export type WorkPlanItem = z.infer<typeof workPlanItemRowSchema>;

// ---------- funding sources ----------

const fundingFields = z.object({
  projectId: reference("Projeto não encontrado."),
  kind: choice(FUNDING_KINDS, "Escolha a origem do recurso.", "Origem do recurso inválida."),
  impositionTransferId: optionalReference("Escolha uma transferência especial válida."),
  voluntaryTransferId: optionalReference("Escolha uma transferência voluntária válida."),
  fundTransferPlanId: optionalReference("Escolha um plano fundo a fundo válido."),
  amount: money("Valor").refine((v) => Number(v) > 0, "Valor: informe um valor maior que zero."),
  notes: optionalText("observações", 1000),
});
/** A transfer source names exactly its transfer; any other source names none. */
export function fundingLinkIssues(value: Record<string, unknown>): Record<string, string> {
  const kind = value.kind as FundingKind;
  const errors: Record<string, string> = {};
  for (const [k, field] of Object.entries(FUNDING_TRANSFER_FIELD)) {
    const set = value[field] != null;
    if (k === kind && !set) errors[field] = "Escolha a transferência que financia o projeto.";
    if (k !== kind && set) errors[field] = "Só uma transferência do tipo escolhido pode ser vinculada.";
  }
  return errors;
}
const fundingRules = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const [field, message] of Object.entries(fundingLinkIssues(value))) ctx.addIssue({ code: "custom", path: [field], message });
};
export const fundingSourceCreateSchema = fundingFields.strict().superRefine(fundingRules);
export const fundingSourceUpdateSchema = updateSchemaOf(fundingFields.omit({ projectId: true }));
export type FundingSourceCreate = z.input<typeof fundingSourceCreateSchema>;

export const fundingSourceRowSchema = z.object({
  ...tenantRecordFields,
  projectId: wire.id(),
  kind: wire.oneOf(FUNDING_KINDS),
  impositionTransferId: wire.intOrNull(),
  voluntaryTransferId: wire.intOrNull(),
  fundTransferPlanId: wire.intOrNull(),
  amount: wire.money(),
  notes: wire.textOrNull(),
  /** NR_TRANSFER or codPlan of the linked transfer, its value and what it has paid so far. */
  transferCode: wire.textOrNull(),
  transferValue: wire.moneyOrNull(),
  transferPaid: wire.moneyOrNull(),
  /** Executions paid from this source. */
  spentValue: wire.money(),
});
export type FundingSource = z.infer<typeof fundingSourceRowSchema>;

/** Cents of a money value (numeric(15,2) fits a double's exact range). */
export const cents = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);

/**
 * What a source has received: a transfer source its share of what the transfer has paid in
 * (proportional to the source's part of the transfer's value), any other source its whole amount.
 */
export function fundingReceived(source: Pick<FundingSource, "kind" | "amount" | "transferValue" | "transferPaid">): number {
  if (!isTransferFunding(source.kind)) return cents(source.amount) / 100;
  const total = cents(source.transferValue);
  if (total <= 0) return 0;
  const share = Math.min(1, cents(source.amount) / total);
  return Math.min(cents(source.amount), Math.round(cents(source.transferPaid) * share)) / 100;
}

// ---------- bids ----------

const bidFields = z.object({
  projectId: reference("Projeto não encontrado."),
  number: requiredText("o número da licitação", 40),
  modality: choice(BID_MODALITIES, "Escolha a modalidade.", "Modalidade inválida."),
  purchaseProcessType: choice(PURCHASE_PROCESS_TYPES, "Escolha o tipo de processo de compra.", "Tipo de processo de compra inválido.").default("LICITACAO"),
  object: optionalText("objeto", 2000),
  publishedAt: optionalDate("a data de publicação"),
  openedAt: optionalDate("a data de abertura"),
  homologatedAt: optionalDate("a data de homologação", { executed: true }),
  estimatedValue: optionalMoney("Valor estimado"),
  homologatedValue: optionalMoney("Valor homologado"),
  status: choice(BID_STATUSES, "Escolha a situação.", "Situação inválida.").default("EM_PREPARACAO"),
  winnerCnpj: optionalCnpj("o CNPJ do vencedor"),
  winnerName: optionalText("nome do vencedor", 200),
  contractNumber: optionalText("número do contrato", 40),
  contractValue: optionalMoney("Valor do contrato"),
  contractStart: optionalDate("o início da vigência do contrato"),
  contractEnd: optionalDate("o fim da vigência do contrato"),
});
export const BID_DATE_PAIRS = [
  ["publishedAt", "openedAt", "A abertura não pode ser antes da publicação."],
  ["openedAt", "homologatedAt", "A homologação não pode ser antes da abertura."],
  ["contractStart", "contractEnd", "O fim da vigência do contrato não pode ser antes do início."],
] as const;
export const BID_IN_PREPARATION_MESSAGE = "Uma licitação com vencedor ou valor homologado não está mais em preparação: escolha a situação atual.";
/** A winner is a CNPJ and a name together; a bid with a winner is not "Em preparação". */
export function bidWinnerIssues(value: Record<string, unknown>): Record<string, string> {
  if (value.winnerCnpj && !value.winnerName) return { winnerName: "Informe o nome do vencedor." };
  if (value.winnerName && !value.winnerCnpj) return { winnerCnpj: "Informe o CNPJ do vencedor." };
  if (value.status === "HOMOLOGADA" && !value.winnerCnpj) return { winnerCnpj: "Uma licitação homologada tem vencedor: informe o CNPJ." };
  // The state follows from the facts: a bid with a winner or a homologated value has left preparation.
  if (value.status === "EM_PREPARACAO" && (value.winnerCnpj || value.homologatedValue)) return { status: BID_IN_PREPARATION_MESSAGE };
  return {};
}
const bidRules = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  inOrder(BID_DATE_PAIRS)(value, ctx);
  for (const [field, message] of Object.entries(bidWinnerIssues(value))) ctx.addIssue({ code: "custom", path: [field], message });
};
export const bidCreateSchema = bidFields.strict().superRefine(bidRules);
export const bidUpdateSchema = updateSchemaOf(bidFields.omit({ projectId: true })).superRefine(inOrder(BID_DATE_PAIRS));
export type BidCreate = z.input<typeof bidCreateSchema>;

export const bidRowSchema = z.object({
  ...tenantRecordFields,
  projectId: wire.id(),
  number: wire.text(),
  modality: wire.oneOf(BID_MODALITIES),
  purchaseProcessType: wire.oneOf(PURCHASE_PROCESS_TYPES),
  object: wire.textOrNull(),
  publishedAt: wire.dateOrNull(),
  openedAt: wire.dateOrNull(),
  homologatedAt: wire.dateOrNull(),
  estimatedValue: wire.moneyOrNull(),
  homologatedValue: wire.moneyOrNull(),
  status: wire.oneOf(BID_STATUSES),
  winnerCnpj: wire.textOrNull(),
  winnerName: wire.textOrNull(),
  contractNumber: wire.textOrNull(),
  contractValue: wire.moneyOrNull(),
  contractStart: wire.dateOrNull(),
  contractEnd: wire.dateOrNull(),
});
export type Bid = z.infer<typeof bidRowSchema>;

// ---------- executions ----------

const executionFields = z.object({
  projectId: reference("Projeto não encontrado."),
  workPlanItemId: reference("Escolha a etapa executada."),
  fundingSourceId: optionalReference("Escolha uma fonte de recurso do projeto."),
  kind: choice(EXECUTION_KINDS, "Escolha medição ou pagamento.", "Tipo inválido: use medição ou pagamento.").default("MEDICAO"),
  // A measurement or payment is a fact: never dated in the future.
  referenceDate: requiredDate("a data de referência", { executed: true }),
  physicalPct: percent("o percentual físico executado").transform((v) => v.toFixed(2)),
  amount: money("Valor"),
  documentNumber: optionalText("número do documento", 60),
  payeeCnpj: optionalCnpj("o CNPJ do favorecido"),
  payeeName: optionalText("favorecido", 200),
  notes: optionalText("observações", 1000),
});
export const executionCreateSchema = executionFields.strict();
export const executionUpdateSchema = updateSchemaOf(executionFields.omit({ projectId: true }));
export type ExecutionCreate = z.input<typeof executionCreateSchema>;

export const executionRowSchema = z.object({
  ...tenantRecordFields,
  projectId: wire.id(),
  workPlanItemId: wire.id(),
  fundingSourceId: wire.intOrNull(),
  kind: wire.oneOf(EXECUTION_KINDS),
  referenceDate: wire.date(),
  physicalPct: wire.text(),
  amount: wire.money(),
  documentNumber: wire.textOrNull(),
  payeeCnpj: wire.textOrNull(),
  payeeName: wire.textOrNull(),
  notes: wire.textOrNull(),
  createdBy: wire.intOrNull(),
});
export type Execution = z.infer<typeof executionRowSchema>;

export const ETAPA_OVER_100 = (done: number, adding: number) =>
  `Esta etapa já tem ${formatPct(done)} executados: com mais ${formatPct(adding)} passaria de 100%. Informe no máximo ${formatPct(Math.max(0, 100 - done))}.`;

// ---------- files ----------

const fileFields = z.object({
  projectId: reference("Projeto não encontrado."),
  category: choice(FILE_CATEGORIES, "Escolha a categoria.", "Categoria inválida."),
  title: requiredText("o título", 200),
  description: optionalText("descrição", 1000),
  storagePath: z.string({ message: "Envie o arquivo antes de salvar." }).trim().min(1, "Envie o arquivo antes de salvar.").max(200, "Arquivo inválido."),
  fileName: z
    .string({ message: "Informe o nome do arquivo." })
    .trim()
    .min(1, "Informe o nome do arquivo.")
    .max(120, "O nome do arquivo deve ter no máximo 120 caracteres.")
    .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c)), 'O nome do arquivo não pode ter / \\ : * ? " < > |.'),
});
export const projectFileCreateSchema = fileFields.strict();
/** The file itself is never replaced (upload another); its category, title and description may change. */
export const projectFileUpdateSchema = updateSchemaOf(fileFields.pick({ category: true, title: true, description: true }));
export type ProjectFileCreate = z.input<typeof projectFileCreateSchema>;

export const projectFileRowSchema = z.object({
  ...tenantRecordFields,
  projectId: wire.id(),
  category: wire.oneOf(FILE_CATEGORIES),
  title: wire.text(),
  description: wire.textOrNull(),
  fileName: wire.text(),
  contentType: wire.text(),
  fileSize: wire.int(),
  isImage: wire.bool(),
  /** From the photo's EXIF, when it carries them. */
  takenAt: wire.timestampOrNull(),
  latitude: wire.textOrNull(),
  longitude: wire.textOrNull(),
  uploadedBy: wire.intOrNull(),
  uploaderName: wire.textOrNull(),
});
export type ProjectFile = z.infer<typeof projectFileRowSchema>;

/** Where a project file is read: as a download (documents) or shown inline (photos). */
export const projectFileUrl = (id: number) => `/api/project-files/${id}/content`;

// ---------- history ----------

export const historyChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type HistoryChange = { field: string; from: unknown; to: unknown };

/** A manual note (the only history a person writes; nothing edits or removes history). */
export const historyNoteCreateSchema = z
  .object({
    projectId: reference("Projeto não encontrado."),
    note: requiredText("a anotação", 4000),
  })
  .strict();

export const historyRowSchema = z.object({
  id: wire.id(),
  companyId: wire.id(),
  projectId: wire.id(),
  entity: wire.oneOf(HISTORY_ENTITIES),
  entityId: wire.intOrNull(),
  action: wire.oneOf(HISTORY_ACTIONS),
  /** What the entry is about, as it read at the time (etapa 1.2, licitação 12/2026…). */
  subject: wire.textOrNull(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  note: wire.textOrNull(),
  actorId: wire.intOrNull(),
  actorName: wire.textOrNull(),
  createdAt: wire.timestamp(),
});
export type HistoryEntry = z.infer<typeof historyRowSchema>;

/** Row fields a history entry never reports (bookkeeping, and the values the server computes). */
const UNTRACKED = new Set([
  ...["id", "companyId", "projectId", "version", "createdAt", "updatedAt", "createdBy", "uploadedBy", "physicalProgress", "financialProgress", "workPlanValue", "fundedValue", "executedValue", "nextDeadline", "filePath", "contentType", "fileSize"],
  // A quote's figures (computed from its prices) and a price's quote.
  ...["quoteId", "priceCount", "meanPrice", "medianPrice", "lowestPrice", "estimatedTotal", "outlierCount"],
]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/** The fields that differ between two versions of a row (a create: every field set; a delete: every field cleared). */
export function diffRows(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): HistoryChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !UNTRACKED.has(key));
  return keys
    .map((field) => ({ field, from: plain(before?.[field]), to: plain(after?.[field]) }))
    .filter((change) => !same(change.from, change.to) && !(before === undefined && change.to === null) && !(after === undefined && change.from === null));
}

// ---------- progress ----------

export interface ProgressInput {
  totalValue: string | number;
  items: readonly { id: number; kind: WorkPlanKind; value: string | number | null; endDate: string | null }[];
  executions: readonly { workPlanItemId: number; physicalPct: string | number; amount: string | number }[];
  endDate?: string | null;
}

export interface Progress {
  /** 0–100, two decimals: each etapa's executed % weighted by its value (by count when no etapa has a value). */
  physical: number;
  /** Executed amount over the project's total value, 0–100 (two decimals). */
  financial: number;
  workPlanValue: string;
  executedValue: string;
  /** Executed % per etapa. */
  executedPct: Map<number, number>;
  nextDeadline: string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A project's progress from its work plan and executions (the only way it is ever set). */
export function computeProgress(input: ProgressInput): Progress {
  const etapas = input.items.filter((item) => item.kind === "ETAPA");
  const executedPct = new Map<number, number>();
  let executedCents = 0;
  for (const execution of input.executions) {
    executedPct.set(execution.workPlanItemId, (executedPct.get(execution.workPlanItemId) ?? 0) + Number(execution.physicalPct));
    executedCents += cents(execution.amount);
  }
  const done = (id: number) => Math.min(100, executedPct.get(id) ?? 0);
  const valueCents = etapas.reduce((sum, etapa) => sum + cents(etapa.value), 0);
  let physical = 0;
  if (etapas.length > 0) {
    physical =
      valueCents > 0
        ? etapas.reduce((sum, etapa) => sum + (cents(etapa.value) / valueCents) * done(etapa.id), 0)
        : etapas.reduce((sum, etapa) => sum + done(etapa.id), 0) / etapas.length;
  }
  const total = cents(input.totalValue);
  const financial = total > 0 ? Math.min(100, (executedCents / total) * 100) : 0;
  const open = etapas.filter((etapa) => done(etapa.id) < 100 && etapa.endDate).map((etapa) => etapa.endDate!);
  const nextDeadline = open.length > 0 ? open.sort()[0] : etapas.length > 0 && etapas.every((etapa) => done(etapa.id) >= 100) ? null : (input.endDate ?? null);
  return {
    physical: round2(physical),
    financial: round2(financial),
    workPlanValue: (valueCents / 100).toFixed(2),
    executedValue: (executedCents / 100).toFixed(2),
    executedPct: new Map([...executedPct].map(([id, pct]) => [id, round2(pct)])),
    nextDeadline,
  };
}

/** How far the etapas' total is from the project's value (cents; positive: the etapas pass it). */
export const workPlanDifference = (project: Pick<Project, "totalValue" | "workPlanValue">) => cents(project.workPlanValue) - cents(project.totalValue);

export function formatPct(value: number | string): string {
  return `${Number(value).toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`;
}

/** What a work plan's meta shows: the value typed on it, what its etapas add up to, and how far they are executed. */
export interface GoalFigures {
  /** The meta's own value as typed; null when none was typed. */
  typed: number | null;
  /** The sum of its etapas' values. */
  stages: number;
  /** The value the row shows: the typed one, else the etapas' sum. */
  shown: number;
  /** Whether the etapas (when there are any) add up to something else than the typed value. */
  differs: boolean;
  /** Executed %, 0–100: each etapa's executed % weighted by its value. */
  done: number;
}

/**
 * A meta's figures from its etapas. The typed value is shown as typed (a person reads back what they
 * entered); the etapas' sum is shown beside it only when it disagrees.
 */
export function goalFigures(meta: Pick<WorkPlanItem, "value">, etapas: readonly Pick<WorkPlanItem, "value" | "executedPct">[]): GoalFigures {
  const typed = meta.value === null || meta.value === undefined || meta.value === "" ? null : Number(meta.value);
  const stagesCents = etapas.reduce((sum, etapa) => sum + cents(etapa.value), 0);
  const stages = stagesCents / 100;
  const done = stagesCents > 0 ? etapas.reduce((sum, etapa) => sum + cents(etapa.value) * Math.min(100, Number(etapa.executedPct ?? 0)), 0) / stagesCents : 0;
  return { typed, stages, shown: typed ?? stages, differs: typed !== null && etapas.length > 0 && Math.round(typed * 100) !== stagesCents, done };
}
