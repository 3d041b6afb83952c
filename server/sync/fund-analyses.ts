import { and, asc, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { fundPlanAnalyses } from "../db/schema";
import type { FundPlanAnalysis } from "../../src/domain/sync";

/**
 * The analyses of one fundo a fundo plan as the sync stored them (issue 32): the plan's and its
 * management reports', newest first; an analysis the source no longer publishes is left out.
 */
export async function fundAnalysesOf(db: Db, plan: { id: number; companyId: number }): Promise<FundPlanAnalysis[]> {
  const rows = await db
    .select({
      id: fundPlanAnalyses.id,
      subject: fundPlanAnalyses.subject,
      reportId: fundPlanAnalyses.reportId,
      analysisType: fundPlanAnalyses.analysisType,
      result: fundPlanAnalyses.result,
      analyzedOn: fundPlanAnalyses.analyzedOn,
      opinion: fundPlanAnalyses.opinion,
      origin: fundPlanAnalyses.origin,
    })
    .from(fundPlanAnalyses)
    .where(and(eq(fundPlanAnalyses.companyId, plan.companyId), eq(fundPlanAnalyses.planId, plan.id), isNull(fundPlanAnalyses.sourceMissingSince)))
    .orderBy(desc(fundPlanAnalyses.analyzedOn), asc(fundPlanAnalyses.id));
  return rows;
}
