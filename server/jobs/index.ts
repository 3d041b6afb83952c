/**
 * Background and scheduled work, the one way to run it.
 *
 *   // in a route plugin (it registers before the server starts):
 *   app.jobs.define({
 *     name: "alerts-digest",
 *     schedule: "0 7 * * *",            // every day at 07:00, America/Sao_Paulo
 *     handler: async (data, { id }) => { ... },
 *   });
 *   const id = await app.jobs.enqueue("alerts-digest", { companyId: 7 });   // one run now
 *   const info = await app.jobs.state("alerts-digest", id);                // queued|running|succeeded|failed
 *
 * On PostgreSQL (DATABASE_URL) the runner is pg-boss: any number of server instances share the
 * queue, each run happens on exactly one of them, and a schedule fires once per due time across all
 * of them. On PGlite (one process) it is an in-process queue with croner timers. Runs of one job
 * never overlap on an instance. A handler that must survive restarts keeps its own record (the
 * sync keeps `sync_runs`): the local runner forgets everything when the process ends.
 *
 * `main.ts` starts the runner after the server listens and stops it on shutdown; tests that build
 * the app get a local runner, whose `enqueue` runs at once without `start()` (schedules stay off).
 */
import type { Database } from "../db/client";
import { createLocalJobRunner } from "./local";
import { createPgBossJobRunner } from "./pg-boss";
import type { JobRunner } from "./types";

export type { JobContext, JobDefinition, JobInfo, JobRunner, JobState } from "./types";
export { createLocalJobRunner } from "./local";
export { createPgBossJobRunner } from "./pg-boss";

/** The runner that fits the database: pg-boss on a PostgreSQL server, in-process on PGlite. */
export function createJobRunner(database: Database, log?: (message: string) => void): JobRunner {
  return database.driver === "postgres" && database.url
    ? createPgBossJobRunner({ connectionString: database.url, log })
    : createLocalJobRunner({ log });
}
