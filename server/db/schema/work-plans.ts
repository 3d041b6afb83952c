import { boolean, foreignKey, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./companies";
import { impositionTransfers } from "./transfers";
import { companyId, synced } from "./account-trail";

/**
 * Where an emenda's plano de trabalho stands with the federal bodies that analyse it (issues 32 and
 * 33): Transferegov's especiais `planos-trabalho-analises-especiais` (each analysis and its opinion),
 * `plano-trabalho-analise-historico-especiais` (each step of an analysis) and
 * `orgaos-analises-pendentes-especiais` (the bodies still holding the plan). The sync fills these;
 * the impediment radar and the risk queue read them. The source's labels are kept as sent
 * ("Solicitar Complementação", "Em elaboração"), so a label the product does not know stays visible.
 */

/** An analysis (kind ANALYSIS) of a work plan, or one step of its history (kind HISTORY). */
export const workPlanAnalyses = pgTable(
  "work_plan_analyses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    transferId: integer("transfer_id").notNull(),
    /** ANALYSIS: planos-trabalho-analises-especiais; HISTORY: plano-trabalho-analise-historico-especiais. */
    kind: varchar("kind", { length: 8, enum: ["ANALYSIS", "HISTORY"] }).notNull(),
    /** id_plano_trabalho. */
    workPlanId: integer("work_plan_id"),
    /** id_plano_trabalho_analise_pt: the analysis a history step belongs to. */
    analysisId: integer("analysis_id"),
    /** codigo_siorg_orgao_analise_pt(_hist). */
    bodyCode: integer("body_code"),
    bodyName: text("body_name").notNull(),
    /** situacao_planejamento_pt: APROVADO, EM_COMPLEMENTACAO, ENVIADO_PARA_ANALISE... (analyses only). */
    planningStatus: varchar("planning_status", { length: 40 }),
    /** situacao_parecer_analise_pt(_hist): "Aprovar Plano de Trabalho", "Solicitar Complementação"... */
    opinion: varchar("opinion", { length: 60 }),
    /** situacao_analise_pt(_hist): "Concluída" or "Em elaboração". */
    analysisStatus: varchar("analysis_status", { length: 30 }),
    analyzedAt: timestamp("analyzed_at", { withTimezone: true }),
    opinionText: text("opinion_text"),
    rejectedValue: numeric("rejected_value", { precision: 15, scale: 2 }),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "work_plan_analyses_transfer_fk", columns: [t.transferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    uniqueIndex("work_plan_analyses_source_key").on(t.companyId, t.source, t.externalId),
    index("work_plan_analyses_transfer_idx").on(t.transferId, t.analyzedAt),
  ],
);

/** A federal body that still holds an emenda's work plan (orgaos-analises-pendentes-especiais). */
export const workPlanPendingBodies = pgTable(
  "work_plan_pending_bodies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    transferId: integer("transfer_id").notNull(),
    workPlanId: integer("work_plan_id"),
    /** id_orgao_analise_pendente_pt. */
    bodyId: integer("body_id"),
    bodyName: text("body_name").notNull(),
    /** When the product first saw the body holding the plan (the source gives no date). */
    pendingSince: timestamp("pending_since", { withTimezone: true }).notNull().defaultNow(),
    stillPending: boolean("still_pending").notNull().default(true),
    ...synced(),
    ...timestamps,
  },
  (t) => [
    foreignKey({ name: "work_plan_pending_bodies_transfer_fk", columns: [t.transferId, t.companyId], foreignColumns: [impositionTransfers.id, impositionTransfers.companyId] }).onDelete("cascade"),
    uniqueIndex("work_plan_pending_bodies_source_key").on(t.companyId, t.source, t.externalId),
    index("work_plan_pending_bodies_transfer_idx").on(t.transferId),
  ],
);
