import { eq, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { companies, type CompanyRow } from "../../db/schema";
import type { JobRunner } from "../../jobs";
import type { SyncProgress, SyncRunTrigger } from "../../../src/domain/sync";
import { activeRun, createRun, failStaleRuns, markFailed, markRunning, markSucceeded, progressWriter } from "../runs";
import { createTransferegovClient, type TransferegovClient } from "./client";
import { syncCompany } from "./sync";
import { syncRuns } from "../../db/schema";

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
  options: { clock?: () => Date; onProgress?: (progress: SyncProgress) => void } = {},
): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  const [run] = await db.select().from(syncRuns).where(eq(syncRuns.id, runId)).limit(1);
  if (!run || run.source !== "transferegov" || run.companyId === null) return;
  if (!(await markRunning(db, runId, clock()))) return;
  const [company] = await db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies).where(eq(companies.id, run.companyId)).limit(1);
  if (!company) return markFailed(db, runId, "Cliente não encontrado.", clock());
  try {
    const record = progressWriter(db, runId);
    const result = await syncCompany(db, company, {
      client,
      now: clock,
      onProgress: (progress) => {
        record(progress);
        options.onProgress?.(progress);
      },
    });
    await markSucceeded(db, runId, result, clock());
  } catch (error) {
    await markFailed(db, runId, error instanceof Error ? error.message : String(error), clock());
  }
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
 * The sync's jobs: one company's run, and the daily schedule that runs every enabled company, one
 * after the other (the polite rate is per process: in sequence, several instances never add up).
 */
export function defineSyncJobs(jobs: JobRunner, db: Db, config: Config, log: (message: string) => void): void {
  jobs.define<{ runId: number }>({
    name: SYNC_JOB,
    timeoutMinutes: 120,
    handler: async ({ runId }) => executeSyncRun(db, runId, transferegovClient(config)),
  });
  jobs.define({
    name: DAILY_JOB,
    schedule: config.transferegov.syncSchedule,
    timeoutMinutes: 23 * 60,
    handler: async () => {
      await failStaleRuns(db, new Date());
      const client = transferegovClient(config);
      for (const company of await companiesToSyncDaily(db)) {
        if (await activeRun(db, company.id, "transferegov")) continue;
        const run = await createRun(db, { source: "transferegov", companyId: company.id, trigger: "schedule", requestedBy: null });
        await executeSyncRun(db, run.id, client);
      }
      log("sincronização diária com o Transferegov concluída");
    },
  });
}
