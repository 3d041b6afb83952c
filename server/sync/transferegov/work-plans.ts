import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workPlanAnalyses, workPlanPendingBodies } from "../../db/schema";
import { RowProblem, instantOf, moneyOf, textOf } from "../values";
import { markMissing, upsertSynced } from "../upsert";
import { analysisFingerprint, type FetchedAnalyses, type KnownAnalyses } from "./especiais";

/**
 * Where each emenda's plano de trabalho stands (issue 32 item 3), into the tables the impediment
 * radar reads: every analysis of the current work plan and each step of its history
 * (work_plan_analyses, kinds ANALYSIS and HISTORY) and the federal bodies still holding it
 * (work_plan_pending_bodies). Upserted on source keys like every synced row, so a second run writes
 * nothing. A body that stops holding the plan is kept with still_pending false (the radar shows how
 * long it held it); a body that comes back holds it again from that day.
 */

const SOURCE = "transferegov_especiais" as const;

type AnalysisValues = Omit<typeof workPlanAnalyses.$inferInsert, "id" | "createdAt" | "updatedAt">;
type PendingValues = Omit<typeof workPlanPendingBodies.$inferInsert, "id" | "createdAt" | "updatedAt" | "pendingSince">;

const ANALYSIS_OWNED = [
  "transferId", "kind", "workPlanId", "analysisId", "bodyCode", "bodyName", "planningStatus", "opinion", "analysisStatus", "analyzedAt", "opinionText", "rejectedValue", "raw",
] as const;
const PENDING_OWNED = ["transferId", "workPlanId", "bodyId", "bodyName", "stillPending", "raw"] as const;

export interface WorkPlanInput {
  transferId: number;
  analyses: FetchedAnalyses;
}

interface Counted {
  created: number;
  updated: number;
  unchanged: number;
}

export interface WorkPlanCounts {
  analyses: Counted;
  pendingBodies: Counted;
  /** Bodies that stopped holding a plan in this run. */
  released: number;
}

/** An integer id or code the API may send as text, or masked: null when it is none. */
const intOrNull = (value: unknown) => {
  const n = typeof value === "number" ? value : Number(String(value ?? "").trim());
  return value !== null && value !== undefined && String(value).trim() !== "" && Number.isSafeInteger(n) ? n : null;
};

/**
 * A history step has no id of its own at the source: its key is the analysis plus what the step
 * says (when, by whom, which situation and opinion), hashed to fit the key column.
 */
export function historyKey(analysisId: number, step: Record<string, unknown>): string {
  const what = [step.data_analise_pt_hist, step.codigo_siorg_orgao_analise_pt_hist, step.nome_orgao_analise_pt_hist, step.situacao_analise_pt_hist, step.situacao_parecer_analise_pt_hist, step.responsaveis_analise_pt_hist]
    .map((v) => String(v ?? ""))
    .join("|");
  return `historico:${analysisId}:${createHash("sha1").update(what).digest("hex").slice(0, 20)}`;
}

/** The analyses the product holds with their history (analysis id → fingerprint), for the fetch to skip. */
export async function knownAnalyses(db: Db, companyId: number): Promise<KnownAnalyses> {
  const rows = await db
    .select({ analysisId: workPlanAnalyses.analysisId, raw: workPlanAnalyses.raw })
    .from(workPlanAnalyses)
    .where(and(eq(workPlanAnalyses.companyId, companyId), eq(workPlanAnalyses.source, SOURCE), eq(workPlanAnalyses.kind, "ANALYSIS"), isNull(workPlanAnalyses.sourceMissingSince)));
  return new Map(rows.filter((row) => row.analysisId !== null && row.raw).map((row) => [row.analysisId!, analysisFingerprint(row.raw!)]));
}

/** Writes every transfer's analyses and pending bodies (inside the sync's transaction). */
export async function storeWorkPlans(
  tx: Db,
  companyId: number,
  inputs: WorkPlanInput[],
  now: Date,
  onProblem: (problem: RowProblem, what: string) => void,
  markGone: boolean,
): Promise<WorkPlanCounts> {
  const analyses = new Map<string, AnalysisValues & { companyId: number }>();
  const pending = new Map<string, PendingValues & { companyId: number }>();
  /** Analyses whose history was not asked: their stored steps still hold and are not marked gone. */
  const keptHistoryOf: number[] = [];
  const problem = (what: string) => (error: unknown) => {
    if (!(error instanceof RowProblem)) throw error;
    onProblem(error, what);
  };

  for (const { transferId, analyses: fetched } of inputs) {
    for (const { analysis, history } of fetched.analyses) {
      const analysisId = intOrNull(analysis.id_plano_trabalho_analise_pt);
      try {
        if (analysisId === null) throw new RowProblem("id_plano_trabalho_analise_pt", "análise sem identificador");
        const bodyName = textOf(analysis.nome_orgao_analise_pt);
        if (!bodyName) throw new RowProblem("nome_orgao_analise_pt", "análise sem o nome do órgão");
        analyses.set(`analise:${analysisId}`, {
          companyId,
          transferId,
          kind: "ANALYSIS",
          workPlanId: intOrNull(analysis.id_plano_trabalho) ?? fetched.workPlanId,
          analysisId,
          bodyCode: intOrNull(analysis.codigo_siorg_orgao_analise_pt),
          bodyName,
          planningStatus: textOf(analysis.situacao_planejamento_pt, 40),
          opinion: textOf(analysis.situacao_parecer_analise_pt, 60),
          analysisStatus: textOf(analysis.situacao_analise_pt, 30),
          analyzedAt: instantOf(analysis.data_analise_pt, "data_analise_pt"),
          opinionText: textOf(analysis.texto_parecer_analise_pt),
          rejectedValue: moneyOf(analysis.valor_reprovado_pt, "valor_reprovado_pt"),
          source: SOURCE,
          externalId: `analise:${analysisId}`,
          raw: analysis as Record<string, unknown>,
        });
      } catch (error) {
        problem(`análise ${String(analysis.id_plano_trabalho_analise_pt ?? "(sem id)")} do plano de trabalho ${fetched.workPlanId ?? ""}`.trim())(error);
        continue;
      }
      if (history === null) {
        keptHistoryOf.push(analysisId);
        continue;
      }
      for (const step of history) {
        try {
          const bodyName = textOf(step.nome_orgao_analise_pt_hist);
          if (!bodyName) throw new RowProblem("nome_orgao_analise_pt_hist", "passo da análise sem o nome do órgão");
          const externalId = historyKey(analysisId, step as Record<string, unknown>);
          analyses.set(externalId, {
            companyId,
            transferId,
            kind: "HISTORY",
            workPlanId: fetched.workPlanId,
            analysisId,
            bodyCode: intOrNull(step.codigo_siorg_orgao_analise_pt_hist),
            bodyName,
            planningStatus: null,
            opinion: textOf(step.situacao_parecer_analise_pt_hist, 60),
            analysisStatus: textOf(step.situacao_analise_pt_hist, 30),
            analyzedAt: instantOf(step.data_analise_pt_hist, "data_analise_pt_hist"),
            opinionText: textOf(step.responsaveis_analise_pt_hist),
            rejectedValue: null,
            source: SOURCE,
            externalId,
            raw: step as Record<string, unknown>,
          });
        } catch (error) {
          problem(`histórico da análise ${analysisId}`)(error);
        }
      }
    }
    for (const body of fetched.pendingBodies) {
      try {
        const bodyName = textOf(body.nome_orgao_analise_pendente_pt);
        if (!bodyName) throw new RowProblem("nome_orgao_analise_pendente_pt", "órgão pendente sem nome");
        const workPlanId = intOrNull(body.id_plano_trabalho) ?? fetched.workPlanId;
        const bodyId = intOrNull(body.id_orgao_analise_pendente_pt);
        const externalId = `pendente:${workPlanId ?? "?"}:${bodyId ?? createHash("sha1").update(bodyName).digest("hex").slice(0, 16)}`;
        pending.set(externalId, { companyId, transferId, workPlanId, bodyId, bodyName, stillPending: true, source: SOURCE, externalId, raw: body as Record<string, unknown> });
      } catch (error) {
        problem(`órgão com análise pendente do plano de trabalho ${fetched.workPlanId ?? ""}`.trim())(error);
      }
    }
  }

  const analysisResult = await upsertSynced<AnalysisValues>(
    tx,
    { table: workPlanAnalyses, target: [workPlanAnalyses.companyId, workPlanAnalyses.source, workPlanAnalyses.externalId], owned: [...ANALYSIS_OWNED], batch: 500 },
    [...analyses.values()],
    now,
  );
  // A body seen again after it had let go holds the plan again from now.
  const seenPending = [...pending.keys()];
  const revived = new Set<string>();
  for (let start = 0; start < seenPending.length; start += 1000) {
    const rows = await tx
      .select({ externalId: workPlanPendingBodies.externalId })
      .from(workPlanPendingBodies)
      .where(and(eq(workPlanPendingBodies.companyId, companyId), eq(workPlanPendingBodies.source, SOURCE), eq(workPlanPendingBodies.stillPending, false), inArray(workPlanPendingBodies.externalId, seenPending.slice(start, start + 1000))));
    for (const row of rows) revived.add(row.externalId);
  }
  const pendingResult = await upsertSynced<PendingValues>(
    tx,
    { table: workPlanPendingBodies, target: [workPlanPendingBodies.companyId, workPlanPendingBodies.source, workPlanPendingBodies.externalId], owned: [...PENDING_OWNED] },
    [...pending.values()],
    now,
  );
  if (revived.size > 0) {
    await tx
      .update(workPlanPendingBodies)
      .set({ pendingSince: now })
      .where(and(eq(workPlanPendingBodies.companyId, companyId), eq(workPlanPendingBodies.source, SOURCE), inArray(workPlanPendingBodies.externalId, [...revived])));
  }

  // What the source no longer lists. Only the transfers read in this run are touched: a transfer
  // whose plan could not be stored keeps its plan's standing as it was.
  const transferIds = [...new Set(inputs.map((input) => input.transferId))];
  let released = 0;
  if (markGone && transferIds.length > 0) {
    for (let start = 0; start < transferIds.length; start += 1000) {
      const ids = transferIds.slice(start, start + 1000);
      const gone = await tx
        .update(workPlanPendingBodies)
        .set({ stillPending: false, updatedAt: now })
        .where(
          and(
            eq(workPlanPendingBodies.companyId, companyId),
            eq(workPlanPendingBodies.source, SOURCE),
            eq(workPlanPendingBodies.stillPending, true),
            inArray(workPlanPendingBodies.transferId, ids),
            seenPending.length ? notInArray(workPlanPendingBodies.externalId, seenPending) : undefined,
          ),
        )
        .returning({ id: workPlanPendingBodies.id });
      released += gone.length;
    }
    // The steps of an analysis whose history was not asked are still the source's.
    const kept = keptHistoryOf.length
      ? (
          await tx
            .select({ externalId: workPlanAnalyses.externalId })
            .from(workPlanAnalyses)
            .where(and(eq(workPlanAnalyses.companyId, companyId), eq(workPlanAnalyses.source, SOURCE), eq(workPlanAnalyses.kind, "HISTORY"), inArray(workPlanAnalyses.analysisId, keptHistoryOf)))
        ).map((row) => row.externalId)
      : [];
    await markMissing(tx, workPlanAnalyses, companyId, SOURCE, [...analyses.keys(), ...kept], now);
    analysisResult.unchanged += kept.length;
  }
  return { analyses: analysisResult, pendingBodies: pendingResult, released };
}
