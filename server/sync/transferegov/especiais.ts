import { IMPOSITION_NR, IMPOSITION_SITUATIONS, EXPENSE_CATEGORIES, type ImpositionSituation } from "../../../src/domain/transfers";
import type { impositionTransfers, transactionPayments } from "../../db/schema";
import { RowProblem, dayOf, documentOf, instantOf, moneyOf, moneyOr0, pad, smallintOf, textOf } from "../values";
import type { TransferegovClient } from "./client";
import type { Row } from "./tables";

/**
 * Transferências especiais ("emendas PIX") of one municipality, following the chain of research
 * notes 1.2: beneficiarios_especiais (CNPJ → id_beneficiario) → planos_acao_especiais → for each
 * plan planos_trabalho_especiais (execution dates), empenhos_especiais → documentos_habeis_especiais
 * → ordens_pagamentos_ordens_bancarias_especiais (the money moved is the DH's valor_dh); and the
 * plans' programs (programas_especiais) for the grantor. Every row is checked to belong to the
 * municipality before it is kept: a row of anybody else is counted as skipped and dropped.
 */

type Plan = Row<"especiais/planos_acao_especiais">;
type WorkPlan = Row<"especiais/planos_trabalho_especiais">;
type Commitment = Row<"especiais/empenhos_especiais">;
type HabilDocument = Row<"especiais/documentos_habeis_especiais">;
type PaymentOrder = Row<"especiais/ordens_pagamentos_ordens_bancarias_especiais">;
type Program = Row<"especiais/programas_especiais">;
export type StatementEntry = Row<"especiais/gestao_financeira_lancamentos_especiais">;
export type Subtransaction = Row<"especiais/gestao_financeira_subtransacoes_especiais">;
export type AccountBalance = Row<"especiais/saldo_conta_gestao_financeira_especiais">;
export type Return = Row<"especiais/devolucao_especiais">;
export type WorkPlanAnalysis = Row<"especiais/planos_trabalho_analises_especiais">;
export type WorkPlanAnalysisStep = Row<"especiais/plano_trabalho_analise_historico_especiais">;
export type PendingBody = Row<"especiais/orgaos_analises_pendentes_especiais">;

/**
 * Where the emenda's current plano de trabalho stands: its analyses, each with its history (or
 * `null` when the history was not asked because the analysis is concluded and unchanged since the
 * last run, so what is stored still holds), and the bodies still holding it.
 */
export interface FetchedAnalyses {
  workPlanId: number | null;
  analyses: { analysis: WorkPlanAnalysis; history: WorkPlanAnalysisStep[] | null }[];
  pendingBodies: PendingBody[];
}

/**
 * What the product already holds of an analysis (its date, situation and opinion as last read), so
 * an unchanged concluded analysis does not cost a history request every night.
 */
export type KnownAnalyses = ReadonlyMap<number, string>;

/** The fingerprint of an analysis that decides whether its history may have changed. */
export const analysisFingerprint = (analysis: Record<string, unknown>) =>
  [analysis.data_analise_pt, analysis.situacao_analise_pt, analysis.situacao_parecer_analise_pt].map((v) => String(v ?? "")).join("|");

/** "Concluída": the analysis is over, its history will not grow. */
const concluded = (analysis: WorkPlanAnalysis) => (analysis.situacao_analise_pt ?? "").trim().toLowerCase().startsWith("conclu");

/** The plan's flag says no body holds it ("Não"): the pending-bodies table has nothing to add. */
const noPendingBodies = (workPlan: WorkPlan) => /^n[ãa]o$/i.test((workPlan.ind_orgao_analises_pendentes ?? "").trim());

/** The specific account of one emenda, as the bank reports it to Transferegov. */
export interface FetchedAccount {
  entries: { entry: StatementEntry; subtransactions: Subtransaction[] }[];
  /** The latest dated balance, if the source has one. */
  balance: AccountBalance | null;
  returns: Return[];
}

export interface FetchedPlan {
  plan: Plan;
  workPlans: WorkPlan[];
  commitments: { commitment: Commitment; documents: { document: HabilDocument; orders: PaymentOrder[] }[] }[];
  program: Program | null;
  account: FetchedAccount;
  analyses: FetchedAnalyses;
}

export interface FetchedEspeciais {
  /** Whether Transferegov knows the municipality as a beneficiary at all. */
  beneficiaryFound: boolean;
  plans: FetchedPlan[];
  /** Rows the API answered that belong to somebody else (dropped by the client, or here). */
  skipped: number;
  /** Rows read, every table together (freshness record). */
  rowsRead: number;
}

export type Progress = (step: string, done: number, total: number) => void;

/** The latest balance of an account: by its date, then the last answered. */
function latestBalance(rows: AccountBalance[]): AccountBalance | null {
  return [...rows].sort((a, b) => String(b.data_saldo_conta ?? "").localeCompare(String(a.data_saldo_conta ?? "")))[0] ?? null;
}

/**
 * The chain of one municipality. Every especiais hop takes one id per request (September 2026), so
 * the per-plan cost is fixed: one request per plan for each of planos-trabalho, empenhos and the
 * account balance, one per empenho for documentos hábeis and one per documento for payment orders
 * (nothing is asked twice). What the API lets us ask by the municipality's CNPJ is asked once, paged:
 * the bank statement of every account and the returns. Sub-transactions are asked only for the
 * statement entries that say they have some.
 */
export async function fetchEspeciais(client: TransferegovClient, cnpj: string, progress: Progress, known: KnownAnalyses = new Map()): Promise<FetchedEspeciais> {
  const skippedBefore = client.skipped;
  let extraSkipped = 0;
  let rowsRead = 0;
  const read = <R>(rows: R[]) => {
    rowsRead += rows.length;
    return rows;
  };
  progress("Buscando o beneficiário (transferências especiais)", 0, 1);
  const beneficiaries = read(await client.all("especiais/beneficiarios_especiais", { cnpj_beneficiario: cnpj })).filter((row) => documentOf(row.cnpj_beneficiario) === cnpj);
  const beneficiaryIds = [...new Set(beneficiaries.map((row) => row.id_beneficiario).filter((id): id is number => typeof id === "number"))];

  const plans: Plan[] = [];
  for (const id of beneficiaryIds) {
    progress("Buscando os planos de ação (transferências especiais)", 0, 1);
    plans.push(...read(await client.all("especiais/planos_acao_especiais", { id_beneficiario: id })).filter((plan) => typeof plan.id_plano_acao === "number"));
  }

  // The money trail, asked by the municipality's CNPJ: one paged read each, whatever the number of plans.
  const accounts = new Map<string, number>();
  for (const plan of plans) if (textOf(plan.id_agencia_conta)) accounts.set(textOf(plan.id_agencia_conta)!, plan.id_plano_acao!);
  const planIds = new Set(plans.map((plan) => plan.id_plano_acao!));
  const trail = new Map<number, FetchedAccount>(plans.map((plan) => [plan.id_plano_acao!, { entries: [], balance: null, returns: [] }]));
  if (plans.length > 0) {
    progress("Buscando o extrato das contas específicas", 0, 1);
    const entries = read(await client.all("especiais/gestao_financeira_lancamentos_especiais", { cnpj_ente_solicitante_gestao_financeira: cnpj }));
    const withSubtransactions = entries.filter((entry) => (entry.quantidade_subtransacoes_lancamento_gestao_financeira ?? 0) > 0).length;
    let done = 0;
    for (const entry of entries) {
      const planId = accounts.get(textOf(entry.id_agencia_conta) ?? "");
      if (planId === undefined || !textOf(entry.id_lancamento_gestao_financeira)) {
        extraSkipped += 1;
        continue;
      }
      let subtransactions: Subtransaction[] = [];
      if ((entry.quantidade_subtransacoes_lancamento_gestao_financeira ?? 0) > 0) {
        progress("Buscando os pagamentos de cada lançamento do extrato", done++, withSubtransactions);
        subtransactions = read(await client.all("especiais/gestao_financeira_subtransacoes_especiais", { id_lancamento_gestao_financeira: String(entry.id_lancamento_gestao_financeira) }));
      }
      trail.get(planId)!.entries.push({ entry, subtransactions });
    }
    progress("Buscando as devoluções (rendimentos e restituições)", 0, 1);
    for (const devolution of read(await client.all("especiais/devolucao_especiais", { tx_cnpj_devolucao: cnpj }))) {
      if (typeof devolution.id_plano_acao === "number" && planIds.has(devolution.id_plano_acao)) trail.get(devolution.id_plano_acao)!.returns.push(devolution);
      else extraSkipped += 1;
    }
  }

  const programs = new Map<number, Program | null>();
  const fetched: FetchedPlan[] = [];
  const step = "Buscando plano de trabalho e suas análises, empenhos, ordens bancárias e saldo dos planos de ação";
  for (const [index, plan] of plans.entries()) {
    progress(step, index, plans.length);
    const planId = plan.id_plano_acao!;
    const workPlans = read(await client.all("especiais/planos_trabalho_especiais", { id_plano_acao: planId }));
    const commitments: FetchedPlan["commitments"] = [];
    for (const commitment of read(await client.all("especiais/empenhos_especiais", { id_plano_acao: planId }))) {
      const documents: FetchedPlan["commitments"][number]["documents"] = [];
      if (typeof commitment.id_empenho === "number") {
        for (const document of read(await client.all("especiais/documentos_habeis_especiais", { id_empenho: commitment.id_empenho }))) {
          const orders = typeof document.id_dh === "number" ? read(await client.all("especiais/ordens_pagamentos_ordens_bancarias_especiais", { id_dh: document.id_dh })) : [];
          documents.push({ document, orders });
        }
      }
      commitments.push({ commitment, documents });
    }
    const account = trail.get(planId)!;
    const accountKey = textOf(plan.id_agencia_conta);
    if (accountKey) account.balance = latestBalance(read(await client.all("especiais/saldo_conta_gestao_financeira_especiais", { id_agencia_conta: accountKey })));
    const programId = plan.id_programa;
    if (typeof programId === "number" && !programs.has(programId)) {
      const [program] = read(await client.all("especiais/programas_especiais", { id_programa: programId }));
      programs.set(programId, program ?? null);
    }
    const analyses = await fetchAnalyses(client, currentWorkPlan(workPlans), known, read);
    fetched.push({ plan, workPlans, commitments, program: typeof programId === "number" ? (programs.get(programId) ?? null) : null, account, analyses });
  }
  progress(step, plans.length, plans.length);
  return { beneficiaryFound: beneficiaryIds.length > 0, plans: fetched, skipped: client.skipped - skippedBefore + extraSkipped, rowsRead };
}

/**
 * The analyses of the emenda's current work plan (one request; every especiais filter here takes
 * one id), each analysis' history (one request per analysis, skipped for a concluded analysis the
 * product already holds unchanged) and the bodies still holding the plan (one request, skipped when
 * the work plan itself says no body holds it). Only the current work plan is asked, so the cost
 * stays at one request per plan per table.
 */
async function fetchAnalyses(client: TransferegovClient, workPlan: WorkPlan | undefined, known: KnownAnalyses, read: <R>(rows: R[]) => R[]): Promise<FetchedAnalyses> {
  const workPlanId = typeof workPlan?.id_plano_trabalho === "number" ? workPlan.id_plano_trabalho : null;
  if (!workPlan || workPlanId === null) return { workPlanId: null, analyses: [], pendingBodies: [] };
  const analyses: FetchedAnalyses["analyses"] = [];
  for (const analysis of read(await client.all("especiais/planos_trabalho_analises_especiais", { id_plano_trabalho: workPlanId }))) {
    const id = analysis.id_plano_trabalho_analise_pt;
    if (typeof id !== "number") {
      analyses.push({ analysis, history: [] });
      continue;
    }
    const unchanged = concluded(analysis) && known.get(id) === analysisFingerprint(analysis);
    const history = unchanged ? null : read(await client.all("especiais/plano_trabalho_analise_historico_especiais", { id_plano_trabalho_analise_pt: id }));
    analyses.push({ analysis, history });
  }
  const pendingBodies = noPendingBodies(workPlan) ? [] : read(await client.all("especiais/orgaos_analises_pendentes_especiais", { id_plano_trabalho: workPlanId }));
  return { workPlanId, analyses, pendingBodies };
}

// ---------- mapping ----------

export type ImpositionValues = Omit<typeof impositionTransfers.$inferInsert, "companyId" | "isPublic" | "internalNotes" | "legislativeNotifiedAt" | "id">;
export type PaymentValues = Omit<typeof transactionPayments.$inferInsert, "companyId" | "impositionTransferId" | "voluntaryTransferId" | "id">;

/** The program every transferência especial belongs to (codigo_plano_acao starts with it). */
const SPECIAL_PROGRAM_NAME = "TRANSFERÊNCIAS ESPECIAIS";

function expenseCategoryOf(plan: Plan, costing: string, investment: string): ImpositionValues["expenseCategory"] {
  const given = plan.categoria_despesa_plano_acao?.trim().toUpperCase();
  if (given && (EXPENSE_CATEGORIES as readonly string[]).includes(given)) return given as ImpositionValues["expenseCategory"];
  const hasCosting = Number(costing) > 0;
  const hasInvestment = Number(investment) > 0;
  return hasCosting && hasInvestment ? "CUSTEIO E INVESTIMENTO" : hasCosting ? "CUSTEIO" : "INVESTIMENTO";
}

function situationOf(plan: Plan): ImpositionSituation {
  const given = plan.situacao_plano_acao?.trim().toUpperCase() ?? "";
  if ((IMPOSITION_SITUATIONS as readonly string[]).includes(given)) return given as ImpositionSituation;
  throw new RowProblem("situacao_plano_acao", `situação desconhecida: ${plan.situacao_plano_acao ?? "(vazia)"}`);
}

/** The amendment number (12 digits): as given, or composed from year, parliamentarian and sequence. */
function amendmentNumberOf(plan: Plan): string {
  const given = plan.numero_emenda_parlamentar_plano_acao;
  if (given !== null && given !== undefined && /^\d{12}$/.test(String(given))) return String(given);
  const year = plan.ano_emenda_parlamentar_plano_acao ?? plan.ano_plano_acao;
  const composed = `${year}${pad(plan.codigo_parlamentar_emenda_plano_acao, 4)}${pad(plan.sequencial_emenda_parlamentar_plano_acao, 4)}`;
  if (/^\d{12}$/.test(composed)) return composed;
  throw new RowProblem("numero_emenda_parlamentar_plano_acao", `número da emenda inválido: ${String(given ?? "(vazio)")}`);
}

/** A bank's code has three digits; the API sometimes answers it as a number that lost its zeros (1 for 001). */
export function bankCodeOf(value: unknown): string | null {
  const text = textOf(value);
  if (!text) return null;
  return /^\d{1,3}$/.test(text) ? text.padStart(3, "0") : text.slice(0, 3);
}

const withDigit = (number: unknown, digit: unknown, max: number) => {
  const base = textOf(number);
  if (!base) return null;
  const dv = textOf(digit);
  return textOf(dv ? `${base}-${dv}` : base, max);
};

/** The work plan whose dates count: the most recent by its situation time, then by id. */
export function currentWorkPlan(workPlans: WorkPlan[]): WorkPlan | undefined {
  return [...workPlans].sort((a, b) => String(b.dt_hora_situacao_plano_trabalho ?? "").localeCompare(String(a.dt_hora_situacao_plano_trabalho ?? "")) || (b.id_plano_trabalho ?? 0) - (a.id_plano_trabalho ?? 0))[0];
}

function instantOrNull(value: unknown): Date | null {
  try {
    return instantOf(value, "dt_hora_situacao_plano_trabalho");
  } catch {
    return null;
  }
}

export function toImpositionTransfer(fetched: FetchedPlan): ImpositionValues {
  const { plan, program } = fetched;
  const nrTransfer = textOf(plan.codigo_plano_acao) ?? "";
  if (!IMPOSITION_NR.test(nrTransfer)) throw new RowProblem("codigo_plano_acao", `código do plano de ação fora do formato 09032025-079703: ${nrTransfer || "(vazio)"}`);
  const year = plan.ano_plano_acao ?? Number(nrTransfer.slice(4, 8));
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new RowProblem("ano_plano_acao", `ano inválido: ${String(plan.ano_plano_acao)}`);
  const costingValue = moneyOr0(plan.valor_custeio_plano_acao, "valor_custeio_plano_acao");
  const investmentValue = moneyOr0(plan.valor_investimento_plano_acao, "valor_investimento_plano_acao");
  const workPlan = currentWorkPlan(fetched.workPlans);
  const executionStart = dayOf(workPlan?.data_inicio_execucao_plano_trabalho, "data_inicio_execucao_plano_trabalho");
  let executionEnd = dayOf(workPlan?.data_fim_execucao_plano_trabalho, "data_fim_execucao_plano_trabalho");
  // An end before the start cannot be stored (and cannot be right): the raw row keeps what came.
  if (executionStart && executionEnd && executionEnd < executionStart) executionEnd = null;
  return {
    nrTransfer,
    year,
    situation: situationOf(plan),
    impedimentReason: textOf(plan.motivo_impedimento_plano_acao),
    amendmentNumber: amendmentNumberOf(plan),
    parliamentarianName: textOf(plan.nome_parlamentar_emenda_plano_acao) ?? "Não informado",
    parliamentarianCode: smallintOf(plan.codigo_parlamentar_emenda_plano_acao),
    programCode: textOf(program?.codigo_programa, 20) ?? nrTransfer.slice(0, 4),
    programName: SPECIAL_PROGRAM_NAME,
    grantorAcronym: textOf(program?.sigla_orgao_superior_programa, 20),
    grantorName: textOf(program?.nome_orgao_superior_programa),
    expenseCategory: expenseCategoryOf(plan, costingValue, investmentValue),
    costingValue,
    investmentValue,
    acceptedAt: dayOf(plan.data_aceite_plano_acao, "data_aceite_plano_acao"),
    objectName: textOf(plan.nome_objeto),
    objectDetail: textOf(plan.detalhamento_objeto),
    policyAreas: textOf(plan.codigo_descricao_areas_politicas_publicas_plano_acao),
    bankCode: bankCodeOf(plan.codigo_banco_plano_acao),
    bankName: textOf(plan.nome_banco_plano_acao),
    agency: withDigit(plan.numero_agencia_plano_acao, plan.dv_agencia_plano_acao, 10),
    account: withDigit(plan.numero_conta_plano_acao, plan.dv_conta_plano_acao, 20),
    executionStart,
    executionEnd,
    workPlanId: typeof workPlan?.id_plano_trabalho === "number" ? workPlan.id_plano_trabalho : null,
    workPlanStatus: textOf(workPlan?.situacao_plano_trabalho, 60),
    // An unreadable situation time loses only that time, never the emenda (the raw row keeps what came).
    workPlanStatusAt: instantOrNull(workPlan?.dt_hora_situacao_plano_trabalho),
    source: "transferegov_especiais",
    externalId: String(plan.id_plano_acao),
    raw: { plano_acao: plan, planos_trabalho: fetched.workPlans, programa: program },
  };
}

/** Empenho "Enviado" has been issued; a "Minuta de Empenho" is only a draft. */
function commitmentStatus(commitment: Commitment): PaymentValues["status"] {
  const text = commitment.descricao_situacao_empenho?.trim().toLowerCase() ?? "";
  return text === "enviado" || text.includes("registrado") ? "EFETIVADO" : "PENDENTE";
}

/** "OB Enviada à instituição bancária para pagamento" moved the money; a pending OP did not. */
function orderStatus(order: PaymentOrder): PaymentValues["status"] {
  const text = order.descricao_situacao_op?.trim().toLowerCase() ?? "";
  if (text.includes("pendente")) return "PENDENTE";
  return text.startsWith("ob enviada") || textOf(order.numero_ordem_bancaria) ? "EFETIVADO" : "PENDENTE";
}

/** The plan's movements: each empenho a commitment, each OP/OB (valued at its DH's valor_dh) a bank order. */
export function toImpositionPayments(fetched: FetchedPlan, onProblem: (problem: RowProblem, what: string) => void): PaymentValues[] {
  const payments: PaymentValues[] = [];
  for (const { commitment, documents } of fetched.commitments) {
    const what = `empenho ${commitment.numero_empenho ?? commitment.id_empenho}`;
    try {
      const paymentDate = dayOf(commitment.data_emissao_empenho, "data_emissao_empenho");
      if (!paymentDate) throw new RowProblem("data_emissao_empenho", "empenho sem data de emissão");
      payments.push({
        kind: "COMMITMENT",
        status: commitmentStatus(commitment),
        documentNumber: textOf(commitment.numero_empenho, 30) ?? `NE ${commitment.id_empenho}`,
        paymentDate,
        amount: moneyOr0(commitment.valor_empenho, "valor_empenho"),
        description: textOf(`Empenho ${commitment.descricao_situacao_empenho ?? ""}`.trim()),
        source: "transferegov_especiais",
        externalId: `empenho:${commitment.id_empenho}`,
        raw: { empenho: commitment },
      });
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error;
      onProblem(error, what);
    }
    for (const { document, orders } of documents) {
      for (const order of orders) {
        const orderWhat = `ordem ${order.numero_ordem_bancaria ?? order.numero_ordem_pagamento ?? order.id_op_ob}`;
        try {
          const paymentDate = dayOf(order.data_emissao_ob, "data_emissao_ob") ?? dayOf(order.data_emissao_op, "data_emissao_op") ?? dayOf(document.data_emissao_dh, "data_emissao_dh");
          if (!paymentDate) throw new RowProblem("data_emissao_ob", "ordem bancária sem data");
          const amount = moneyOf(document.valor_dh, "valor_dh");
          if (amount === null) throw new RowProblem("valor_dh", "documento hábil sem valor");
          payments.push({
            kind: "BANK_ORDER",
            status: orderStatus(order),
            documentNumber: textOf(order.numero_ordem_bancaria, 30) ?? textOf(order.numero_ordem_pagamento, 30) ?? textOf(document.numero_documento_habil, 30) ?? `OP ${order.id_op_ob}`,
            paymentDate,
            amount,
            description: textOf(order.descricao_situacao_op),
            source: "transferegov_especiais",
            externalId: `op_ob:${order.id_op_ob}`,
            raw: { ordem: order, documento_habil: document },
          });
        } catch (error) {
          if (!(error instanceof RowProblem)) throw error;
          onProblem(error, orderWhat);
        }
      }
    }
  }
  return payments;
}
