import PgBoss from "pg-boss";
import {
  DEFAULT_TIMEOUT_MINUTES,
  JOB_TIME_ZONE,
  checkDefinition,
  messageOf,
  unknownJob,
  type JobDefinition,
  type JobInfo,
  type JobRunner,
  type JobState,
} from "./types";

export interface PgBossRunnerOptions {
  connectionString: string;
  /** How often each instance looks for new work (s). */
  pollingIntervalSeconds?: number;
  /** How often an instance checks the schedules (s); only one instance acts per interval. */
  cronMonitorIntervalSeconds?: number;
  log?: (message: string) => void;
}

const STATES: Record<PgBoss.JobWithMetadata["state"], JobState> = {
  created: "queued",
  retry: "queued",
  active: "running",
  completed: "succeeded",
  cancelled: "failed",
  failed: "failed",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg-boss keeps a failure as `output` (an Error serialized: `{ message, stack }`) or a plain value. */
function failureOf(output: unknown): string | null {
  if (!output) return null;
  if (typeof output === "object" && "message" in output && typeof output.message === "string") return output.message;
  return typeof output === "string" ? output : JSON.stringify(output);
}

/**
 * The runner on PostgreSQL: a pg-boss queue per job in the `pgboss` schema. Every instance works on
 * every queue (one job at a time per queue and instance); a job is fetched by exactly one of them
 * (SKIP LOCKED). pg-boss's timekeeper turns each schedule into one job per due time across all
 * instances: one instance checks the schedules per interval, and the job it sends carries the
 * schedule's name as singleton key for that minute.
 */
export function createPgBossJobRunner(options: PgBossRunnerOptions): JobRunner {
  const definitions = new Map<string, JobDefinition<object>>();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    application_name: "sol-jobs",
    max: 4,
    schema: "pgboss",
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.max(1, Math.min(5, options.cronMonitorIntervalSeconds ?? 5)),
  });
  boss.on("error", (error) => options.log?.(`fila de jobs: ${messageOf(error)}`));
  let started = false;

  async function prepare(definition: JobDefinition<object>) {
    const { name } = definition;
    await boss.createQueue(name, {
      name,
      policy: "standard",
      retryLimit: 0,
      expireInSeconds: (definition.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES) * 60,
    });
    if (definition.schedule) await boss.schedule(name, definition.schedule, definition.scheduleData ?? {}, { tz: JOB_TIME_ZONE });
    else await boss.unschedule(name);
    await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      try {
        await definition.handler(job.data, { id: job.id, name });
      } catch (error) {
        options.log?.(`job ${name} (${job.id}) falhou: ${messageOf(error)}`);
        throw error;
      }
    });
  }

  return {
    kind: "pg-boss",
    define(definition) {
      checkDefinition(definition as JobDefinition<object>, definitions);
      definitions.set(definition.name, definition as JobDefinition<object>);
      if (started) void prepare(definition as JobDefinition<object>).catch((error) => options.log?.(`job ${definition.name}: ${messageOf(error)}`));
    },
    async enqueue(name, data) {
      if (!definitions.has(name)) throw unknownJob(name);
      if (!started) throw new Error("A fila de jobs ainda não foi iniciada.");
      const id = await boss.send(name, data);
      if (!id) throw new Error(`A fila recusou o job ${name}.`);
      return id;
    },
    async state(name, id) {
      if (!definitions.has(name) || !started || !UUID.test(id)) return null;
      const job = await boss.getJobById<object>(name, id, { includeArchive: true });
      if (!job) return null;
      const state = STATES[job.state];
      return {
        id: job.id,
        name,
        state,
        createdAt: new Date(job.createdOn),
        startedAt: job.startedOn ? new Date(job.startedOn) : null,
        finishedAt: job.completedOn ? new Date(job.completedOn) : null,
        error: state === "failed" ? (failureOf(job.output) ?? "Falhou.") : null,
      } satisfies JobInfo;
    },
    async start() {
      if (started) return;
      await boss.start();
      started = true;
      for (const definition of definitions.values()) await prepare(definition);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
