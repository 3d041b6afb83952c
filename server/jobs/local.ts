import { randomUUID } from "node:crypto";
import { Cron } from "croner";
import {
  DEFAULT_TIMEOUT_MINUTES,
  JOB_TIME_ZONE,
  checkDefinition,
  messageOf,
  unknownJob,
  type JobDefinition,
  type JobInfo,
  type JobRunner,
} from "./types";

/** How many finished runs are remembered for `state()`. */
const REMEMBERED = 500;

/**
 * The runner of a single process (PGlite): enqueued runs go through an in-memory queue, one at a time
 * per job name, and schedules are croner timers in America/Sao_Paulo. An enqueued run starts at once,
 * even before `start()`, which only arms the schedules; state lives in memory and ends with the process.
 */
export function createLocalJobRunner(options: { log?: (message: string) => void } = {}): JobRunner {
  const definitions = new Map<string, JobDefinition<object>>();
  const runs = new Map<string, JobInfo>();
  /** The tail of each job name's chain of runs: a new run waits for the previous one. */
  const tails = new Map<string, Promise<void>>();
  const crons: Cron[] = [];
  let stopped = false;

  function remember(info: JobInfo) {
    runs.set(info.id, info);
    if (runs.size <= REMEMBERED) return;
    for (const [id, old] of runs) {
      if (old.state === "succeeded" || old.state === "failed") {
        runs.delete(id);
        if (runs.size <= REMEMBERED) return;
      }
    }
  }

  async function execute(definition: JobDefinition<object>, info: JobInfo, data: object) {
    if (stopped) {
      Object.assign(info, { state: "failed", finishedAt: new Date(), error: "Servidor encerrado antes de o job começar." });
      return;
    }
    Object.assign(info, { state: "running", startedAt: new Date() });
    const limitMs = (definition.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES) * 60_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        definition.handler(data, { id: info.id, name: info.name }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Tempo limite de ${limitMs / 60_000} min excedido.`)), limitMs);
          timer.unref();
        }),
      ]);
      Object.assign(info, { state: "succeeded", finishedAt: new Date() });
    } catch (error) {
      Object.assign(info, { state: "failed", finishedAt: new Date(), error: messageOf(error) });
      options.log?.(`job ${info.name} (${info.id}) falhou: ${messageOf(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  function enqueueNow(name: string, data: object): string {
    const definition = definitions.get(name);
    if (!definition) throw unknownJob(name);
    const info: JobInfo = { id: randomUUID(), name, state: "queued", createdAt: new Date(), startedAt: null, finishedAt: null, error: null };
    remember(info);
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(() => execute(definition, info, data));
    tails.set(name, run);
    void run.finally(() => {
      if (tails.get(name) === run) tails.delete(name);
    });
    return info.id;
  }

  return {
    kind: "local",
    define(definition) {
      checkDefinition(definition as JobDefinition<object>, definitions);
      if (definition.schedule) new Cron(definition.schedule, { timezone: JOB_TIME_ZONE, paused: true }).stop(); // validates the pattern now
      definitions.set(definition.name, definition as JobDefinition<object>);
    },
    async enqueue(name, data) {
      return enqueueNow(name, data);
    },
    async state(_name, id) {
      const info = runs.get(id);
      return info ? { ...info } : null;
    },
    async start() {
      stopped = false;
      for (const definition of definitions.values()) {
        if (!definition.schedule) continue;
        crons.push(new Cron(definition.schedule, { timezone: JOB_TIME_ZONE, unref: true }, () => void enqueueNow(definition.name, definition.scheduleData ?? {})));
      }
    },
    async stop() {
      stopped = true;
      for (const cron of crons.splice(0)) cron.stop();
      // Runs already going get up to 10 s to end; queued ones are refused by `stopped`.
      await Promise.race([Promise.allSettled([...tails.values()]), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    },
  };
}
