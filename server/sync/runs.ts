import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, syncRuns, type SyncRunRow } from "../db/schema";
import type { SyncCounts, SyncProgress, SyncRun, SyncRunDetails, SyncRunSource, SyncRunTrigger } from "../../src/domain/sync";

/**
 * The record of each run (sync_runs): created queued when asked for, running while the job works,
 * then succeeded or failed with its counts. The job runner forgets; this stays.
 */

/** A run still queued or running after this long was cut short (a restart, a crash): it failed. */
export const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
const INTERRUPTED = "Execução interrompida (o servidor reiniciou ou o tempo limite acabou). Tente novamente.";

export async function createRun(
  db: Db,
  run: { source: SyncRunSource; companyId: number | null; trigger: SyncRunTrigger; requestedBy: number | null; details?: SyncRunDetails },
): Promise<SyncRunRow> {
  const [row] = await db
    .insert(syncRuns)
    .values({ ...run, details: run.details ?? {} })
    .returning();
  return row;
}

/** Runs left queued or running by a process that is gone are marked failed. */
export async function failStaleRuns(db: Db, now: Date, olderThanMs = STALE_AFTER_MS): Promise<number> {
  const limit = new Date(now.getTime() - olderThanMs);
  const failed = await db
    .update(syncRuns)
    .set({ status: "failed", finishedAt: now, error: INTERRUPTED, progress: null })
    .where(and(inArray(syncRuns.status, ["queued", "running"]), or(lt(syncRuns.startedAt, limit), and(sql`${syncRuns.startedAt} is null`, lt(syncRuns.createdAt, limit)))))
    .returning({ id: syncRuns.id });
  return failed.length;
}

/** The company's run that is still queued or running, if any (one at a time per company). */
export async function activeRun(db: Db, companyId: number, source: SyncRunSource): Promise<SyncRunRow | undefined> {
  const [row] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.companyId, companyId), eq(syncRuns.source, source), inArray(syncRuns.status, ["queued", "running"])))
    .limit(1);
  return row;
}

export async function markRunning(db: Db, id: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(syncRuns)
    .set({ status: "running", startedAt: now, progress: null })
    .where(and(eq(syncRuns.id, id), eq(syncRuns.status, "queued")))
    .returning({ id: syncRuns.id });
  return updated.length === 1;
}

/** Progress writes, at most one a second. */
export function progressWriter(db: Db, id: number, clock: () => number = Date.now) {
  let last = 0;
  let pending: Promise<unknown> = Promise.resolve();
  return (progress: SyncProgress) => {
    const now = clock();
    if (now - last < 1000 && progress.done < progress.total) return;
    last = now;
    pending = pending.then(() => db.update(syncRuns).set({ progress }).where(and(eq(syncRuns.id, id), eq(syncRuns.status, "running")))).catch(() => undefined);
  };
}

export async function markSucceeded(db: Db, id: number, result: { counts: SyncCounts; details: SyncRunDetails }, now: Date): Promise<void> {
  await db.update(syncRuns).set({ status: "succeeded", finishedAt: now, progress: null, counts: result.counts, details: result.details, error: null }).where(eq(syncRuns.id, id));
}

export async function markFailed(db: Db, id: number, error: string, now: Date, details?: SyncRunDetails): Promise<void> {
  await db
    .update(syncRuns)
    .set({ status: "failed", finishedAt: now, progress: null, error, ...(details ? { details } : {}) })
    .where(eq(syncRuns.id, id));
}

export const runColumns = {
  id: syncRuns.id,
  source: syncRuns.source,
  companyId: syncRuns.companyId,
  companyName: companies.name,
  status: syncRuns.status,
  trigger: syncRuns.trigger,
  counts: syncRuns.counts,
  progress: syncRuns.progress,
  details: syncRuns.details,
  createdAt: syncRuns.createdAt,
  startedAt: syncRuns.startedAt,
  finishedAt: syncRuns.finishedAt,
  error: syncRuns.error,
};

type RunSelection = Awaited<ReturnType<ReturnType<typeof runsQuery>["execute"]>>[number];

/** A run as the API answers it (dates as ISO text). */
export function toSyncRun(row: RunSelection): SyncRun {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    ...row,
    companyName: row.companyName ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export function runsQuery(db: Db) {
  return db.select(runColumns).from(syncRuns).leftJoin(companies, eq(companies.id, syncRuns.companyId));
}
