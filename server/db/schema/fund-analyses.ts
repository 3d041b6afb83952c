import { date, foreignKey, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { FUND_ANALYSIS_SUBJECTS } from "../../../src/domain/sync";
import { timestamps } from "./companies";
import { fundTransferPlans } from "./transfers";
import { companyId, synced } from "./account-trail";

/**
 * The analyses Transferegov's fundo a fundo module publishes for a plan (issue 32): of the plano de
 * ação itself (`planos-acao-analises`: mérito, técnica, financeira; aprovado, com ressalva,
 * complementação, rejeitado) and of its relatórios de gestão (`relatorios-gestao-analises`). The
 * sync fills this; the fundo a fundo page shows it. Type and result are kept as the source sent them
 * (the screen labels the codes it knows and shows any other as sent).
 */
export const fundPlanAnalyses = pgTable(
  "fund_plan_analyses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    planId: integer("plan_id").notNull(),
    /** PLANO_ACAO: planos-acao-analises; RELATORIO_GESTAO: relatorios-gestao-analises. */
    subject: varchar("subject", { length: 16, enum: FUND_ANALYSIS_SUBJECTS }).notNull(),
    /** id_relatorio_gestao of an analysis of a management report. */
    reportId: integer("report_id"),
    /** tipo_analise_plano_acao / tipo_analise_relatorio_gestao_analise: MERITO, TECNICA, FINANCEIRA... */
    analysisType: varchar("analysis_type", { length: 40 }),
    /** tipo_resultado_analise_plano_acao / resultado_analise_relatorio_gestao_analise: APROVADO, COM_RESSALVA... */
    result: varchar("result", { length: 40 }),
    analyzedOn: date("analyzed_on"),
    opinion: text("opinion"),
    /** tipo_origem_analise_plano_acao / origem_analise_relatorio_gestao_analise (the body or council). */
    origin: varchar("origin", { length: 60 }),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "fund_plan_analyses_plan_fk", columns: [t.planId], foreignColumns: [fundTransferPlans.id] }).onDelete("cascade"),
    uniqueIndex("fund_plan_analyses_source_key").on(t.companyId, t.source, t.externalId),
    index("fund_plan_analyses_plan_idx").on(t.planId, t.analyzedOn),
  ],
);

export type FundPlanAnalysisRow = typeof fundPlanAnalyses.$inferSelect;
