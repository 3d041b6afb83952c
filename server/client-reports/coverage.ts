import { and, desc, eq, inArray, isNull, max, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { regularityItems, syncRuns, syncSourceFreshness } from "../db/schema";

/**
 * The report's coverage box (and the portfolio's freshness map): per source, when it was last read
 * for the client and anything that could not be collected, and why. The Transferegov modules come
 * from the sync's freshness records (one per client and module), SICONV from the last import run,
 * CAUC from the newest check of the client's items. A source never read says so.
 */

export interface CoverageRow {
  source: string;
  label: string;
  lastReadAt: string | null;
  sourceUpdatedAt: string | null;
  rowsRead: number;
  rowsSkipped: number;
  problem: string | null;
}

/** The Transferegov modules the sync reads, keyed as sync_source_freshness keys them. */
export const TRANSFEREGOV_SOURCES: { source: string; label: string }[] = [
  { source: "especiais", label: "Transferegov — transferências especiais" },
  { source: "fundoafundo", label: "Transferegov — fundo a fundo" },
  { source: "parcerias", label: "Transferegov — parcerias (emendas de saúde)" },
];
export const SICONV_LABEL = "SICONV — convênios (importação de arquivos)";
export const CAUC_LABEL = "CAUC — Tesouro Nacional";
export const NEVER_READ = "Ainda não lido para este cliente.";

type FreshnessRow = typeof syncSourceFreshness.$inferSelect;

/** One Transferegov module's coverage line from its freshness record (or its absence). */
export function transferegovCoverage(source: { source: string; label: string }, row: FreshnessRow | undefined): CoverageRow {
  if (!row) return { ...source, lastReadAt: null, sourceUpdatedAt: null, rowsRead: 0, rowsSkipped: 0, problem: NEVER_READ };
  const failedLast = row.lastFailureAt !== null && (row.lastSuccessAt === null || row.lastFailureAt > row.lastSuccessAt);
  const problems = [
    failedLast ? `Última leitura falhou em ${row.lastFailureAt!.toISOString().slice(0, 10)}: ${row.lastFailure ?? "motivo não informado"}.` : null,
    row.rowsSkipped > 0 ? `${row.rowsSkipped} ${row.rowsSkipped === 1 ? "registro não pôde ser lido" : "registros não puderam ser lidos"} (dados incompletos na fonte).` : null,
    row.lastSuccessAt === null && !failedLast ? NEVER_READ : null,
  ].filter((p): p is string => p !== null);
  return {
    ...source,
    lastReadAt: row.lastSuccessAt?.toISOString() ?? null,
    sourceUpdatedAt: row.sourceUpdatedAt,
    rowsRead: row.rowsRead,
    rowsSkipped: row.rowsSkipped,
    problem: problems.length ? problems.join(" ") : null,
  };
}

export async function coverageOf(db: Db, companyId: number, _now: number): Promise<CoverageRow[]> {
  const [freshness, [siconv], [cauc]] = await Promise.all([
    db.select().from(syncSourceFreshness).where(eq(syncSourceFreshness.companyId, companyId)),
    // A SICONV import reads every registered municipality at once (no company), or one client's files.
    db
      .select({ status: syncRuns.status, finishedAt: syncRuns.finishedAt, error: syncRuns.error, counts: syncRuns.counts })
      .from(syncRuns)
      .where(and(eq(syncRuns.source, "siconv"), or(isNull(syncRuns.companyId), eq(syncRuns.companyId, companyId)), inArray(syncRuns.status, ["succeeded", "failed"])))
      .orderBy(desc(syncRuns.createdAt), desc(syncRuns.id))
      .limit(1),
    db.select({ checkedOn: max(regularityItems.checkedOn) }).from(regularityItems).where(eq(regularityItems.companyId, companyId)),
  ]);
  const bySource = new Map(freshness.map((row) => [row.source, row]));
  const rows = TRANSFEREGOV_SOURCES.map((source) => transferegovCoverage(source, bySource.get(source.source)));
  rows.push(
    siconv
      ? {
          source: "siconv",
          label: SICONV_LABEL,
          lastReadAt: siconv.finishedAt?.toISOString() ?? null,
          sourceUpdatedAt: null,
          rowsRead: siconv.counts.created + siconv.counts.updated + siconv.counts.unchanged,
          rowsSkipped: siconv.counts.skipped + siconv.counts.failed,
          problem: siconv.status === "failed" ? `A última importação falhou: ${siconv.error ?? "motivo não informado"}.` : null,
        }
      : { source: "siconv", label: SICONV_LABEL, lastReadAt: null, sourceUpdatedAt: null, rowsRead: 0, rowsSkipped: 0, problem: "Nenhuma importação de arquivos do SICONV registrada." },
  );
  rows.push({
    source: "cauc",
    label: CAUC_LABEL,
    lastReadAt: cauc?.checkedOn ? `${cauc.checkedOn}T12:00:00.000Z` : null,
    sourceUpdatedAt: cauc?.checkedOn ?? null,
    rowsRead: 0,
    rowsSkipped: 0,
    problem: cauc?.checkedOn ? null : "Nenhuma consulta ao CAUC registrada para este cliente.",
  });
  return rows;
}
