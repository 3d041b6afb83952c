import { z } from "zod";
import { daysBetween } from "./dates";
import { recordFields, tenantRecordFields, wire } from "./wire";
import { CONVENIO_MODALITIES } from "./transfers";
import { cnpjOf, money, optionalCalendarDate, optionalCnpjOf } from "./fields";
import { updateSchemaOf } from "./updates";
import { requiredText, optionalText } from "./inputs";

/**
 * Captação (issue 14): the national catalogue of federal programs and their grantors (shared by every
 * municipality), the municipality's proposals (tenant records), and the radar's rule: which programs a
 * municipality can apply to today. SICONV columns: `programa`, `programa_proposta`, `proposta`, `emenda`.
 */

// ---------- vocabularies ----------

export const UFS = ["AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"] as const;
export type Uf = (typeof UFS)[number];

export const GRANTOR_SPHERES = ["FEDERAL", "ESTADUAL"] as const;
export const GRANTOR_KINDS = ["MINISTERIO", "SECRETARIA", "FUNDO", "AUTARQUIA", "FUNDACAO"] as const;

/** SIT_PROGRAMA. */
export const PROGRAM_SITUATIONS = ["CADASTRADO", "DISPONIBILIZADO", "INATIVO"] as const;
export type ProgramSituation = (typeof PROGRAM_SITUATIONS)[number];
/** MODALIDADE_PROGRAMA: the transfer instruments plus fund-to-fund. */
export const PROGRAM_MODALITIES = [...CONVENIO_MODALITIES, "FUNDO_A_FUNDO"] as const;
export type ProgramModality = (typeof PROGRAM_MODALITIES)[number];

/** The program's three reception windows (DT_PROG_INI/FIM_RECEB_PROP, …_EMENDA_PAR, …_BENEF_ESP). */
export const WINDOW_KINDS = ["voluntary", "amendment", "specific"] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

/** SIT_PROPOSTA, as codes (named in the singular by src/domain/labels/codes.ts). */
export const PROPOSAL_STATUSES = [
  "CADASTRADA",
  "ENVIADA_ANALISE",
  "EM_ANALISE",
  "COMPLEMENTACAO_SOLICITADA",
  "COMPLEMENTACAO_ENVIADA",
  "APROVADA",
  "REJEITADA",
  "CANCELADA",
  "CONVENIADA",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Where a proposal may go from each status (the SICONV analysis flow); REJEITADA, CANCELADA and CONVENIADA are final. */
export const PROPOSAL_TRANSITIONS: Record<ProposalStatus, readonly ProposalStatus[]> = {
  CADASTRADA: ["ENVIADA_ANALISE", "CANCELADA"],
  ENVIADA_ANALISE: ["EM_ANALISE", "CANCELADA"],
  EM_ANALISE: ["COMPLEMENTACAO_SOLICITADA", "APROVADA", "REJEITADA"],
  COMPLEMENTACAO_SOLICITADA: ["COMPLEMENTACAO_ENVIADA", "CANCELADA"],
  COMPLEMENTACAO_ENVIADA: ["EM_ANALISE", "APROVADA", "REJEITADA"],
  APROVADA: ["CONVENIADA", "CANCELADA"],
  REJEITADA: [],
  CANCELADA: [],
  CONVENIADA: [],
};

export function canMoveProposal(from: ProposalStatus, to: ProposalStatus): boolean {
  return from === to || PROPOSAL_TRANSITIONS[from].includes(to);
}

export const PARLIAMENTARIAN_KINDS = ["INDIVIDUAL", "COMISSAO", "BANCADA"] as const;

/** NR_PROPOSTA: six digits, a slash and the year (`014275/2026`). */
export const NR_PROPOSAL = /^\d{6}\/\d{4}$/;

// ---------- input pieces ----------

/** The vocabulary's optional day: a real day from 2000 (a program's windows, a proposal's dates). */
const optionalDate = (label: string) => optionalCalendarDate(label);
const optionalMoney = (label: string) =>
  money(label)
    .nullish()
    .transform((v) => v ?? null);
const choice = <const T extends readonly [string, ...string[]]>(values: T, missing: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid) });
const reference = (message: string) =>
  z
    .number({ message })
    .int(message)
    .positive(message)
    .max(2_147_483_647, message)
    .nullish()
    .transform((v) => v ?? null);
const year = z.number({ message: "Informe o ano." }).int("Ano inválido.").min(2000, "O ano precisa estar entre 2000 e 2100.").max(2100, "O ano precisa estar entre 2000 e 2100.");

/** A grantor's CNPJ: optional, but a typed one carries valid check digits (00000000000000 is no CNPJ). */
const optionalCnpj = () => optionalCnpjOf("o CNPJ");

/** Rules across fields: an end date never before its start. */
export const WINDOW_FIELDS = {
  voluntary: ["voluntaryStart", "voluntaryEnd"],
  amendment: ["amendmentStart", "amendmentEnd"],
  specific: ["specificStart", "specificEnd"],
} as const satisfies Record<WindowKind, readonly [string, string]>;
export const WINDOW_ORDER_MESSAGE = "O fim do período de recebimento não pode ser antes do início.";
function windowsInOrder(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const [start, end] of Object.values(WINDOW_FIELDS)) {
    const a = value[start];
    const b = value[end];
    if (typeof a === "string" && typeof b === "string" && b < a) ctx.addIssue({ code: "custom", path: [end], message: WINDOW_ORDER_MESSAGE });
  }
}

// ---------- grantor ----------

export const grantorFields = z.object({
  siafiCode: z.string({ message: "Informe o código SIAFI." }).trim().regex(/^\d{5,6}$/, "Código SIAFI: 5 ou 6 dígitos (ex.: 36000)."),
  superiorCode: z
    .string({ message: "Código do órgão superior: 5 ou 6 dígitos." })
    .trim()
    .regex(/^(\d{5,6})?$/, "Código do órgão superior: 5 ou 6 dígitos.")
    .nullish()
    .transform((v) => (v ? v : null)),
  acronym: requiredText("a sigla", 20),
  name: requiredText("o nome", 200),
  cnpj: optionalCnpj(),
  sphere: choice(GRANTOR_SPHERES, "Escolha a esfera.", "Esfera inválida.").default("FEDERAL"),
  kind: choice(GRANTOR_KINDS, "Escolha o tipo de órgão.", "Tipo de órgão inválido."),
  parentId: reference("Escolha um órgão superior válido."),
});
export const grantorCreateSchema = grantorFields.strict();
export type GrantorCreate = z.input<typeof grantorCreateSchema>;

export const grantorRowSchema = z.object({
  ...recordFields,
  siafiCode: wire.text(),
  superiorCode: wire.textOrNull(),
  acronym: wire.text(),
  name: wire.text(),
  cnpj: wire.textOrNull(),
  sphere: wire.oneOf(GRANTOR_SPHERES),
  kind: wire.oneOf(GRANTOR_KINDS),
  parentId: wire.intOrNull(),
});
export type Grantor = z.infer<typeof grantorRowSchema>;

// ---------- program ----------

const ufList = z
  .array(z.enum(UFS, { message: "UF inválida." }), { message: "Informe as UFs habilitadas." })
  .max(27, "No máximo 27 UFs.")
  .transform((ufs) => [...new Set(ufs)].sort())
  .default([]);
/**
 * CNPJs typed one per line: blank lines are dropped, repeats kept once, and each one carries valid
 * check digits (the vocabulary's CNPJ, issue 31), so a typo is named at its line.
 */
const cnpjList = z
  .array(optionalCnpjOf("o CNPJ do beneficiário"), { message: "Beneficiários inválidos: informe uma lista de CNPJs." })
  .max(5000, "No máximo 5000 beneficiários.")
  .transform((list) => [...new Set(list.filter((cnpj): cnpj is string => cnpj !== null))])
  .default([]);

export const programFields = z.object({
  code: z.string({ message: "Informe o código do programa." }).trim().regex(/^\d{10,13}$/, "Código do programa: de 10 a 13 dígitos (órgão, ano e sequencial, ex.: 3600020260001)."),
  name: requiredText("o nome do programa", 250),
  year,
  modality: choice(PROGRAM_MODALITIES, "Escolha a modalidade.", "Modalidade inválida."),
  situation: choice(PROGRAM_SITUATIONS, "Escolha a situação.", "Situação inválida.").default("DISPONIBILIZADO"),
  legalNature: optionalText("natureza jurídica", 120),
  budgetAction: optionalText("ação orçamentária", 20),
  policyArea: optionalText("área de política pública", 80),
  grantorId: z
    .number({ message: "Escolha o órgão concedente." })
    .int("Escolha o órgão concedente.")
    .positive("Escolha o órgão concedente.")
    .max(2_147_483_647, "Escolha o órgão concedente."),
  objective: optionalText("objetivo", 4000),
  globalValue: optionalMoney("Valor global"),
  enabledUfs: ufList,
  beneficiaryCnpjs: cnpjList,
  voluntaryStart: optionalDate("o início das propostas voluntárias"),
  voluntaryEnd: optionalDate("o fim das propostas voluntárias"),
  amendmentStart: optionalDate("o início das emendas parlamentares"),
  amendmentEnd: optionalDate("o fim das emendas parlamentares"),
  specificStart: optionalDate("o início do beneficiário específico"),
  specificEnd: optionalDate("o fim do beneficiário específico"),
});
export const programCreateSchema = programFields.strict().superRefine(windowsInOrder);
export const programUpdateSchema = updateSchemaOf(programFields).superRefine(windowsInOrder);
export type ProgramCreate = z.input<typeof programCreateSchema>;

export const programRowSchema = z.object({
  ...recordFields,
  code: wire.text(),
  name: wire.text(),
  year: wire.int(),
  modality: wire.oneOf(PROGRAM_MODALITIES),
  situation: wire.oneOf(PROGRAM_SITUATIONS),
  legalNature: wire.textOrNull(),
  budgetAction: wire.textOrNull(),
  policyArea: wire.textOrNull(),
  grantorId: wire.id(),
  objective: wire.textOrNull(),
  globalValue: wire.moneyOrNull(),
  enabledUfs: z.array(z.string()),
  beneficiaryCnpjs: z.array(z.string()),
  voluntaryStart: wire.dateOrNull(),
  voluntaryEnd: wire.dateOrNull(),
  amendmentStart: wire.dateOrNull(),
  amendmentEnd: wire.dateOrNull(),
  specificStart: wire.dateOrNull(),
  specificEnd: wire.dateOrNull(),
});
export type Program = z.infer<typeof programRowSchema>;

// ---------- the radar: programs open to a municipality ----------

/** The municipality the radar answers for. */
export interface Municipality {
  uf: string | null;
  cnpj: string;
}

export interface OpenWindow {
  kind: WindowKind;
  start: string;
  end: string;
  /** Days from today to the window's last day (0: it closes today), in São Paulo's calendar. */
  daysLeft: number;
}

/** Windows closing within this many days are highlighted. */
export const CLOSING_SOON_DAYS = 7;

type ProgramWindows = Pick<Program, "situation" | "enabledUfs" | "beneficiaryCnpjs" | (typeof WINDOW_FIELDS)[WindowKind][number]>;

/**
 * The windows of a program open to a municipality today. A program is open when it is not inactive,
 * today falls inside one of its windows (first and last day included) and the municipality's UF is
 * enabled; the amendment and specific-beneficiary windows also ask that the municipality be named a
 * beneficiary (programa_proponentes). Sorted by the nearest closing.
 */
export function openWindows(program: ProgramWindows, municipality: Municipality, today: string): OpenWindow[] {
  if (program.situation === "INATIVO") return [];
  if (!municipality.uf || !program.enabledUfs.includes(municipality.uf)) return [];
  const named = program.beneficiaryCnpjs.includes(municipality.cnpj);
  return WINDOW_KINDS.flatMap((kind) => {
    const [startField, endField] = WINDOW_FIELDS[kind];
    const start = program[startField];
    const end = program[endField];
    if (!start || !end || today < start || today > end) return [];
    if (kind !== "voluntary" && !named) return [];
    return [{ kind, start, end, daysLeft: daysBetween(today, end) }];
  }).sort((a, b) => a.daysLeft - b.daysLeft);
}

/** The radar's filters (query string of GET /api/programs/open). */
export const openProgramsQuery = z
  .object({
    grantorId: z.coerce.number({ message: "Concedente inválido." }).int("Concedente inválido.").positive("Concedente inválido.").max(2_147_483_647, "Concedente inválido.").optional(),
    policyArea: z.string().trim().max(80, "Área de política pública: no máximo 80 caracteres.").optional(),
    modality: z.enum(PROGRAM_MODALITIES, { message: "Modalidade inválida." }).optional(),
    minValue: z.coerce.number({ message: "Valor mínimo inválido." }).min(0, "Valor mínimo inválido.").max(1e13, "Valor mínimo inválido.").optional(),
    maxValue: z.coerce.number({ message: "Valor máximo inválido." }).min(0, "Valor máximo inválido.").max(1e13, "Valor máximo inválido.").optional(),
    _start: z.coerce.number({ message: "Página inválida." }).int("Página inválida.").min(0, "Página inválida.").max(1_000_000, "Página inválida.").default(0),
    _end: z.coerce.number({ message: "Página inválida." }).int("Página inválida.").min(0, "Página inválida.").max(1_000_100, "Página inválida.").default(20),
  })
  .strict()
  .refine((q) => q.minValue === undefined || q.maxValue === undefined || q.minValue <= q.maxValue, { message: "O valor mínimo não pode ser maior que o máximo.", path: ["maxValue"] })
  .refine((q) => q._end >= q._start && q._end - q._start <= 100, { message: "Página inválida: no máximo 100 programas por página.", path: ["_end"] });
export type OpenProgramsQuery = z.infer<typeof openProgramsQuery>;

export const openProgramRowSchema = z.object({
  id: wire.id(),
  code: wire.text(),
  name: wire.text(),
  year: wire.int(),
  modality: wire.oneOf(PROGRAM_MODALITIES),
  policyArea: wire.textOrNull(),
  globalValue: wire.moneyOrNull(),
  grantorId: wire.id(),
  grantorAcronym: wire.text(),
  grantorName: wire.text(),
  windows: z.array(z.object({ kind: z.enum(WINDOW_KINDS), start: wire.date(), end: wire.date(), daysLeft: wire.int() })),
  daysLeft: wire.int(),
  closingSoon: wire.bool(),
});
export type OpenProgram = z.infer<typeof openProgramRowSchema>;

export const openProgramsAnswerSchema = z.object({
  /** Null for an ADMIN who has not chosen a municipality (nothing is open to "every municipality"). */
  municipality: z.object({ name: wire.text(), uf: wire.textOrNull() }).nullable(),
  today: wire.date(),
  total: wire.int(),
  nearest: z.object({ id: wire.id(), code: wire.text(), name: wire.text(), end: wire.date(), daysLeft: wire.int() }).nullable(),
  rows: z.array(openProgramRowSchema),
});
export type OpenProgramsAnswer = z.infer<typeof openProgramsAnswerSchema>;

// ---------- proposal ----------

/** One emenda parlamentar funding a proposal (SICONV `emenda`: NR_EMENDA, NOME_PARLAMENTAR, TIPO_PARLAMENTAR, VALOR_REPASSE_EMENDA). */
export const proposalAmendmentSchema = z
  .object(
    {
      number: z.string({ message: "Número da emenda: 8 a 12 dígitos." }).trim().regex(/^\d{8,12}$/, "Número da emenda: 8 a 12 dígitos."),
      parliamentarian: requiredText("o nome do parlamentar", 120),
      kind: choice(PARLIAMENTARIAN_KINDS, "Escolha o tipo de emenda.", "Tipo de emenda inválido.").default("INDIVIDUAL"),
      value: money("Valor da emenda").refine((v) => Number(v) > 0, "Valor da emenda: informe um valor maior que zero."),
    },
    { message: "Emenda inválida." },
  )
  .strict();
export type ProposalAmendment = z.output<typeof proposalAmendmentSchema>;

/** SICONV lists an emenda once per proposal (NR_EMENDA): a repeated number is refused on the repeat. */
function amendmentsOnce(list: { number: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  list.forEach((item, index) => {
    if (seen.has(item.number)) ctx.addIssue({ code: "custom", path: [index, "number"], message: `A emenda ${item.number} já está nesta proposta.` });
    seen.add(item.number);
  });
}

/** Cents of a money string (numeric(15,2) fits a double's exact range). */
const moneyCents = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100);

/** The emendas fund the transfer (VALOR_REPASSE_EMENDA): their sum cannot pass the transfer value. */
export function amendmentsExceedTransfer(amendments: readonly { value: string | number }[], transferValue: string | number | null | undefined): boolean {
  return amendments.reduce((sum, a) => sum + moneyCents(a.value), 0) > moneyCents(transferValue);
}
export const AMENDMENTS_OVER_TRANSFER = "A soma das emendas passa do valor de repasse: ajuste os valores das emendas ou o repasse.";

export const proposalFields = z.object({
  nrProposal: z.string({ message: "Informe o número da proposta." }).trim().regex(NR_PROPOSAL, "Número da proposta no formato 014275/2026."),
  proponentCnpj: cnpjOf("o CNPJ do proponente"),
  proponentName: requiredText("o nome do proponente", 200),
  programId: reference("Escolha um programa válido."),
  grantorId: reference("Escolha um órgão concedente válido."),
  modality: choice(CONVENIO_MODALITIES, "Escolha a modalidade.", "Modalidade inválida."),
  object: requiredText("o objeto", 4000),
  status: choice(PROPOSAL_STATUSES, "Escolha a situação.", "Situação inválida.").default("CADASTRADA"),
  proposalDate: optionalDate("a data da proposta"),
  validityStart: optionalDate("o início da vigência"),
  validityEnd: optionalDate("o fim da vigência"),
  transferValue: money("Valor de repasse"),
  counterpartValue: money("Valor de contrapartida"),
  amendments: z
    .array(proposalAmendmentSchema, { message: "Emendas inválidas." })
    .max(50, "No máximo 50 emendas.")
    .superRefine(amendmentsOnce)
    .default([]),
  bankName: optionalText("banco", 120),
  agency: optionalText("agência", 10),
  account: optionalText("conta", 20),
});
const proposalRules = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const a = value.validityStart;
  const b = value.validityEnd;
  if (typeof a === "string" && typeof b === "string" && b < a) ctx.addIssue({ code: "custom", path: ["validityEnd"], message: "O fim da vigência não pode ser antes do início." });
  // With both in the body the rule is checked here; a change of one alone is checked by the server against the stored other.
  const amendments = value.amendments as { value: string }[] | undefined;
  if (amendments && value.transferValue != null && amendmentsExceedTransfer(amendments, value.transferValue as string))
    ctx.addIssue({ code: "custom", path: ["amendments"], message: AMENDMENTS_OVER_TRANSFER });
};
export const proposalCreateSchema = proposalFields.strict().superRefine(proposalRules);
export const proposalUpdateSchema = updateSchemaOf(proposalFields).superRefine(proposalRules);
export type ProposalCreate = z.input<typeof proposalCreateSchema>;

export const proposalRowSchema = z.object({
  ...tenantRecordFields,
  nrProposal: wire.text(),
  proponentCnpj: wire.text(),
  proponentName: wire.text(),
  programId: wire.intOrNull(),
  grantorId: wire.intOrNull(),
  modality: wire.oneOf(CONVENIO_MODALITIES),
  object: wire.text(),
  status: wire.oneOf(PROPOSAL_STATUSES),
  statusHistory: z.array(z.object({ status: z.enum(PROPOSAL_STATUSES), at: wire.timestamp(), by: wire.textOrNull() })),
  proposalDate: wire.dateOrNull(),
  validityStart: wire.dateOrNull(),
  validityEnd: wire.dateOrNull(),
  globalValue: wire.money(),
  transferValue: wire.money(),
  counterpartValue: wire.money(),
  amendments: z.array(z.object({ number: wire.text(), parliamentarian: wire.text(), kind: z.enum(PARLIAMENTARIAN_KINDS), value: wire.money() })),
  bankName: wire.textOrNull(),
  agency: wire.textOrNull(),
  account: wire.textOrNull(),
});
export type Proposal = z.infer<typeof proposalRowSchema>;
export type ProposalHistoryEntry = Proposal["statusHistory"][number];
