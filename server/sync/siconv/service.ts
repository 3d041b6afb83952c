import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { syncRuns } from "../../db/schema";
import { createLocalJobRunner, type JobRunner } from "../../jobs";
import type { SyncRunTrigger } from "../../../src/domain/sync";
import { createRun, markFailed, markRunning, markSucceeded, progressWriter } from "../runs";
import { importSiconv, type ImportFile } from "./import";

export const IMPORT_JOB = "siconv-import";

interface ImportJobData {
  runId: number;
  dir: string;
  files: ImportFile[];
}

/**
 * Runs an import whose files sit in `dir`, then removes them. The record (sync_runs) says how it
 * went; the import itself is all or nothing.
 */
export async function executeImportRun(db: Db, data: ImportJobData, clock: () => Date = () => new Date()): Promise<void> {
  try {
    if (!(await markRunning(db, data.runId, clock()))) return;
    try {
      const result = await importSiconv(db, data.files, { now: clock(), onProgress: progressWriter(db, data.runId) });
      await markSucceeded(db, data.runId, result, clock());
    } catch (error) {
      await markFailed(db, data.runId, error instanceof Error ? error.message : String(error), clock());
    }
  } finally {
    rmSync(data.dir, { recursive: true, force: true });
  }
}

/**
 * The uploaded dumps live on the disk of the instance that received them, so their import runs on
 * that instance: an in-process runner of its own (server/jobs), one import at a time.
 */
export function createImportRunner(db: Db, log: (message: string) => void): JobRunner {
  const runner = createLocalJobRunner({ log });
  runner.define<ImportJobData>({ name: IMPORT_JOB, timeoutMinutes: 12 * 60, handler: (data) => executeImportRun(db, data) });
  return runner;
}

export async function requestImport(
  db: Db,
  runner: JobRunner,
  request: { dir: string; files: ImportFile[]; trigger: SyncRunTrigger; requestedBy: number | null },
): Promise<number> {
  const run = await createRun(db, {
    source: "siconv",
    companyId: null,
    trigger: request.trigger,
    requestedBy: request.requestedBy,
    details: { files: request.files.map((f) => ({ name: f.name, table: f.table, bytes: f.bytes })) },
  });
  const jobId = await runner.enqueue(IMPORT_JOB, { runId: run.id, dir: request.dir, files: request.files });
  await db.update(syncRuns).set({ jobId }).where(eq(syncRuns.id, run.id));
  return run.id;
}
