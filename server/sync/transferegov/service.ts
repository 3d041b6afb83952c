import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { companies, type CompanyRow } from "../../db/schema";
import type { JobRunner } from "../../jobs";
import type { SyncProgress, SyncRunTrigger } from "../../../src/domain/sync";
import { activeRun, createRun, failStaleRuns, markFailed, markRunning, markSucceeded, progressWriter } from "../runs";
import { createTransferegovClient, type TransferegovClient } from "./client";
import { syncCompany } from "./sync";
import { freshMirrorVersion, mirrorBackedClient, refreshMirror } from "./mirror";
import { syncRuns, syncSourceFreshness } from "../../db/schema";
import { MODULES, type Module } from "./tables";
import { queueTrailNoticesAfterSync } from "../../transfer-trail/followers";

/** The job that runs one company's sync; its data names the sync_runs record. */
export const SYNC_JOB = "transferegov-sync";
/** Every day at 05:00 (America/Sao_Paulo): Transferegov publishes D+1, overnight. */
export const DAILY_JOB = "transferegov-daily";

export function transferegovClient(config: Config): TransferegovClient {
  return createTransferegovClient({ baseUrl: config.transferegov.apiUrl, requestsPerMinute: config.transferegov.requestsPerMinute, timeoutMs: config.transferegov.timeoutMs });
}

/**
 * Queues a sync of the company, or answers the one already queued or running: two syncs of one
 * company never run at once.
 */
export async function requestSync(
  db: Db,
  jobs: JobRunner,
  request: { companyId: number; trigger: SyncRunTrigger; requestedBy: number | null },
  now: Date,
): Promise<{ id: number; alreadyRunning: boolean }> {
  await failStaleRuns(db, now);
  const running = await activeRun(db, request.companyId, "transferegov");
  if (running) return { id: running.id, alreadyRunning: true };
  const run = await createRun(db, { source: "transferegov", ...request });
  try {
    const jobId = await jobs.enqueue(SYNC_JOB, { runId: run.id });
    await db.update(syncRuns).set({ jobId }).where(eq(syncRuns.id, run.id));
  } catch (error) {
    await markFailed(db, run.id, `Não foi possível enfileirar a sincronização: ${error instanceof Error ? error.message : String(error)}`, now);
    throw error;
  }
  return { id: run.id, alreadyRunning: false };
}

/** Carries out a queued run: marks it running, syncs, and records the outcome. */
export async function executeSyncRun(
  db: Db,
  runId: number,
  client: TransferegovClient,
  options: { clock?: () => Date; onProgress?: (progress: SyncProgress) => void; onSucceeded?: (companyId: number) => Promise<void> } = {},
): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  const [run] = await db.select().from(syncRuns).where(eq(syncRuns.id, runId)).limit(1);
  if (!run || run.source !== "transferegov" || run.companyId === null) return;
  if (!(await markRunning(db, runId, clock()))) return;
  const [company] = await db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies).where(eq(companies.id, run.companyId)).limit(1);
  if (!company) return markFailed(db, runId, "Cliente não encontrado.", clock());
  let succeeded = false;
  try {
    const record = progressWriter(db, runId);
    // The national mirror answers the single-valued especiais hops when it holds the source's
    // current data-atualizacao; otherwise (never read, unfinished, or the source moved) per plan.
    const mirrored = (await freshMirrorVersion(db, client)) !== null;
    const result = await syncCompany(db, company, {
      client: mirrored ? mirrorBackedClient(db, client) : client,
      now: clock,
      onProgress: (progress) => {
        record(progress);
        options.onProgress?.(progress);
      },
    });
    // The freshness is recorded before the run says it succeeded: a screen that sees the run finished
    // reads each source's freshness as this run left it.
    for (const module of MODULES) {
      const source = result.sources[module];
      const sourceUpdatedAt = await client.freshness(module).catch(() => null);
      // A module that failed on its own (the run saved the others) keeps its last success and says why.
      if (source.failure) await recordFreshness(db, company.id, module, { ...(sourceUpdatedAt ? { sourceUpdatedAt } : {}), lastFailureAt: clock(), lastFailure: source.failure });
      else await recordFreshness(db, company.id, module, { sourceUpdatedAt, lastSuccessAt: clock(), rowsRead: source.rowsRead, rowsSkipped: source.rowsSkipped });
    }
    await markSucceeded(db, runId, result, clock());
    succeeded = true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // As on success, the freshness is recorded before the run says it ended: a screen (or a test) that
    // sees the run failed reads the failure on its source. The module the failure names (its path is in
    // the message), else every one.
    const named = MODULES.filter((module) => message.includes(`/${module}/`));
    try {
      for (const module of named.length ? named : MODULES) await recordFreshness(db, company.id, module, { lastFailureAt: clock(), lastFailure: message });
    } finally {
      await markFailed(db, runId, message, clock());
    }
  }
  // Outside the try: what follows a saved sync never turns the run into a failure.
  if (succeeded) await options.onSucceeded?.(company.id);
}

type FreshnessChange = Partial<Pick<typeof syncSourceFreshness.$inferInsert, "sourceUpdatedAt" | "lastSuccessAt" | "rowsRead" | "rowsSkipped" | "lastFailureAt" | "lastFailure">>;

/** One client's freshness of one module: a success keeps the last failure, so the screen can say both. */
export async function recordFreshness(db: Db, companyId: number, module: Module, change: FreshnessChange): Promise<void> {
  const now = new Date();
  await db
    .insert(syncSourceFreshness)
    .values({ companyId, source: module, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: [syncSourceFreshness.companyId, syncSourceFreshness.source], set: { ...change, updatedAt: now } });
}

/** Companies whose parametrization keeps the daily sync on (on unless turned off). */
export async function companiesToSyncDaily(db: Db): Promise<Pick<CompanyRow, "id" | "name">[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(sql`coalesce((${companies.parametrization} ->> 'transferegovSyncEnabled')::boolean, true)`)
    .orderBy(companies.id);
}

/**
 * The sync's jobs. One company's run is one job on the queue; the nightly schedule only queues one
 * run per enabled company (a company already queued or running is not queued twice), so the night
 * survives a restart: what was queued is still queued (pg-boss keeps it in PostgreSQL), and a run cut
 * short is failed by failStaleRuns and queued again the next night or on demand. Every run of this
 * process shares one client: one polite pace (requests per minute) and the table spellings resolved once.
 */
export function defineSyncJobs(jobs: JobRunner, db: Db, config: Config, log: (message: string) => void): void {
  let shared: TransferegovClient | undefined;
  const client = () => (shared ??= transferegovClient(config));
  jobs.define<{ runId: number }>({
    name: SYNC_JOB,
    timeoutMinutes: 120,
    handler: async ({ runId }) =>
      executeSyncRun(db, runId, client(), {
        // A followed transfer's trail changed: its followers hear of it now, not at the next schedule.
        onSucceeded: async (companyId) => {
          await queueTrailNoticesAfterSync(db, jobs, companyId).catch((error: unknown) => log(`avisos de movimentação não enfileirados após a sincronização: ${error instanceof Error ? error.message : String(error)}`));
        },
      }),
  });
  jobs.define({
    name: DAILY_JOB,
    schedule: config.transferegov.syncSchedule,
    // The mirror's national read (a few thousand pages at the polite pace) comes first.
    timeoutMinutes: 120,
    handler: async () => {
      // A failed or cut-short read is not fatal: the cursor keeps what was read for the next run,
      // and meanwhile each client's sync finds the mirror stale and asks per plan.
      try {
        const refresh = await refreshMirror(db, client());
        const pages = refresh.tables.reduce((sum, table) => sum + table.pages, 0);
        const written = refresh.tables.reduce((sum, table) => sum + table.rowsWritten, 0);
        log(`espelho nacional do Transferegov (${refresh.sourceVersion}): ${pages} página(s) lidas, ${written} linha(s) gravadas`);
      } catch (error) {
        log(`espelho nacional do Transferegov não foi atualizado: ${error instanceof Error ? error.message : String(error)}`);
      }
      const queued = await queueDailySyncs(db, jobs, new Date());
      log(`sincronização diária com o Transferegov: ${queued.length} cliente(s) na fila`);
    },
  });
}

/** Queues one run per company that keeps the daily sync on; answers the runs' ids. */
export async function queueDailySyncs(db: Db, jobs: JobRunner, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const company of await companiesToSyncDaily(db)) {
    const { id } = await requestSync(db, jobs, { companyId: company.id, trigger: "schedule", requestedBy: null }, now);
    ids.push(id);
  }
  return ids;
}
