import { z } from "zod";
import { wire } from "./wire";
import { FUND_SITUATIONS, IMPOSITION_SITUATIONS, PAYMENT_KINDS, PAYMENT_STATUSES, VOLUNTARY_STATUSES, type PaymentKind } from "./transfers";
import { PROPOSAL_STATUSES, type ProposalStatus } from "./captacao";
import { MUNICIPAL_AMENDMENT_STAGES } from "./municipal-amendments";

/**
 * Reports (issue 17; the municipal emendas' since issue 37): read-only views of the active company's data (every company for an ADMIN
 * without authComp), aggregated by the server (GET /api/reports/{name}) and exported as CSV, XLSX and
 * PDF (GET /api/reports/{name}/export?format=…). The filters are the same query string in the API and
 * in the screen's URL.
 */

export const REPORT_NAMES = ["fundraising", "payments", "proposal", "transactions", "municipal-amendments"] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_KINDS = ["imposition", "voluntary", "fund"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The payment kinds the payments report charts (the money chain proper; counterpart and yield are listed in the table only). */
export const CHARTED_PAYMENT_KINDS: readonly PaymentKind[] = ["COMMITMENT", "BANK_ORDER", "DISBURSEMENT", "SUPPLIER_PAYMENT"];

/**
 * Situations in which a transfer was not captured after all (impeded, cancelled, annulled, rescinded):
 * the fundraising report leaves them out of the captured value; the transactions report still shows them.
 */
export const NOT_CAPTURED: Record<ReportKind, readonly string[]> = {
  imposition: ["IMPEDIDO", "IMPEDIDO_REJEICAO_PLANO_TRABALHO", "CANCELADO"],
  voluntary: ["ANULADO", "RESCINDIDO", "CANCELADO"],
  fund: ["CANCELADO"],
};

/** The funnel's stages: a proposal counts in a stage once its history reached that status. */
export const FUNNEL_STAGES = [
  { stage: "sent", status: "ENVIADA_ANALISE" },
  { stage: "approved", status: "APROVADA" },
  { stage: "signed", status: "CONVENIADA" },
] as const satisfies readonly { stage: string; status: ProposalStatus }[];

/** Statuses a proposal spends time in (the final ones end its history). */
export const TIMED_PROPOSAL_STATUSES = PROPOSAL_STATUSES.filter((s) => !["REJEITADA", "CANCELADA", "CONVENIADA"].includes(s)) as ProposalStatus[];

/** How far ahead "near the end of validity" looks, in days, by default. */
export const ENDING_SOON_DAYS = 90;
/** How many transfers the "lowest execution near the end" list shows. */
export const ENDING_SOON_LIMIT = 15;
/** How many payees the payments report ranks. */
export const TOP_PAYEES = 10;
/**
 * How many proposals the proposal report lists, newest first: on screen (a table a phone can show and
 * a server can answer fast across every municipality) and in its exports (CSV, XLSX, PDF).
 */
export const PROPOSALS_LISTED = { screen: 50, export: 5_000 } as const;

// ---------- filters (query strings) ----------

const year = (label: string) =>
  z.coerce
    .number({ message: `${label}: informe um ano.` })
    .int(`${label}: informe um ano.`)
    .min(2000, `${label}: o ano precisa estar entre 2000 e 2100.`)
    .max(2100, `${label}: o ano precisa estar entre 2000 e 2100.`)
    .optional();
const month = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}: use o mês no formato AAAA-MM (ex.: 2025-03).`)
    .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, `${label}: o ano precisa estar entre 2000 e 2100.`)
    .optional();
const id = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(2_147_483_647, message).optional();
const kind = z.enum(REPORT_KINDS, { message: "Tipo de transferência inválido: use imposition, voluntary ou fund." }).optional();
type Check<T> = { ok: (q: T) => boolean; message: string; path: string[] };
const yearsInOrder: Check<{ yearFrom?: number; yearTo?: number }> = {
  ok: (q) => q.yearFrom === undefined || q.yearTo === undefined || q.yearFrom <= q.yearTo,
  message: "O ano inicial não pode ser depois do ano final.",
  path: ["yearTo"],
};

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ReportExportFormat = (typeof EXPORT_FORMATS)[number];
const format = z.enum(EXPORT_FORMATS, { message: "Formato inválido: use csv, xlsx ou pdf." });

/** A report's filters as a strict query string, and the same plus `format` for its export. */
function reportQuery<S extends z.ZodRawShape>(shape: S, checks: Check<z.infer<z.ZodObject<S>>>[]) {
  const withChecks = <T extends z.ZodObject>(schema: T): T => checks.reduce((acc, check) => acc.refine((q) => check.ok(q as z.infer<z.ZodObject<S>>), { message: check.message, path: check.path }), schema);
  return { query: withChecks(z.object(shape).strict()), exportQuery: withChecks(z.object({ ...shape, format }).strict()) };
}

export const fundraisingQueries = reportQuery({ yearFrom: year("Ano inicial"), yearTo: year("Ano final"), kind }, [yearsInOrder]);
export type FundraisingQuery = z.infer<typeof fundraisingQueries.query>;

export const paymentsQueries = reportQuery(
  {
    from: month("Mês inicial"),
    to: month("Mês final"),
    kind: z.enum(PAYMENT_KINDS, { message: "Tipo de movimentação inválido." }).optional(),
    status: z.enum(PAYMENT_STATUSES, { message: "Situação do pagamento inválida." }).optional(),
    /** NR_TRANSFER of an imposition (`09032025-079703`) or voluntary (`912345`) transfer. */
    transfer: z
      .string()
      .trim()
      .regex(/^(\d{8}-\d{6}|\d{6})$/, "Transferência: informe o número (ex.: 09032025-079703 ou 912345).")
      .optional(),
  },
  [{ ok: (q) => !q.from || !q.to || q.from <= q.to, message: "O mês inicial não pode ser depois do mês final.", path: ["to"] }],
);
export type PaymentsQuery = z.infer<typeof paymentsQueries.query>;

export const proposalQueries = reportQuery(
  {
    yearFrom: year("Ano inicial"),
    yearTo: year("Ano final"),
    status: z.enum(PROPOSAL_STATUSES, { message: "Situação da proposta inválida." }).optional(),
    grantorId: id("Concedente inválido."),
    programId: id("Programa inválido."),
  },
  [yearsInOrder],
);
export type ProposalQuery = z.infer<typeof proposalQueries.query>;

const ALL_SITUATIONS = [...new Set<string>([...IMPOSITION_SITUATIONS, ...VOLUNTARY_STATUSES, ...FUND_SITUATIONS])] as [string, ...string[]];
export const transactionsQueries = reportQuery(
  {
    yearFrom: year("Ano inicial"),
    yearTo: year("Ano final"),
    kind,
    situation: z.enum(ALL_SITUATIONS, { message: "Situação da transferência inválida." }).optional(),
    days: z.coerce
      .number({ message: "Prazo: informe um número de dias entre 1 e 365." })
      .int("Prazo: informe um número de dias entre 1 e 365.")
      .min(1, "Prazo: informe um número de dias entre 1 e 365.")
      .max(365, "Prazo: informe um número de dias entre 1 e 365.")
      .optional(),
  },
  [yearsInOrder],
);
export type TransactionsQuery = z.infer<typeof transactionsQueries.query>;

/** The councillors' emendas (issue 37): by year, stage and councillor, from the value indicated to what reached the suppliers. */
export const municipalAmendmentsQueries = reportQuery(
  { yearFrom: year("Ano inicial"), yearTo: year("Ano final"), stage: z.enum(MUNICIPAL_AMENDMENT_STAGES, { message: "Etapa da emenda inválida." }).optional() },
  [yearsInOrder],
);
export type MunicipalAmendmentsQuery = z.infer<typeof municipalAmendmentsQueries.query>;

export const REPORT_QUERIES = {
  fundraising: fundraisingQueries,
  payments: paymentsQueries,
  proposal: proposalQueries,
  transactions: transactionsQueries,
  "municipal-amendments": municipalAmendmentsQueries,
} as const;

// ---------- answers ----------

const scope = z.object({ companyId: wire.intOrNull(), companyName: wire.textOrNull() });
const amount = z.object({ count: wire.int(), value: wire.money() });

export const fundraisingAnswer = z.object({
  scope,
  byYear: z.array(z.object({ year: wire.int(), imposition: wire.money(), voluntary: wire.money(), fund: wire.money(), total: wire.money(), count: wire.int() })),
  byGrantor: z.array(z.object({ grantor: wire.text(), name: wire.text(), count: wire.int(), value: wire.money() })),
  byParliamentarian: z.array(z.object({ name: wire.text(), count: wire.int(), value: wire.money() })),
  funnel: z.object({
    sent: amount,
    approved: amount,
    signed: amount,
    /** approved ÷ sent and signed ÷ approved, 0–1 (null when the stage before is empty). */
    approvalRate: z.number().nullable(),
    signatureRate: z.number().nullable(),
  }),
  total: amount,
});
export type FundraisingAnswer = z.infer<typeof fundraisingAnswer>;

export const paymentsAnswer = z.object({
  scope,
  byMonth: z.array(z.object({ month: wire.text(), kind: wire.oneOf(PAYMENT_KINDS), count: wire.int(), value: wire.money() })),
  byKind: z.array(z.object({ kind: wire.oneOf(PAYMENT_KINDS), count: wire.int(), value: wire.money() })),
  topPayees: z.array(z.object({ payee: wire.text(), document: wire.textOrNull(), count: wire.int(), value: wire.money() })),
  total: amount,
});
export type PaymentsAnswer = z.infer<typeof paymentsAnswer>;

const proposalGroup = z.object({ count: wire.int(), transferValue: wire.money(), globalValue: wire.money() });
export const proposalAnswer = z.object({
  scope,
  byStatus: z.array(proposalGroup.extend({ status: wire.oneOf(PROPOSAL_STATUSES) })),
  byProgram: z.array(proposalGroup.extend({ programId: wire.intOrNull(), code: wire.textOrNull(), name: wire.textOrNull() })),
  byGrantor: z.array(proposalGroup.extend({ grantorId: wire.intOrNull(), acronym: wire.textOrNull(), name: wire.textOrNull() })),
  /** Days spent in each status: how many proposals went through it, the sum and the average. */
  timeInStatus: z.array(z.object({ status: wire.oneOf(PROPOSAL_STATUSES), proposals: wire.int(), totalDays: z.number(), averageDays: z.number() })),
  /** Each proposal with its days in each status it went through (the newest PROPOSALS_LISTED). */
  proposals: z.array(
    z.object({
      id: wire.id(),
      nrProposal: wire.text(),
      proponentCnpj: wire.text(),
      object: wire.text(),
      status: wire.oneOf(PROPOSAL_STATUSES),
      proposalDate: wire.dateOrNull(),
      transferValue: wire.money(),
      days: z.record(z.string(), z.number()),
    }),
  ),
  total: proposalGroup,
});
export type ProposalAnswer = z.infer<typeof proposalAnswer>;

const valueTriple = z.object({ count: wire.int(), plannedValue: wire.money(), committedValue: wire.money(), paidValue: wire.money() });
export const transactionsAnswer = z.object({
  scope,
  today: wire.date(),
  days: wire.int(),
  groups: z.array(valueTriple.extend({ kind: wire.oneOf(REPORT_KINDS), year: wire.int(), situation: wire.text() })),
  byKind: z.array(valueTriple.extend({ kind: wire.oneOf(REPORT_KINDS) })),
  /** In force, ending within `days`, lowest execution (paid ÷ planned) first. */
  endingSoon: z.array(
    z.object({
      kind: wire.oneOf(REPORT_KINDS),
      key: wire.text(),
      title: wire.textOrNull(),
      companyName: wire.text(),
      situation: wire.text(),
      endsAt: wire.date(),
      plannedValue: wire.money(),
      paidValue: wire.money(),
      execution: z.number(),
    }),
  ),
  total: valueTriple,
});
export type TransactionsAnswer = z.infer<typeof transactionsAnswer>;

const municipalValues = z.object({ count: wire.int(), value: wire.money(), committedValue: wire.money(), paidValue: wire.money(), supplierPaidValue: wire.money() });
export const municipalAmendmentsAnswer = z.object({
  scope,
  byYear: z.array(municipalValues.extend({ year: wire.int() })),
  byStage: z.array(municipalValues.extend({ stage: wire.oneOf(MUNICIPAL_AMENDMENT_STAGES) })),
  byCouncillor: z.array(municipalValues.extend({ authorName: wire.text(), authorParty: wire.text() })),
  total: municipalValues,
});
export type MunicipalAmendmentsAnswer = z.infer<typeof municipalAmendmentsAnswer>;

/** Execution as a share (0–1): paid ÷ planned, 0 when nothing is planned. */
export function executionShare(paid: string | number, planned: string | number): number {
  const whole = Number(planned);
  return whole > 0 ? Number(paid) / whole : 0;
}
