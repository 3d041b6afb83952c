import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalJobRunner, createPgBossJobRunner, type JobInfo, type JobRunner } from "../../server/jobs";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `read` answers something `done` accepts, or fails after `ms`. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`tempo esgotado; último valor: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}
const finished = (info: JobInfo | null) => info?.state === "succeeded" || info?.state === "failed";

describe("local job runner (PGlite, one process)", () => {
  it("runs an enqueued job once with its data and reports queued, running and succeeded", async () => {
    const runner = createLocalJobRunner();
    const seen: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.define<{ n: number }>({
      name: "count",
      handler: async (data) => {
        seen.push(data);
        await gate;
      },
    });
    const id = await runner.enqueue("count", { n: 1 });
    await waitFor(() => runner.state("count", id), (info) => info?.state === "running");
    release();
    const info = await waitFor(() => runner.state("count", id), finished);
    expect(info).toMatchObject({ id, name: "count", state: "succeeded", error: null });
    expect(info!.startedAt!.getTime()).toBeLessThanOrEqual(info!.finishedAt!.getTime());
    expect(seen).toEqual([{ n: 1 }]);
    await runner.stop();
  });

  it("runs the runs of one job one after the other, never overlapping", async () => {
    const runner = createLocalJobRunner();
    let running = 0;
    let most = 0;
    runner.define({
      name: "serial",
      handler: async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        running -= 1;
      },
    });
    const ids = await Promise.all([1, 2, 3, 4].map(() => runner.enqueue("serial", {})));
    for (const id of ids) await waitFor(() => runner.state("serial", id), finished);
    expect(most).toBe(1);
  });

  it("marks a job failed with the handler's message", async () => {
    const runner = createLocalJobRunner();
    runner.define({
      name: "breaks",
      handler: async () => {
        throw new Error("fonte fora do ar");
      },
    });
    const id = await runner.enqueue("breaks", {});
    expect(await waitFor(() => runner.state("breaks", id), finished)).toMatchObject({ state: "failed", error: "fonte fora do ar" });
  });

  it("refuses unknown jobs, bad names, duplicates and bad cron expressions", async () => {
    const runner = createLocalJobRunner();
    runner.define({ name: "known", handler: async () => undefined });
    await expect(runner.enqueue("unknown", {})).rejects.toThrow(/não definido/);
    expect(() => runner.define({ name: "Com Espaço", handler: async () => undefined })).toThrow(/inválido/);
    expect(() => runner.define({ name: "known", handler: async () => undefined })).toThrow(/já definido/);
    expect(() => runner.define({ name: "bad-cron", schedule: "todo dia", handler: async () => undefined })).toThrow();
    expect(await runner.state("known", randomUUID())).toBeNull();
  });

  it("fires a schedule in America/Sao_Paulo once started, and no more after stop", async () => {
    const runner = createLocalJobRunner();
    let runs = 0;
    runner.define({
      name: "every-second",
      schedule: "* * * * * *",
      handler: async () => {
        runs += 1;
      },
    });
    await sleep(1200);
    expect(runs).toBe(0);
    await runner.start();
    await waitFor(async () => runs, (n) => n >= 1, 5000);
    await runner.stop();
    const after = runs;
    await sleep(1500);
    expect(runs).toBe(after);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("pg-boss job runner (PostgreSQL, several instances)", () => {
  let url: string;
  let dropDatabase: () => Promise<void>;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    const pg = await import("pg");
    const name = `sol_jobs_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const admin = new pg.default.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new pg.default.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  });

  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await dropDatabase?.();
  });

  /** Two server instances on the same database, each defining the same jobs. */
  async function twoInstances(define: (runner: JobRunner, instance: string) => void): Promise<[JobRunner, JobRunner]> {
    const made = ["A", "B"].map((instance) => {
      const runner = createPgBossJobRunner({ connectionString: url, pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
      define(runner, instance);
      runners.push(runner);
      return runner;
    });
    // Sequential starts: pg-boss creates its schema on the first one.
    for (const runner of made) await runner.start();
    return made as [JobRunner, JobRunner];
  }

  it("runs each enqueued job exactly once across two instances and reports its state", { timeout: 60_000 }, async () => {
    const ranOn: Record<string, string[]> = {};
    const [a] = await twoInstances((runner, instance) =>
      runner.define<{ k: string }>({
        name: "work-once",
        handler: async ({ k }) => {
          (ranOn[k] ??= []).push(instance);
          await sleep(50);
        },
      }),
    );
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => a.enqueue("work-once", { k: `job${i}` })));
    for (const id of ids) expect(await waitFor(() => a.state("work-once", id), finished)).toMatchObject({ state: "succeeded", error: null });
    expect(Object.keys(ranOn).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `job${i}`).sort());
    for (const instances of Object.values(ranOn)) expect(instances).toHaveLength(1);
  });

  it("fires a schedule once per due time even with two instances checking it", { timeout: 90_000 }, async () => {
    // Keep the window inside one minute: an every-minute schedule is due once per minute.
    while (new Date().getSeconds() > 35) await sleep(1000);
    const fired: string[] = [];
    await twoInstances((runner, instance) =>
      runner.define({
        name: "every-minute",
        schedule: "* * * * *",
        handler: async () => {
          fired.push(instance);
        },
      }),
    );
    await waitFor(async () => fired.length, (n) => n >= 1, 15_000);
    // Both instances keep checking the schedule every second for a while: nobody fires it again.
    await sleep(8000);
    expect(fired).toHaveLength(1);
  });

  it("marks a failed job with its message, readable from the other instance", { timeout: 60_000 }, async () => {
    const [a, b] = await twoInstances((runner) =>
      runner.define({
        name: "fails-once",
        handler: async () => {
          throw new Error("Transferegov indisponível");
        },
      }),
    );
    const id = await a.enqueue("fails-once", {});
    expect(await waitFor(() => b.state("fails-once", id), finished)).toMatchObject({ state: "failed", error: "Transferegov indisponível" });
    expect(await b.state("fails-once", "not-a-uuid")).toBeNull();
  });
});
