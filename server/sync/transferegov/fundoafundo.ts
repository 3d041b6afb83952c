import { COD_PLAN, FUND_SITUATIONS } from "../../../src/domain/transfers";
import type { fundTransferPlans } from "../../db/schema";
import { RowProblem, dayOf, documentOf, moneyOr0, textOf } from "../values";
import type { TransferegovClient } from "./client";
import type { Progress } from "./especiais";
import type { Row } from "./tables";

/**
 * Fundo a fundo plans of one municipality (research notes 1.3): `planos-acao` filtered by the
 * receiving ente's CNPJ, with their `programas`, `empenhos` (the committed value) and the latest
 * `relatorios-gestao`. A plan of another ente is counted as skipped and dropped.
 */

type FundPlan = Row<"fundoafundo/planos-acao">;
type FundProgram = Row<"fundoafundo/programas">;
type FundCommitment = Row<"fundoafundo/empenhos">;
type FundReport = Row<"fundoafundo/relatorios-gestao">;

export interface FetchedFundPlan {
  plan: FundPlan;
  program: FundProgram | null;
  commitments: FundCommitment[];
  reports: FundReport[];
}

export interface FetchedFundoAFundo {
  plans: FetchedFundPlan[];
  skipped: number;
}

export async function fetchFundoAFundo(client: TransferegovClient, cnpj: string, progress: Progress): Promise<FetchedFundoAFundo> {
  let skipped = 0;
  progress("Buscando os planos de ação (fundo a fundo)", 0, 1);
  const answered = await client.all("fundoafundo/planos-acao", { cnpj_ente_recebedor_plano_acao: cnpj });
  const plans = answered.filter((plan) => documentOf(plan.cnpj_ente_recebedor_plano_acao) === cnpj && typeof plan.id_plano_acao === "number");
  skipped += answered.length - plans.length;

  const programs = new Map<number, FundProgram | null>();
  const fetched: FetchedFundPlan[] = [];
  for (const [index, plan] of plans.entries()) {
    progress("Buscando programas, empenhos e relatórios de gestão (fundo a fundo)", index, plans.length);
    const planId = plan.id_plano_acao!;
    const ownRows = <R extends { id_plano_acao?: number | null }>(rows: R[]) => {
      const kept = rows.filter((row) => row.id_plano_acao === planId);
      skipped += rows.length - kept.length;
      return kept;
    };
    const commitments = ownRows(await client.all("fundoafundo/empenhos", { id_plano_acao: planId }));
    const reports = ownRows(await client.all("fundoafundo/relatorios-gestao", { id_plano_acao: planId }));
    const programId = plan.id_programa;
    if (typeof programId === "number" && !programs.has(programId)) {
      const rows = await client.all("fundoafundo/programas", { id_programa: programId });
      const program = rows.find((row) => row.id_programa === programId) ?? null;
      skipped += rows.length - (program ? 1 : 0);
      programs.set(programId, program);
    }
    fetched.push({ plan, program: typeof programId === "number" ? (programs.get(programId) ?? null) : null, commitments, reports });
  }
  progress("Buscando programas, empenhos e relatórios de gestão (fundo a fundo)", plans.length, plans.length);
  return { plans: fetched, skipped };
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
