import type { Db } from "../../db/client";
import { fundPlanAnalyses } from "../../db/schema";
import { RowProblem, dayOf, textOf } from "../values";
import { markMissing, upsertSynced } from "../upsert";
import type { FundPlanAnalysis, FundReportAnalysis } from "./fundoafundo";

/**
 * The analyses of each fundo a fundo plan and of its management reports (issue 32), into
 * fund_plan_analyses, upserted on their source ids like every synced row: a second run writes
 * nothing, an analysis the source dropped is marked, never deleted.
 */

const SOURCE = "transferegov_fundoafundo" as const;

type AnalysisValues = Omit<typeof fundPlanAnalyses.$inferInsert, "id" | "createdAt" | "updatedAt">;
const OWNED = ["planId", "subject", "reportId", "analysisType", "result", "analyzedOn", "opinion", "origin", "raw"] as const;

export interface FundAnalysesInput {
  planId: number;
  analyses: FundPlanAnalysis[];
  reportAnalyses: FundReportAnalysis[];
}

/** A code as the source sends it ("COM_RESSALVA", "Técnica"), trimmed to the column. */
const codeOf = (value: unknown, max: number) => textOf(value, max);

export async function storeFundAnalyses(
  tx: Db,
  companyId: number,
  plans: FundAnalysesInput[],
  now: Date,
  onProblem: (problem: RowProblem, what: string) => void,
  /** The plans whose analyses were read (a plan the source could not answer for keeps what it had). */
  complete: boolean,
): Promise<{ created: number; updated: number; unchanged: number; missing: number }> {
  const rows: (AnalysisValues & { companyId: number })[] = [];
  for (const { planId, analyses, reportAnalyses } of plans) {
    for (const analysis of analyses) {
      if (typeof analysis.id_analise_plano_acao !== "number") continue;
      try {
        rows.push({
          companyId,
          planId,
          subject: "PLANO_ACAO",
          reportId: null,
          analysisType: codeOf(analysis.tipo_analise_plano_acao, 40),
          result: codeOf(analysis.tipo_resultado_analise_plano_acao, 40),
          analyzedOn: dayOf(analysis.data_analise_plano_acao, "data_analise_plano_acao"),
          opinion: textOf(analysis.parecer_analise_plano_acao),
          origin: codeOf(analysis.tipo_origem_analise_plano_acao, 60),
          source: SOURCE,
          externalId: `plano:${analysis.id_analise_plano_acao}`,
          raw: analysis,
        });
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        onProblem(error, `análise ${analysis.id_analise_plano_acao} do plano fundo a fundo`);
      }
    }
    for (const analysis of reportAnalyses) {
      if (typeof analysis.id_relatorio_gestao_analise !== "number") continue;
      try {
        rows.push({
          companyId,
          planId,
          subject: "RELATORIO_GESTAO",
          reportId: analysis.id_relatorio_gestao ?? null,
          analysisType: codeOf(analysis.tipo_analise_relatorio_gestao_analise, 40),
          result: codeOf(analysis.resultado_analise_relatorio_gestao_analise, 40),
          analyzedOn: dayOf(analysis.data_analise_relatorio_gestao_analise, "data_analise_relatorio_gestao_analise"),
          opinion: textOf(analysis.parecer_analise_relatorio_gestao_analise),
          origin: codeOf(analysis.origem_analise_relatorio_gestao_analise, 60),
          source: SOURCE,
          externalId: `relatorio:${analysis.id_relatorio_gestao_analise}`,
          raw: analysis,
        });
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        onProblem(error, `análise ${analysis.id_relatorio_gestao_analise} do relatório de gestão`);
      }
    }
  }
  const result = await upsertSynced<AnalysisValues>(tx, { table: fundPlanAnalyses, target: [fundPlanAnalyses.companyId, fundPlanAnalyses.source, fundPlanAnalyses.externalId], owned: [...OWNED] }, rows, now);
  const missing = complete ? (await markMissing(tx, fundPlanAnalyses, companyId, SOURCE, rows.map((row) => row.externalId), now)).length : 0;
  return { created: result.created, updated: result.updated, unchanged: result.unchanged, missing };
}
