/**
 * Issue 36 item 8, "a list near its SQL": one client's 20-row page against its own SQL, in one run.
 *
 * - The page: one connection, one request after the other (autocannon in a child process), so each
 *   latency is the request's own path and not a queue behind others.
 * - Its SQL: the statements the endpoint ran for that request (recorded from the pool, the session's
 *   lookup left out), prepared once by name on plain pg clients to the same database and executed the
 *   same number of times, one after the other; statements the endpoint runs together run together here
 *   (one client each).
 * - Where the time went: the server's wall time per request split in spans (before the handler: the
 *   hooks, session, tenant and the query's validation; the handler: its SQL and the rest; after the
 *   handler: serialization and the send), then a CPU profile of the same requests, summed by package.
 */
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Session } from "node:inspector/promises";
import http from "node:http";
import pg from "pg";
import type { App } from "../server/app";
import type { Database } from "../server/db/client";
import { percentile } from "./bench-fire";

type QueryFn = (...argv: unknown[]) => Promise<unknown>;
interface Recorded {
  text: string;
  params: unknown[];
}

export interface SpanFigures {
  /** Median ms of each span over the measured requests. */
  beforeHandler: number;
  handler: number;
  sql: number;
  afterHandler: number;
  total: number;
}

export interface ProfileBucket {
  name: string;
  /** Share of the profiled CPU time, 0–1. */
  share: number;
  /** ms of CPU per request. */
  msPerRequest: number;
}

export interface ListNearSqlResult {
  path: string;
  requests: number;
  p50: number;
  p95: number;
  sqlP50: number;
  sqlP95: number;
  statements: number;
  spans: SpanFigures;
  profile: ProfileBucket[];
  /** Server CPU per request from the profile (ms). */
  cpuPerRequest: number;
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

/** The pool the endpoint's queries go through (drizzle's node-postgres client). */
function poolOf(database: Database): { query: QueryFn } {
  return (database.db as unknown as { $client: { query: QueryFn } }).$client;
}

const isSessionLookup = (text: string) => /"user_sessions"|from "companies"/.test(text);

interface Watched {
  arrived: number;
  handlerStart?: number;
  handlerEnd?: number;
  sqlStart?: number;
  sqlEnd?: number;
  pendingSql: number;
}

/** Watches one request at a time: when it arrived, its handler ran, its SQL ran and it finished. */
function watchRequests(app: App, database: Database) {
  const pool = poolOf(database);
  const original = pool.query;
  const spans: SpanFigures[] = [];
  let current: Watched | undefined;
  let recording: Recorded[] | null = null;
  pool.query = function (this: unknown, ...argv: unknown[]) {
    const first = argv[0] as string | { text: string; values?: unknown[] };
    const text = typeof first === "string" ? first : first.text;
    const params = (typeof first === "string" ? argv[1] : (first.values ?? argv[1])) as unknown[] | undefined;
    if (recording && !isSessionLookup(text)) recording.push({ text, params: params ?? [] });
    const request = current;
    if (request && !isSessionLookup(text)) {
      request.sqlStart ??= performance.now();
      request.pendingSql++;
    }
    const done = (result: unknown) => {
      if (request && !isSessionLookup(text)) request.sqlEnd = performance.now();
      return result;
    };
    return (original.apply(this, argv) as Promise<unknown>).then(done, (error: unknown) => {
      done(undefined);
      throw error;
    });
  } as QueryFn;
  const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
    const request: Watched = (current = { arrived: performance.now(), pendingSql: 0 });
    response.on("finish", () => {
      const finished = performance.now();
      if (request.handlerStart !== undefined && request.handlerEnd !== undefined) {
        spans.push({
          beforeHandler: request.handlerStart - request.arrived,
          handler: request.handlerEnd - request.handlerStart,
          sql: request.sqlStart !== undefined && request.sqlEnd !== undefined ? request.sqlEnd - request.sqlStart : 0,
          afterHandler: finished - request.handlerEnd,
          total: finished - request.arrived,
        });
      }
    });
  };
  app.server.prependListener("request", onRequest);
  const channel = diagnostics.tracingChannel("fastify.request.handler");
  const handlers = {
    start: () => {
      if (current) current.handlerStart = performance.now();
    },
    end: () => {},
    asyncStart: () => {},
    asyncEnd: () => {
      if (current) current.handlerEnd = performance.now();
    },
    error: () => {},
  };
  channel.subscribe(handlers);
  return {
    async record(run: () => Promise<unknown>): Promise<Recorded[]> {
      recording = [];
      await run();
      const out = recording;
      recording = null;
      return out;
    },
    reset() {
      spans.length = 0;
    },
    figures(): SpanFigures {
      return {
        beforeHandler: median(spans.map((s) => s.beforeHandler)),
        handler: median(spans.map((s) => s.handler)),
        sql: median(spans.map((s) => s.sql)),
        afterHandler: median(spans.map((s) => s.afterHandler)),
        total: median(spans.map((s) => s.total)),
      };
    },
    stop() {
      pool.query = original;
      app.server.removeListener("request", onRequest);
      channel.unsubscribe(handlers);
    },
  };
}

/** The recorded statements, each prepared by name on a plain client of its own; one round runs them together. */
async function preparedRound(url: string, statements: Recorded[]) {
  const clients = statements.map(() => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  return {
    run: () => Promise.all(statements.map((s, i) => clients[i].query({ name: `bench_list_${i}`, text: s.text, values: s.params }))),
    close: () => Promise.all(clients.map((c) => c.end())),
  };
}

/** One GET on a kept-alive connection, read to the end. */
function get(agent: http.Agent, port: number, path: string, cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent, headers: { cookie } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
      response.on("data", () => {});
      response.on("end", resolve);
    });
    request.on("error", reject);
  });
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  hitCount?: number;
}

/**
 * What a profile frame belongs to: a package, Node's JavaScript, this app's code, or a native frame
 * by name (writev: the answer's write to the socket; on a loaded machine a thread waiting for the CPU
 * inside a system call is sampled there).
 */
function bucketOf(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return "node (http, streams, crypto)";
  if (url.includes("/server/")) return "código do servidor (server/)";
  if (url.includes("/src/")) return "código do domínio (src/)";
  if (url.includes("/scripts/")) return "medição (este script)";
  if (url) return "outros";
  if (functionName === "(garbage collector)") return "coleta de lixo";
  return `nativo: ${functionName || "?"}`;
}

/** Runs `work` under the V8 CPU profiler; CPU time summed by bucket (idle left out). */
async function profile(work: () => Promise<number>): Promise<{ buckets: ProfileBucket[]; cpuPerRequest: number }> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 250 });
    await session.post("Profiler.start");
    const requests = await work();
    const { profile: result } = (await session.post("Profiler.stop")) as unknown as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const byId = new Map(result.nodes.map((n) => [n.id, n]));
    const totals = new Map<string, number>();
    result.samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const bucket = bucketOf(node.callFrame);
      totals.set(bucket, (totals.get(bucket) ?? 0) + (result.timeDeltas[i] ?? 0));
    });
    totals.delete("nativo: (idle)");
    if (process.env.BENCH_PROFILE_TOP) {
      const frames = new Map<string, number>();
      result.samples.forEach((id, i) => {
        const node = byId.get(id);
        if (!node) return;
        const key = `${node.callFrame.functionName} ${node.callFrame.url.replace(/.*node_modules\//, "")}`;
        frames.set(key, (frames.get(key) ?? 0) + (result.timeDeltas[i] ?? 0));
      });
      for (const [key, micros] of [...frames.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BENCH_PROFILE_TOP))) console.error(`  ${(micros / 1000 / requests).toFixed(3)} ms/req ${key}`);
    }
    const busy = [...totals.values()].reduce((a, b) => a + b, 0);
    const buckets = [...totals.entries()]
      .map(([name, micros]) => ({ name, share: micros / busy, msPerRequest: micros / 1000 / requests }))
      .sort((a, b) => b.share - a.share);
    return { buckets, cpuPerRequest: busy / 1000 / requests };
  } finally {
    session.disconnect();
  }
}

/**
 * The page against its SQL, the spans and the profile (see the top of this file). The request and
 * its SQL alternate, one pair after the other: on a shared machine the load changes from one second
 * to the next, and a pair sees the same load on both sides.
 */
export async function listNearSql(options: { app: App; database: Database; url: string; port: number; cookie: string; path: string; seconds: number; profile?: boolean }): Promise<ListNearSqlResult> {
  const { app, database, port, cookie, path, seconds } = options;
  const watch = watchRequests(app, database);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let sql: Awaited<ReturnType<typeof preparedRound>> | undefined;
  try {
    const statements = await watch.record(() => get(agent, port, path, cookie));
    if (process.env.BENCH_PRINT_SQL) for (const s of statements) console.error(s.text, JSON.stringify(s.params));
    sql = await preparedRound(options.url, statements);
    for (let i = 0; i < 50; i++) {
      await get(agent, port, path, cookie);
      await sql.run();
    }
    watch.reset();
    const api: number[] = [];
    const raw: number[] = [];
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      let started = performance.now();
      await get(agent, port, path, cookie);
      api.push(performance.now() - started);
      started = performance.now();
      await sql.run();
      raw.push(performance.now() - started);
    }
    const spans = watch.figures();
    const profiled = !options.profile
      ? { buckets: [], cpuPerRequest: NaN }
      : await profile(async () => {
          const end = performance.now() + (seconds / 2) * 1000;
          let requests = 0;
          for (; performance.now() < end; requests++) await get(agent, port, path, cookie);
          return requests;
        });
    api.sort((a, b) => a - b);
    raw.sort((a, b) => a - b);
    return {
      path,
      requests: api.length,
      p50: percentile(api, 50),
      p95: percentile(api, 95),
      sqlP50: percentile(raw, 50),
      sqlP95: percentile(raw, 95),
      statements: statements.length,
      spans,
      profile: profiled.buckets,
      cpuPerRequest: profiled.cpuPerRequest,
    };
  } finally {
    agent.destroy();
    await sql?.close();
    watch.stop();
  }
}
