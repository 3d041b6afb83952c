import { COD_PLAN, FUND_SITUATIONS } from "../../../src/domain/transfers";
import type { fundTransferPlans } from "../../db/schema";
import { RowProblem, dayOf, documentOf, moneyOr0, textOf } from "../values";
import type { TransferegovClient } from "./client";
import type { Progress } from "./especiais";
import type { Row } from "./tables";

/**
 * Fundo a fundo plans of one municipality (research notes 1.3): `planos-acao` filtered by the
 * receiving ente's CNPJ, with their `programas`, `empenhos` (the committed value) and the latest
 * `relatorios-gestao`, and the analyses of each plan and of its reports (issue 32). A plan of another
 * ente is counted as skipped and dropped.
 */

type FundPlan = Row<"fundoafundo/planos-acao">;
type FundProgram = Row<"fundoafundo/programas">;
type FundCommitment = Row<"fundoafundo/empenhos">;
type FundReport = Row<"fundoafundo/relatorios-gestao">;
export type FundPlanAnalysis = Row<"fundoafundo/planos-acao-analises">;
export type FundReportAnalysis = Row<"fundoafundo/relatorios-gestao-analises">;

export interface FetchedFundPlan {
  plan: FundPlan;
  program: FundProgram | null;
  commitments: FundCommitment[];
  reports: FundReport[];
  /** The analyses of the plan (planos-acao-analises) and of its management reports (relatorios-gestao-analises). */
  analyses: FundPlanAnalysis[];
  reportAnalyses: FundReportAnalysis[];
}

export interface FetchedFundoAFundo {
  plans: FetchedFundPlan[];
  skipped: number;
  /** Plans whose empenhos, reports or program could not be read: left as they are, with the reason. */
  unreadable: Map<number, string>;
  rowsRead: number;
}

/**
 * Every fundoafundo id filter takes a list (≤ 200, September 2026): the plans' empenhos, reports and
 * programs are asked in lists, so the cost is a few requests per 200 plans, not three per plan. A
 * list the source answers with a 500 is split in halves until the id it chokes on is found; that
 * plan is reported unreadable and the others are read.
 */
export async function fetchFundoAFundo(client: TransferegovClient, cnpj: string, progress: Progress): Promise<FetchedFundoAFundo> {
  const skippedBefore = client.skipped;
  let rowsRead = 0;
  const unreadable = new Map<number, string>();
  progress("Buscando os planos de ação (fundo a fundo)", 0, 1);
  const answered = await client.all("fundoafundo/planos-acao", { cnpj_ente_recebedor_plano_acao: cnpj });
  rowsRead += answered.length;
  const plans = answered.filter((plan) => documentOf(plan.cnpj_ente_recebedor_plano_acao) === cnpj && typeof plan.id_plano_acao === "number");
  const extraSkipped = answered.length - plans.length;
  const planIds = plans.map((plan) => plan.id_plano_acao!);

  const step = "Buscando programas, empenhos, relatórios de gestão e análises (fundo a fundo)";
  const listed = async <T extends "fundoafundo/empenhos" | "fundoafundo/relatorios-gestao" | "fundoafundo/planos-acao-analises">(table: T, label: string) => {
    const rows = await client.allIn(table, "id_plano_acao", planIds, {
      onUnreadable: (id, error) => unreadable.set(Number(id), `${label} do plano ${id}: ${error.message}`),
    });
    rowsRead += rows.length;
    return rows;
  };
  progress(step, 0, 5);
  const commitments = await listed("fundoafundo/empenhos", "empenhos");
  progress(step, 1, 5);
  const reports = await listed("fundoafundo/relatorios-gestao", "relatórios de gestão");
  progress(step, 2, 5);
  const analyses = await listed("fundoafundo/planos-acao-analises", "análises");
  progress(step, 3, 5);
  // The reports' analyses, asked by the reports' ids (the table has no plan column).
  const planOfReport = new Map(reports.map((report) => [report.id_relatorio_gestao, report.id_plano_acao]));
  const reportAnalyses = await client.allIn("fundoafundo/relatorios-gestao-analises", "id_relatorio_gestao", [...planOfReport.keys()].filter((id): id is number => typeof id === "number"), {
    onUnreadable: (id, error) => {
      const planId = planOfReport.get(Number(id));
      if (typeof planId === "number") unreadable.set(planId, `análises do relatório de gestão ${id}: ${error.message}`);
    },
  });
  rowsRead += reportAnalyses.length;
  progress(step, 4, 5);
  const programIds = [...new Set(plans.map((plan) => plan.id_programa).filter((id): id is number => typeof id === "number"))];
  const programRows = await client.allIn("fundoafundo/programas", "id_programa", programIds, {
    onUnreadable: (id, error) => {
      for (const plan of plans) if (plan.id_programa === Number(id)) unreadable.set(plan.id_plano_acao!, `programa ${id}: ${error.message}`);
    },
  });
  rowsRead += programRows.length;
  progress(step, 5, 5);

  const programs = new Map(programRows.map((row) => [row.id_programa!, row]));
  const byPlan = <R extends { id_plano_acao?: number | null }>(rows: R[]) => {
    const map = new Map<number, R[]>();
    for (const row of rows) if (typeof row.id_plano_acao === "number") map.set(row.id_plano_acao, [...(map.get(row.id_plano_acao) ?? []), row]);
    return map;
  };
  const commitmentsOf = byPlan(commitments);
  const reportsOf = byPlan(reports);
  const analysesOf = byPlan(analyses);
  const reportAnalysesOf = new Map<number, FundReportAnalysis[]>();
  for (const row of reportAnalyses) {
    const planId = planOfReport.get(row.id_relatorio_gestao);
    if (typeof planId === "number") reportAnalysesOf.set(planId, [...(reportAnalysesOf.get(planId) ?? []), row]);
  }
  const fetched: FetchedFundPlan[] = plans
    .filter((plan) => !unreadable.has(plan.id_plano_acao!))
    .map((plan) => ({
      plan,
      program: typeof plan.id_programa === "number" ? (programs.get(plan.id_programa) ?? null) : null,
      commitments: commitmentsOf.get(plan.id_plano_acao!) ?? [],
      reports: reportsOf.get(plan.id_plano_acao!) ?? [],
      analyses: analysesOf.get(plan.id_plano_acao!) ?? [],
      reportAnalyses: reportAnalysesOf.get(plan.id_plano_acao!) ?? [],
    }));
  return { plans: fetched, skipped: client.skipped - skippedBefore + extraSkipped, unreadable, rowsRead };
}

export type FundPlanValues = Omit<typeof fundTransferPlans.$inferInsert, "companyId" | "isPublic" | "internalNotes" | "paidValue" | "parliamentarianName" | "id">;
type FundSituation = (typeof FUND_SITUATIONS)[number];

const plain = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z]+/g, "_")
    .replace(/^_|_$/g, "");

/** situacao_plano_acao onto our situations; the source's own text is kept beside it. */
export function fundSituationOf(text: string | null | undefined): FundSituation {
  const code = plain(text ?? "");
  if ((FUND_SITUATIONS as readonly string[]).includes(code)) return code as FundSituation;
  if (/CANCEL|REJEIT|INATIV|EXCLU/.test(code)) return "CANCELADO";
  if (/CONCLU|FINALIZ|ENCERR/.test(code)) return "CONCLUIDO";
  if (/EXECU/.test(code)) return "EM_EXECUCAO";
  if (/AUTORIZ|APROV|ASSINAD/.test(code)) return "AUTORIZADO";
  if (/COMPLEMENT|AJUST|DILIGENC/.test(code)) return "EM_COMPLEMENTACAO";
  if (/ANALISE|ENVIAD/.test(code)) return "ENVIADO_ANALISE";
  return "EM_ELABORACAO";
}

/** Commitments that count: issued ones (a draft or a pending one has not committed anything yet). */
const issued = (commitment: FundCommitment) => /REGISTRADO|ENVIADO/.test(plain(commitment.descricao_situacao_empenho ?? ""));

/** The latest management report as `PARCIAL · EM_ELABORACAO`. */
function reportStatusOf(reports: FundReport[]): string | null {
  const [latest] = [...reports].sort((a, b) => String(b.data_e_hora_relatorio_gestao ?? b.data_relatorio_gestao ?? "").localeCompare(String(a.data_e_hora_relatorio_gestao ?? a.data_relatorio_gestao ?? "")) || (b.id_relatorio_gestao ?? 0) - (a.id_relatorio_gestao ?? 0));
  if (!latest) return null;
  return [textOf(latest.tipo_relatorio_gestao), textOf(latest.situacao_relatorio_gestao)].filter(Boolean).join(" · ") || null;
}

export function toFundPlan(fetched: FetchedFundPlan): FundPlanValues {
  const { plan, program } = fetched;
  const codPlan = textOf(plan.codigo_plano_acao) ?? "";
  if (!COD_PLAN.test(codPlan)) throw new RowProblem("codigo_plano_acao", `código do plano fora do formato 30882120230006-010014: ${codPlan || "(vazio)"}`);
  const validityStart = dayOf(plan.data_inicio_vigencia_plano_acao, "data_inicio_vigencia_plano_acao");
  let validityEnd = dayOf(plan.data_fim_vigencia_plano_acao, "data_fim_vigencia_plano_acao");
  if (validityStart && validityEnd && validityEnd < validityStart) validityEnd = null;
  // The program's year, else the one inside the code (órgão 6 + ano 4 + sequencial 4).
  const year = program?.ano_programa ?? Number(codPlan.slice(6, 10));
  if (!Number.isInteger(year) || year < 2000 || year > 2100) throw new RowProblem("ano_programa", `ano do plano inválido: ${codPlan}`);
  const committed = fetched.commitments.filter(issued).reduce((sum, row) => sum + Math.round(Number(moneyOr0(row.valor_empenho, "valor_empenho")) * 100), 0);
  return {
    codPlan,
    year,
    situation: fundSituationOf(plan.situacao_plano_acao),
    sourceStatus: textOf(plan.situacao_plano_acao),
    programCode: textOf(program?.codigo_programa, 20),
    programName: textOf(program?.nome_programa),
    grantorAcronym: textOf(plan.sigla_orgao_repassador_plano_acao, 20),
    grantorName: textOf(plan.nome_orgao_repassador_plano_acao),
    transferringFundName: textOf(plan.nome_fundo_repassador_plano_acao),
    receivingFundCnpj: textOf(documentOf(plan.cnpj_fundo_vinculado_plano_acao), 14),
    receivingFundName: textOf(plan.nome_fundo_vinculado_plano_acao),
    validityStart,
    validityEnd,
    objectives: textOf(plan.objetivos_plano_acao),
    amendmentTransferValue: moneyOr0(plan.valor_repasse_emenda_plano_acao, "valor_repasse_emenda_plano_acao"),
    specificTransferValue: moneyOr0(plan.valor_repasse_especifico_plano_acao, "valor_repasse_especifico_plano_acao"),
    voluntaryTransferValue: moneyOr0(plan.valor_repasse_voluntario_plano_acao, "valor_repasse_voluntario_plano_acao"),
    ownResourcesValue: moneyOr0(plan.valor_recursos_proprios_plano_acao, "valor_recursos_proprios_plano_acao"),
    committedValue: (committed / 100).toFixed(2),
    managementReportStatus: reportStatusOf(fetched.reports),
    source: "transferegov_fundoafundo",
    externalId: String(plan.id_plano_acao),
    raw: { plano_acao: plan, programa: program, empenhos: fetched.commitments, relatorios_gestao: fetched.reports },
  };
}
