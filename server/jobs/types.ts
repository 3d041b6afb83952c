/**
 * The project's one way to run background and scheduled work (see server/jobs/index.ts for how to
 * use it). Two implementations share this interface: pg-boss on PostgreSQL (several server instances,
 * a scheduled run happens once across all of them) and an in-process queue with croner on PGlite
 * (one process).
 */

/** Where a job is: waiting its turn, running, or finished one way or the other. */
export type JobState = "queued" | "running" | "succeeded" | "failed";

export interface JobContext {
  /** The job's id, as `enqueue` returned it (scheduled runs get one too). */
  id: string;
  name: string;
}

export interface JobDefinition<Data extends object = Record<string, never>> {
  /** Lowercase letters, digits and hyphens: `transferegov-daily`, `alerts-digest`. */
  name: string;
  /**
   * Cron expression (5 fields: minute hour day month weekday) read in America/Sao_Paulo, e.g.
   * `0 6 * * *` every day at 06:00. A scheduled run receives `scheduleData` (default `{}`).
   */
  schedule?: string;
  scheduleData?: Data;
  /** The work itself. A throw marks the job failed with the error's message. */
  handler(data: Data, context: JobContext): Promise<void>;
  /** How long one run may take before it counts as failed (default 60 minutes). */
  timeoutMinutes?: number;
}

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The failure's message, when state is failed. */
  error: string | null;
}

export interface JobRunner {
  readonly kind: "pg-boss" | "local";
  /** Declares a job. Call it before `start()` (route plugins do it when they register). */
  define<Data extends object>(definition: JobDefinition<Data>): void;
  /** Queues one run now; answers its id. Each run happens once, on one instance. */
  enqueue<Data extends object>(name: string, data: Data): Promise<string>;
  /** A run's state, or null when it is unknown (or long forgotten). */
  state(name: string, id: string): Promise<JobInfo | null>;
  /** Starts the workers and the schedules. Enqueued jobs wait until then on PostgreSQL. */
  start(): Promise<void>;
  /** Stops taking work and waits (up to a limit) for running jobs to end. */
  stop(): Promise<void>;
}

export const JOB_TIME_ZONE = "America/Sao_Paulo";
export const DEFAULT_TIMEOUT_MINUTES = 60;
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function checkDefinition(definition: JobDefinition<object>, known: ReadonlyMap<string, unknown>): void {
  if (!NAME.test(definition.name)) throw new Error(`Nome de job inválido: ${definition.name}`);
  if (known.has(definition.name)) throw new Error(`Job já definido: ${definition.name}`);
}

export function unknownJob(name: string): Error {
  return new Error(`Job não definido: ${name}`);
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
