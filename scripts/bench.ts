/**
 * `npm run bench`: list and dashboard endpoints on national-scale data (every IBGE municipality's
 * transfers, 1,000,000 payments), on PostgreSQL and on PGlite. Each scenario runs autocannon on
 * loopback (10 connections, a signed-in session cookie; in a child process, so the load never takes
 * the server's event loop) against the real server, then replays the
 * same SQL the endpoint ran, with the same concurrency, straight on the database. Prints a table
 * and writes bench/results/<date>.md. Not part of `npm test`.
 *
 *   npm run bench                                   both databases; PostgreSQL in a throwaway cluster
 *   BENCH_DATABASE_URL=postgres://… npm run bench   an existing (empty or already seeded) database
 *   npm run bench -- --only pglite --payments 200000 --duration 5
 *   npm run bench -- --only postgres --scenario Pagamentos     scenarios whose name contains the text
 *
 * After the lists, on each database, the SICONV import at national size (scripts/bench-siconv.ts, in
 * a process of its own): rows per second and peak memory of importing a generated siconv_pagamento.zip
 * (`--siconv-rows`, 3,000,000 on PostgreSQL and a tenth of it on PGlite; `--scenario SICONV` runs only
 * it, `--skip-siconv` leaves it out). On PostgreSQL twice: with every municipality of the database a
 * client (9 rows in 10 written), and as a consultancy of 30 clients meets the national file (their
 * share written, the rest read and skipped).
 *
 * On PostgreSQL, last, the side-by-side with json-server 0.17 (scripts/bench-json-server.ts): the same
 * payments (`--side-payments`, 100,000, in a database of their own) served by both, the same
 * simple-rest queries, search included (`--scenario json-server` runs only it, `--skip-json-server`
 * leaves it out).
 *
 * Last, the nightly Transferegov sync of a consultancy's clients (scripts/bench-sync.ts, in a process
 * of its own with its own stand-in of the public API): 30 clients of 200 plans, two nights; requests,
 * time at the API's pace and peak memory (`--scenario sincronização` runs only it, `--skip-sync`
 * leaves it out, `--sync-clients` and `--sync-plans` size it).
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, chownSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, promisify } from "node:util";
import { sql } from "drizzle-orm";
import { memorySample, memoryTable, type MemorySample } from "./bench-memory";
import { loadConfig } from "../server/config";
import { openDatabase, type Database } from "../server/db/client";
import { seedDemo } from "../server/db/seed";
import { NATIONAL_SCALE, seedScale } from "../server/db/seed/scale";
import { createIdentity } from "../server/auth/identity";
import { buildApp } from "../server/app";
import { startAuthEmulator } from "../server/local/emulator";
import { ensureDemoIdentities } from "../server/local/demo-identities";
import { sessionCookie } from "../tests/support/api";
import { fireLoad, percentile } from "./bench-fire";
import { listNearSql, type ListNearSqlResult } from "./bench-list-path";
import { explainStatements, explainTable } from "./bench-explain";
import { postgresCpuMs } from "./bench-pg-cpu";
import type { Pool } from "pg";
import { compareWithJsonServer, readAll, sideBySideTable, SIDE_BY_SIDE_TARGET, type SideBySideResult } from "./bench-json-server";

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    scenario: { type: "string" },
    payments: { type: "string", default: String(NATIONAL_SCALE.payments) },
    municipalities: { type: "string", default: String(NATIONAL_SCALE.municipalities) },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "pglite-dir": { type: "string", default: ".data/bench/pglite" },
    "siconv-rows": { type: "string", default: "3000000" },
    "skip-siconv": { type: "boolean", default: false },
    "side-payments": { type: "string", default: "100000" },
    "skip-json-server": { type: "boolean", default: false },
    "skip-sync": { type: "boolean", default: false },
    "sync-clients": { type: "string", default: "30" },
    "sync-plans": { type: "string", default: "200" },
  },
});
const SICONV_SCENARIO = "Importação SICONV (siconv_pagamento nacional)";
const listScenarios = () => SCENARIOS.filter((s) => !args.scenario || s.name.includes(args.scenario));
const SIDE_BY_SIDE_SCENARIO = "Lado a lado com json-server";
const SYNC_SCENARIO = "Sincronização noturna do Transferegov";
const runSync = () => !args["skip-sync"] && (!args.scenario || SYNC_SCENARIO.toLowerCase().includes(args.scenario.toLowerCase()));
const runSideBySide = () => !args["skip-json-server"] && (!args.scenario || SIDE_BY_SIDE_SCENARIO.toLowerCase().includes(args.scenario.toLowerCase()));
/** Issue 36 item 8: one client's 20-row page next to its own SQL (scripts/bench-list-path.ts), PostgreSQL only. */
const NEAR_SQL_SCENARIO = "Lista perto do SQL: página de 20 linhas de um cliente";
const NEAR_SQL_TARGET = 2;
const NEAR_SQL_PATHS = (process.env.BENCH_NEAR_ROWS ?? "1,20,100").split(",").map(Number).map((rows) => ({ rows, path: `/api/transaction-payments?_start=0&_end=${rows}` }));
const runNearSql = () => !args.scenario || NEAR_SQL_SCENARIO.toLowerCase().includes(args.scenario.toLowerCase());
const runSiconv = () => !args["skip-siconv"] && (!args.scenario || SICONV_SCENARIO.includes(args.scenario));
const PAYMENTS = Number(args.payments);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const say = (message: string) => console.log(`[bench] ${message}`);

// ---------- scenarios: what a screen asks for ----------

interface Scenario {
  name: string;
  group: "list" | "search" | "dashboard" | "report" | "queue";
  who: "manager" | "admin";
  path: string;
}
const year = new Date().getFullYear() - 1;
const THIRTY_CLIENTS = Array.from({ length: 30 }, (_, i) => i + 1).join(",");
const SCENARIOS: Scenario[] = [
  { name: "Transferências especiais: filtro + ordenação + página (município)", group: "list", who: "manager", path: `/api/imposition-transfers?year=${year}&situation=CIENTE,CONCLUIDO&_sort=plannedValue&_order=desc&_start=0&_end=20` },
  { name: "Transferências especiais: filtro + ordenação + página (todos os municípios)", group: "list", who: "admin", path: `/api/imposition-transfers?year=${year}&situation=CIENTE&_sort=plannedValue&_order=desc&_start=40&_end=60` },
  { name: "Totais da lista filtrada (todos os municípios)", group: "list", who: "admin", path: `/api/imposition-transfers/totals?year=${year}&situation=CIENTE` },
  { name: "Convênios: filtro + ordenação + página (todos os municípios)", group: "list", who: "admin", path: `/api/voluntary-transfers?status=EM_EXECUCAO&grantorAcronym=MS&_sort=validityEnd&_order=asc&_start=0&_end=20` },
  { name: "Pagamentos: filtro + ordenação + página (município)", group: "list", who: "manager", path: `/api/transaction-payments?kind=DISBURSEMENT&_sort=paymentDate&_order=desc&_start=0&_end=20` },
  { name: "Pagamentos: filtro + ordenação + página (todos os municípios)", group: "list", who: "admin", path: `/api/transaction-payments?status=EFETIVADO&amount_gte=100000&_sort=paymentDate&_order=desc&_start=20&_end=40` },
  { name: "Pagamentos: situação rara + ordenação + página (todos os municípios)", group: "list", who: "admin", path: `/api/transaction-payments?status=CANCELADO&_sort=paymentDate&_order=desc&_start=0&_end=20` },
  { name: "Busca q com resultado: pagamentos (todos os municípios)", group: "search", who: "admin", path: "/api/transaction-payments?q=engenharia&_start=0&_end=20" },
  { name: "Busca q sem resultado: pagamentos (todos os municípios)", group: "search", who: "admin", path: "/api/transaction-payments?q=xyzwq&_start=0&_end=20" },
  { name: "Busca _like: favorecido (todos os municípios)", group: "search", who: "admin", path: "/api/transaction-payments?payeeName_like=Engenharia&_start=0&_end=20" },
  { name: "Busca q com resultado: pagamentos (município)", group: "search", who: "manager", path: "/api/transaction-payments?q=engenharia&_start=0&_end=20" },
  // Issue 36 item 6: a common word (engenharia: about 4% of the payments) against the plain page it should stay within 3× of.
  { name: "Busca _like: favorecido, palavra comum (município)", group: "search", who: "manager", path: "/api/transaction-payments?payeeName_like=Engenharia&_start=0&_end=20" },
  { name: "Pagamentos: página simples, referência da busca (todos os municípios)", group: "search", who: "admin", path: "/api/transaction-payments?_start=0&_end=20" },
  { name: "Pagamentos: página simples, referência da busca (município)", group: "search", who: "manager", path: "/api/transaction-payments?_start=0&_end=20" },
  { name: "Radar: programas abertos ao município (catálogo nacional)", group: "list", who: "manager", path: "/api/programs/open?_start=0&_end=20" },
  { name: "Radar: programas abertos, filtro por modalidade e valor", group: "list", who: "manager", path: "/api/programs/open?modality=CONVENIO&minValue=1000000&_start=0&_end=20" },
  { name: "Painel (município)", group: "dashboard", who: "manager", path: "/api/dashboard/summary" },
  { name: "Painel (todos os municípios)", group: "dashboard", who: "admin", path: "/api/dashboard/summary" },
  // The risk queue (issue 33): every client's items computed on the fly, the handling joined on.
  // A consultancy of 30 clients (the demo's and the first national municipalities: ids 1–30 of a fresh database).
  // The screen asks for one page of 50 (src/resources/risks/page.tsx); the whole queue is the former screen's request.
  { name: "Fila de riscos (30 clientes)", group: "queue", who: "admin", path: `/api/risks?companyIds=${THIRTY_CLIENTS}&_start=0&_end=50` },
  { name: "Fila de riscos: tipo e situação (30 clientes)", group: "queue", who: "admin", path: `/api/risks?companyIds=${THIRTY_CLIENTS}&kind=work-plan,cauc,lc210&state=OPEN,IN_PROGRESS&_start=0&_end=50` },
  { name: "Fila de riscos (município)", group: "queue", who: "manager", path: "/api/risks?_start=0&_end=50" },
  { name: "Fila de riscos: a fila inteira numa resposta (30 clientes)", group: "queue", who: "admin", path: `/api/risks?companyIds=${THIRTY_CLIENTS}` },
  // Reports (issue 17): one company's rows grouped on the fly; every company from the exact rollups.
  ...(
    [
      ["captação", "fundraising", `yearFrom=${year - 3}`],
      ["pagamentos", "payments", `from=${year - 1}-01&kind=SUPPLIER_PAYMENT&status=EFETIVADO`],
      ["pagamentos de uma transferência", "payments", "transfer=700089"],
      ["propostas", "proposal", ""],
      ["transferências", "transactions", "days=120"],
    ] as const
  ).flatMap(([label, report, query]) =>
    (["manager", "admin"] as const).map((who): Scenario => ({
      name: `Relatório de ${label} (${who === "manager" ? "município" : "todos os municípios"})`,
      group: "report",
      who,
      path: `/api/reports/${report}${query ? `?${query}` : ""}`,
    })),
  ),
];

interface Result {
  database: string;
  scenario: Scenario;
  p50: number;
  p95: number;
  rps: number;
  errors: number;
  sqlP50: number;
  sqlP95: number;
  /** CPU time of the server's process per request, in ms (user + system). */
  cpuPerRequest: number;
  /** PostgreSQL's CPU per request (a local cluster, from /proc), or null. */
  pgCpuPerRequest: number | null;
}


// ---------- PostgreSQL: a throwaway cluster when none is given ----------

interface Cluster {
  url: string;
  stop(): void;
}

function findPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, "bin")).find((bin) => existsSync(path.join(bin, "initdb")));
}

function startCluster(): Cluster | undefined {
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const port = Number(process.env.BENCH_PG_PORT ?? 55433);
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-bench-pg-"));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, argv: string[]) => {
    const line = [path.join(bin, command), ...argv].map((a) => `'${a}'`).join(" ");
    execFileSync(asRoot ? "su" : "sh", asRoot ? ["postgres", "-c", line] : ["-c", line], { stdio: "ignore" });
  };
  if (asRoot) {
    // PostgreSQL refuses to run as root: the cluster belongs to the postgres user, as in .ci/run.
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  run("initdb", ["-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  run("pg_ctl", ["-D", `${dir}/data`, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_connections=50`, "-l", `${dir}/log`, "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", `${dir}/data`, "-m", "fast", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// ---------- the raw SQL an endpoint runs ----------

type QueryFn = (...argv: unknown[]) => Promise<unknown>;
interface Recorded {
  /** A named statement (prepared once per connection) keeps its name in the replay. */
  name?: string;
  text: string;
  params: unknown[];
}

/** Records the data queries a request runs (leaving out the session lookup) and replays them. */
function sqlRecorder(database: Database) {
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query.bind(client) as QueryFn;
  let recording: Recorded[] | null = null;
  client.query = (...argv: unknown[]) => {
    if (recording) {
      const first = argv[0] as string | { name?: string; text: string; values?: unknown[] };
      const entry: Recorded =
        typeof first === "string" ? { text: first, params: (argv[1] as unknown[]) ?? [] } : { name: first.name, text: first.text, params: first.values ?? (argv[1] as unknown[]) ?? [] };
      if (!/"user_sessions"|from "companies" where/.test(entry.text)) recording.push(entry);
    }
    return original(...argv);
  };
  return {
    pool: client,
    async record(run: () => Promise<unknown>): Promise<Recorded[]> {
      recording = [];
      await run();
      const out = recording;
      recording = null;
      return out;
    },
    /** The recorded queries at `connections` concurrency for `seconds`: per-operation latencies in ms. */
    async replay(queries: Recorded[], seconds: number, connections: number): Promise<number[]> {
      const latencies: number[] = [];
      const until = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < until) {
          const started = performance.now();
          // The endpoints run their queries together (rows and count of a list, the dashboard's parts).
          await Promise.all(queries.map((q) => (q.name ? original({ name: q.name, text: q.text, values: q.params }) : original(q.text, q.params))));
          latencies.push(performance.now() - started);
        }
      };
      await Promise.all(Array.from({ length: connections }, worker));
      return latencies.sort((a, b) => a - b);
    },
  };
}

// ---------- one database ----------

async function ensureScaleData(database: Database, label: string, size = { municipalities: Number(args.municipalities), payments: PAYMENTS }) {
  const result = (await database.db.execute(sql`select count(*)::int as n from transaction_payments`)) as unknown as { rows: { n: number }[] };
  const have = result.rows[0].n;
  if (have >= size.payments) return say(`${label}: dados de escala já presentes (${have.toLocaleString("pt-BR")} pagamentos)`);
  const started = Date.now();
  say(`${label}: gerando ${size.municipalities.toLocaleString("pt-BR")} municípios e ${size.payments.toLocaleString("pt-BR")} pagamentos…`);
  await seedDemo(database.db);
  await seedScale(database.db, { ...NATIONAL_SCALE, ...size, log: (m) => say(`${label}: ${m}`) });
  say(`${label}: seed de escala em ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** The real server on a loopback port, with the sessions the scenarios sign in with. */
async function serve(database: Database) {
  // Not "production": that mode refuses the local emulator the benchmark signs in with.
  const config = loadConfig({ ...process.env, NODE_ENV: "development", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent" });
  const identity = createIdentity(config);
  await ensureDemoIdentities(identity.auth);
  const app = await buildApp({ config, db: database.db, identity });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const cookies = { manager: await sessionCookie(app, "gestor@demo.local"), admin: await sessionCookie(app, "admin@demo.local") };
  return {
    app,
    port,
    cookies,
    async close() {
      await app.close();
      await identity.close();
    },
  };
}

/** The side-by-side's own database next to the national one (same cluster), with `--side-payments` payments. */
async function benchSideBySide(nationalUrl: string): Promise<SideBySideResult[]> {
  const url = new URL(nationalUrl);
  const name = "sol_bench_lado_a_lado";
  const admin = await openDatabase({ databaseUrl: nationalUrl });
  try {
    const exists = (await admin.db.execute(sql`select 1 from pg_database where datname = ${name}`)) as unknown as { rows: unknown[] };
    if (!exists.rows.length) await admin.db.execute(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    const payments = Number(args["side-payments"]);
    await ensureScaleData(database, SIDE_BY_SIDE_SCENARIO, { municipalities: Math.max(1, Math.round(Number(args.municipalities) / 10)), payments });
    const server = await serve(database);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const headers = { cookie: server.cookies.admin };
      const rows = await readAll(base, headers);
      say(`${SIDE_BY_SIDE_SCENARIO}: ${rows.length.toLocaleString("pt-BR")} pagamentos lidos pela API para o json-server`);
      return await compareWithJsonServer({ base, headers, rows, connections: CONNECTIONS, duration: DURATION, port: Number(process.env.BENCH_JSON_SERVER_PORT ?? 3999), say });
    } finally {
      await server.close();
    }
  } finally {
    await database.close();
  }
}

/** Per statement of the risk queue's scenarios: planning against execution (scripts/bench-explain.ts). */
const explained: string[] = [];

/** The server's memory (this process) at each step of the run (scripts/bench-memory.ts). */
const memory: MemorySample[] = [];
const nearSql: { rows: number; result: ListNearSqlResult }[] = [];
async function sampleMemory(label: string, database: Database) {
  const sample = await memorySample(label, database);
  memory.push(sample);
  say(`memória · ${label}: RSS ${sample.rssMb} MB (pico ${sample.peakRssMb}), heap ${sample.heapUsedMb} MB${sample.wasmMb ? `, WASM ${sample.wasmMb} MB` : ""}`);
}

async function benchDatabase(label: string, database: Database): Promise<Result[]> {
  await ensureScaleData(database, label);
  await sampleMemory(`${label}: banco aberto`, database);
  const { app, port, cookies, close } = await serve(database);
  await sampleMemory(`${label}: servidor pronto (índices de busca prontos)`, database);
  const recorder = sqlRecorder(database);
  const results: Result[] = [];
  try {
    for (const scenario of listScenarios()) {
      const headers = { cookie: cookies[scenario.who] };
      const queries = await recorder.record(async () => {
        const res = await app.inject({ method: "GET", url: scenario.path, headers });
        if (res.statusCode !== 200) throw new Error(`${scenario.path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      // Warm caches and plans the same way for both sides.
      for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url: scenario.path, headers });
      const pgPort = database.url ? new URL(database.url).port || "5432" : null;
      const pgBefore = pgPort ? postgresCpuMs(pgPort) : null;
      const cpuBefore = process.cpuUsage();
      const load = await fireLoad({ url: `http://127.0.0.1:${port}${scenario.path}`, headers, connections: CONNECTIONS, duration: DURATION });
      const cpu = process.cpuUsage(cpuBefore);
      const pgAfter = pgPort ? postgresCpuMs(pgPort) : null;
      const raw = await recorder.replay(queries, Math.max(2, DURATION / 2), CONNECTIONS);
      const result: Result = {
        database: label,
        scenario,
        p50: percentile(load.latencies, 50),
        p95: percentile(load.latencies, 95),
        rps: load.rps,
        errors: load.errors,
        sqlP50: percentile(raw, 50),
        sqlP95: percentile(raw, 95),
        cpuPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, load.latencies.length),
        pgCpuPerRequest: pgBefore !== null && pgAfter !== null ? (pgAfter - pgBefore) / Math.max(1, load.latencies.length) : null,
      };
      results.push(result);
      if (scenario.group === "queue" && database.driver === "postgres") {
        explained.push(explainTable(`${scenario.name} — carga média ${os.loadavg()[0].toFixed(1)}`, await explainStatements(recorder.pool as Pool, queries)));
      }
      say(`${label} · ${scenario.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s; SQL p50 ${result.sqlP50.toFixed(1)} ms, p95 ${result.sqlP95.toFixed(1)} ms; CPU do servidor ${result.cpuPerRequest.toFixed(2)} ms/req${result.pgCpuPerRequest !== null ? `, do PostgreSQL ${result.pgCpuPerRequest.toFixed(2)} ms/req` : ""}`);
      await sampleMemory(`${label}: após ${scenario.name}`, database);
    }
    if (label === "PostgreSQL" && database.url && runNearSql()) {
      for (const { rows, path: url } of NEAR_SQL_PATHS) {
        const result = await listNearSql({ app, database, url: database.url, port, cookie: cookies.manager, path: url, seconds: DURATION, profile: rows === 20 });
        nearSql.push({ rows, result });
        say(`${NEAR_SQL_SCENARIO} · ${rows} linha(s): p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms; SQL p50 ${result.sqlP50.toFixed(2)} ms, p95 ${result.sqlP95.toFixed(2)} ms; ${(result.p50 / result.sqlP50).toFixed(2)}×`);
        say(`  trechos (mediana): antes do handler ${result.spans.beforeHandler.toFixed(2)} ms, handler ${result.spans.handler.toFixed(2)} ms (SQL ${result.spans.sql.toFixed(2)} ms), depois ${result.spans.afterHandler.toFixed(2)} ms, total ${result.spans.total.toFixed(2)} ms`);
        for (const bucket of result.profile.slice(0, 12)) say(`  CPU ${bucket.name}: ${(bucket.share * 100).toFixed(1)}% (${bucket.msPerRequest.toFixed(3)} ms/req)`);
      }
    }
  } finally {
    await close();
  }
  return results;
}

// ---------- the SICONV import, in a process of its own ----------

interface SiconvRun {
  seconds: number;
  readSeconds: number;
  writeSeconds: number;
  cpuSeconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  counts: Record<string, number>;
}
interface SiconvResult {
  database: string;
  rows: number;
  /** Client municipalities the file was made for; null: every municipality of the database. */
  clients: number | null;
  zipMb: number;
  first: SiconvRun;
  second: SiconvRun;
  maxRssMb: number;
}

/** A consultancy's size: the realistic share of a national file that belongs to its clients. */
const SICONV_CLIENTS = 30;

async function benchSiconv(label: string, target: { databaseUrl?: string; pgliteDir?: string }, rows: number, clients?: number): Promise<SiconvResult> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-siconv.ts");
  const argv = ["--import", "tsx", script, "--rows", String(rows), ...(clients ? ["--clients", String(clients)] : []), ...(target.databaseUrl ? ["--database-url", target.databaseUrl] : ["--pglite-dir", target.pgliteDir!])];
  say(`${label}: importação SICONV de ${rows.toLocaleString("pt-BR")} linhas${clients ? ` (${clients} municípios clientes)` : ""}…`);
  const { stdout } = await promisify(execFile)(process.execPath, argv, { maxBuffer: 16 * 2 ** 20 });
  const line = stdout.trim().split("\n").pop()!;
  const result = JSON.parse(line) as Omit<SiconvResult, "database">;
  const out = { ...result, database: label };
  say(`${label} · ${SICONV_SCENARIO}: ${result.first.rowsPerSecond.toLocaleString("pt-BR")} linhas/s (novas), ${result.second.rowsPerSecond.toLocaleString("pt-BR")} linhas/s (sem mudança), pico de memória ${result.maxRssMb} MB`);
  return out;
}

function siconvTable(results: SiconvResult[]): string {
  const lines = [
    "| Banco | Municípios clientes | Linhas | Zip (MB) | 1ª importação (todas novas) | 2ª importação (sem mudança) | Pico de RSS | Meta |",
    "|---|---|---:|---:|---|---|---:|---|",
  ];
  for (const r of results) {
    const memory = `${r.maxRssMb <= 300 ? "✅" : "❌"} ≤ 300 MB`;
    const rate = `${r.first.rowsPerSecond >= 50_000 && r.second.rowsPerSecond >= 50_000 ? "✅" : "❌"} ≥ 50.000 linhas/s`;
    // Every municipality a client is the stress case: its rate is bounded by the payments table's
    // indexes and foreign keys (SICONV_WRITE_BOUND), so only its memory is held to the target.
    const meets = r.database !== "PostgreSQL" ? "(no PG)" : r.clients ? `${rate}; ${memory}` : `${memory}; vazão: caso-limite (abaixo)`;
    const run = (x: SiconvRun) => `${x.rowsPerSecond.toLocaleString("pt-BR")} linhas/s (${x.seconds.toFixed(0)} s: leitura ${x.readSeconds.toFixed(0)} s, gravação ${x.writeSeconds.toFixed(0)} s; CPU do processo ${x.cpuSeconds.toFixed(0)} s)`;
    const clients = r.clients ? `${r.clients} (só as linhas deles são gravadas)` : "todos (9 de 10 linhas gravadas)";
    lines.push(`| ${r.database} | ${clients} | ${r.rows.toLocaleString("pt-BR")} | ${r.zipMb} | ${run(r.first)} | ${run(r.second)} | ${r.maxRssMb} MB | ${meets} |`);
  }
  if (results.some((r) => r.database === "PostgreSQL" && !r.clients)) lines.push("", SICONV_WRITE_BOUND);
  return lines.join("\n");
}

/** Why the file in which every municipality is a client is held to the memory target only. */
const SICONV_WRITE_BOUND =
  "Caso-limite (todo município é cliente): cada linha é um pagamento novo, gravado com os índices das listas, as chaves estrangeiras e os índices de busca; " +
  "só os índices das listas já põem a gravação abaixo de 50.000 linhas/s (medição em bench/results/2026-11-24-siconv.md, \"Limite da gravação\"). " +
  "A meta de vazão vale para o arquivo nacional como uma consultoria o recebe (a linha com municípios clientes).";

// ---------- report ----------

const TARGETS = { list: 25, search: 50, dashboard: 150, report: 100, queue: 100 };

function table(results: Result[]): string {
  const lines = [
    "| Banco | Cenário | p50 (ms) | p95 (ms) | req/s | SQL p50 (ms) | SQL p95 (ms) | API ÷ SQL (p50) | CPU do servidor (ms/req) | CPU do PostgreSQL (ms/req) | Meta p95 |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of results) {
    const target = TARGETS[r.scenario.group];
    const ratio = r.p50 / r.sqlP50;
    const meets = r.database === "PostgreSQL" ? (r.p95 < target ? `✅ < ${target}` : `❌ < ${target}`) : `(${target} no PG)`;
    lines.push(
      `| ${r.database} | ${r.scenario.name}${r.errors ? ` (${r.errors} erros)` : ""} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.sqlP50.toFixed(1)} | ${r.sqlP95.toFixed(1)} | ${ratio.toFixed(2)}× | ${r.cpuPerRequest.toFixed(2)} | ${r.pgCpuPerRequest !== null ? r.pgCpuPerRequest.toFixed(2) : "—"} | ${meets} |`,
    );
  }
  return lines.join("\n");
}

/** Issue 36 item 8's section: the page next to its SQL, the spans of the server's time and its CPU profile. */
function nearSqlSection(): string {
  const twenty = nearSql.find((n) => n.rows === 20)?.result;
  const lines = [
    `## ${NEAR_SQL_SCENARIO}`,
    "",
    "`GET /api/transaction-payments?_start=0&_end=N` como gestor@demo.local (um cliente), uma conexão mantida aberta, uma requisição após a outra, alternadas com o SQL do mesmo pedido: as consultas que o endpoint executou (linhas e contagem; a leitura da sessão fica de fora), preparadas com nome, cada uma num cliente pg simples ao mesmo banco, as duas juntas como o endpoint as executa. Cada par vê a mesma carga da máquina.",
    "",
    `| Linhas | Requisições | API p50 (ms) | API p95 (ms) | SQL p50 (ms) | SQL p95 (ms) | API ÷ SQL (p50) | API ÷ SQL (p95) | Meta |`,
    "|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...nearSql.map(({ rows, result: r }) => {
      const ratio = r.p50 / r.sqlP50;
      const meets = rows === 20 ? `${ratio <= NEAR_SQL_TARGET ? "✅" : "❌"} ≤ ${NEAR_SQL_TARGET}×` : "";
      return `| ${rows} | ${r.requests} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.sqlP50.toFixed(2)} | ${r.sqlP95.toFixed(2)} | ${ratio.toFixed(2)}× | ${(r.p95 / r.sqlP95).toFixed(2)}× | ${meets} |`;
    }),
    "",
    "### Onde o tempo do servidor foi (mediana por requisição, ms)",
    "",
    "Do momento em que a requisição chega ao servidor HTTP até a resposta terminar de sair: antes do handler (roteamento, cabeçalhos de segurança, verificação da sessão, cliente, termos, papel e validação da query), o handler (montagem da consulta pela forma da lista, o SQL da página e da contagem no pool, e a conversão das linhas) e depois do handler (validação e serialização da resposta pelo esquema da linha, ganchos onSend, escrita).",
    "",
    "| Linhas | Antes do handler | Handler | SQL no handler | Handler fora do SQL | Depois do handler | Total no servidor | Cliente HTTP e rede (p50 − total) |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...nearSql.map(({ rows, result: r }) => {
      const s = r.spans;
      return `| ${rows} | ${s.beforeHandler.toFixed(2)} | ${s.handler.toFixed(2)} | ${s.sql.toFixed(2)} | ${(s.handler - s.sql).toFixed(2)} | ${s.afterHandler.toFixed(2)} | ${s.total.toFixed(2)} | ${(r.p50 - s.total).toFixed(2)} |`;
    }),
    "",
  ];
  if (twenty?.profile.length) {
    lines.push(
      "### CPU do processo na página de 20 linhas (perfil do V8, por pacote)",
      "",
      `CPU ocupada por requisição: ${twenty.cpuPerRequest.toFixed(2)} ms (servidor e o cliente HTTP da medição, no mesmo processo; ociosidade fora).`,
      "",
      "| Onde | Parte | ms/req |",
      "|---|---:|---:|",
      ...twenty.profile.filter((b) => b.share >= 0.005).map((b) => `| ${b.name} | ${(b.share * 100).toFixed(1)}% | ${b.msPerRequest.toFixed(3)} |`),
      "",
    );
  }
  return lines.join("\n");
}

/** The nightly sync's section (scripts/bench-sync.ts prints its Markdown in its last JSON line). */
async function benchSync(databaseUrl: string | undefined): Promise<string> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-sync.ts");
  say(`${SYNC_SCENARIO}: ${args["sync-clients"]} clientes de ${args["sync-plans"]} planos…`);
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, "--clients", args["sync-clients"]!, "--plans", args["sync-plans"]!, ...(databaseUrl ? ["--database-url", databaseUrl] : []), "--json"], { maxBuffer: 16 * 2 ** 20 });
  return (JSON.parse(stdout.trim().split("\n").pop()!) as { markdown: string }).markdown;
}

async function main() {
  const loadAtStart = os.loadavg()[0];
  const emulatorPort = Number(process.env.BENCH_AUTH_EMULATOR_PORT ?? 9399);
  const emulator = await startAuthEmulator({ projectId: "demo-sol-bench", port: emulatorPort, dir: mkdtempSync(path.join(os.tmpdir(), "sol-bench-auth-")), persist: false });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = "demo-sol-bench";
  const results: Result[] = [];
  const siconv: SiconvResult[] = [];
  const sideBySide: SideBySideResult[] = [];
  let syncSection = "";
  const notes: string[] = [];
  let cluster: Cluster | undefined;
  /** The PostgreSQL server of this run, if any: the nightly sync runs there too (on a database of its own). */
  let postgresUrl: string | undefined;
  try {
    if (args.only !== "pglite") {
      let url = process.env.BENCH_DATABASE_URL;
      if (!url) {
        cluster = startCluster();
        url = cluster?.url;
        if (!cluster) {
          const note = "PostgreSQL não está instalado (initdb não encontrado em /usr/lib/postgresql): a parte do PostgreSQL foi pulada. Instale postgresql-15 ou defina BENCH_DATABASE_URL.";
          say(note);
          notes.push(note);
        }
      }
      postgresUrl = url;
      if (url) {
        const database = await openDatabase({ databaseUrl: url });
        try {
          const version = (await database.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] };
          notes.push(`PostgreSQL ${version.rows[0].server_version}${cluster ? " (cluster descartável em /tmp, shared_buffers=1GB)" : ""}, pool de 10 conexões.`);
          if (listScenarios().length || runNearSql()) results.push(...(await benchDatabase("PostgreSQL", database)));
          else if (runSiconv()) await ensureScaleData(database, "PostgreSQL");
        } finally {
          await database.close();
        }
        if (runSiconv()) {
          siconv.push(await benchSiconv("PostgreSQL", { databaseUrl: url }, Number(args["siconv-rows"])));
          siconv.push(await benchSiconv("PostgreSQL", { databaseUrl: url }, Number(args["siconv-rows"]), SICONV_CLIENTS));
        }
        if (runSideBySide()) sideBySide.push(...(await benchSideBySide(url)));
      }
    }
    if (args.only !== "postgres") {
      mkdirSync(args["pglite-dir"]!, { recursive: true });
      const database = await openDatabase({ dataDir: args["pglite-dir"] });
      try {
        notes.push(`PGlite (WASM, uma conexão) em ${args["pglite-dir"]}.`);
        if (listScenarios().length) results.push(...(await benchDatabase("PGlite", database)));
        else if (runSiconv()) await ensureScaleData(database, "PGlite");
      } finally {
        await database.close();
      }
      if (runSiconv()) siconv.push(await benchSiconv("PGlite", { pgliteDir: args["pglite-dir"] }, Math.round(Number(args["siconv-rows"]) / 10)));
    }
    if (runSync()) syncSection = await benchSync(args.only === "pglite" ? undefined : postgresUrl);
  } finally {
    cluster?.stop();
    await emulator.stop();
  }

  const date = new Date().toISOString().slice(0, 10);
  const report = [
    `# Benchmark ${date}`,
    "",
    `Dados: ${Number(args.municipalities).toLocaleString("pt-BR")} municípios (transferências especiais, convênios e fundo a fundo de cada um) e ${PAYMENTS.toLocaleString("pt-BR")} pagamentos.`,
    `Carga: autocannon em 127.0.0.1 num processo à parte, ${CONNECTIONS} conexões, ${DURATION} s por cenário, cookie de sessão (gestor@demo.local = município; admin@demo.local sem authComp = todos os municípios).`,
    "SQL: as mesmas consultas que o endpoint executou (sem a leitura da sessão), repetidas direto no banco com a mesma concorrência.",
    `Registro de requisições do servidor: LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? "silent"} (BENCH_LOG_LEVEL=info mede com o registro de cada requisição, o padrão do servidor).`,
    `Máquina: ${os.cpus().length} núcleos (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    `Carga média da máquina (1 min) no início e no fim: ${loadAtStart.toFixed(1)} e ${os.loadavg()[0].toFixed(1)} (acima do número de núcleos, outros processos disputaram a CPU e os tempos saem maiores).`,
    ...notes.map((n) => `- ${n}`),
    "",
    `Metas no PostgreSQL com 1M de pagamentos: lista p95 < ${TARGETS.list} ms, painel p95 < ${TARGETS.dashboard} ms, relatório p95 ≤ ${TARGETS.report} ms, fila de riscos p95 ≤ ${TARGETS.queue} ms, API < 2× o SQL.`,
    "",
    table(results),
    "",
    ...(explained.length
      ? [
          "## Fila de riscos: planejamento × execução por instrução (PostgreSQL)",
          "",
          "EXPLAIN (ANALYZE, BUFFERS) de cada instrução que a requisição executou, numa conexão, mediana de 5 execuções: como texto sem nome (planejada a cada vez) e preparada na conexão, após as 5 primeiras execuções (quando o PostgreSQL passa ao plano genérico e não planeja mais: é o que uma instrução com nome tem em cada conexão do pool).",
          "",
          ...explained.flatMap((t) => [t, ""]),
        ]
      : []),
    ...(memory.length
      ? [
          "## Memória do servidor",
          "",
          "O processo do benchmark é o servidor (a carga roda em processos à parte). Com PostgreSQL os dados ficam no processo do banco; com PGlite, neste processo, na memória WASM, que cresce até o maior uso do PostgreSQL e não encolhe (README, “Memória do PGlite”).",
          "",
          memoryTable(memory),
          "",
        ]
      : []),
    ...(siconv.length
      ? [
          `## ${SICONV_SCENARIO}`,
          "",
          `Arquivo gerado no formato publicado (zip, UTF-8 com BOM, \`;\`, aspas, \`1.234,56\`, \`dd/mm/aaaa\`). Com todos os municípios do banco como clientes, 9 de cada 10 linhas são de convênios cadastrados e 1 de 10 de quem não é cliente. Com ${SICONV_CLIENTS} clientes, como uma consultoria vê o arquivo nacional, só a parte deles (1 linha em cerca de ${Math.round(Number(args.municipalities) / SICONV_CLIENTS)}) é gravada e o resto é lido e pulado. Importação em processo próprio: leitura em fluxo, COPY para a tabela de preparo (PostgreSQL) ou INSERT em lotes (PGlite), um upsert. A 1ª importação grava tudo; a 2ª encontra tudo igual. Linhas/s = linhas lidas do arquivo ÷ tempo total (leitura, preparo e upsert).`,
          "",
          siconvTable(siconv),
          "",
        ]
      : []),
    ...(sideBySide.length
      ? [
          `## ${SIDE_BY_SIDE_SCENARIO}`,
          "",
          `Os mesmos ${Number(args["side-payments"]).toLocaleString("pt-BR")} pagamentos (lidos desta API, como ela os responde) num banco PostgreSQL próprio e no json-server 0.17.4, que os guarda em memória. As mesmas consultas simple-rest, uma de cada vez, com a mesma carga (${CONNECTIONS} conexões, ${DURATION} s). Meta: esta API ≥ ${SIDE_BY_SIDE_TARGET}× as requisições por segundo do json-server em toda consulta, busca incluída.`,
          "",
          sideBySideTable(sideBySide),
          "",
        ]
      : []),
    ...(nearSql.length ? [nearSqlSection(), ""] : []),
    ...(syncSection ? [syncSection, ""] : []),
  ].join("\n");
  mkdirSync("bench/results", { recursive: true });
  // A run limited to some scenarios does not overwrite the day's full report.
  const part = args.scenario ? `-${args.scenario.normalize("NFD").replace(/[^A-Za-z0-9]+/g, "-").toLowerCase()}` : "";
  const file = path.join("bench/results", `${date}${part}.md`);
  writeFileSync(file, report);
  if (nearSql.length) {
    const nearFile = path.join("bench/results", `${date}-lista-perto-do-sql.md`);
    writeFileSync(nearFile, [`# Lista perto do SQL ${date}`, "", ...report.split("\n").slice(2, 10).filter((line) => !/^(Carga|SQL): /.test(line)), "", nearSqlSection(), ""].join("\n"));
    say(`lista perto do SQL gravada em ${nearFile}`);
    console.log(`\n${nearSqlSection()}\n`);
  }
  console.log(`\n${table(results)}\n`);
  if (memory.length) console.log(`${memoryTable(memory)}\n`);
  if (siconv.length) console.log(`${siconvTable(siconv)}\n`);
  if (sideBySide.length) console.log(`${sideBySideTable(sideBySide)}\n`);
  if (syncSection) console.log(`${syncSection}\n`);
  say(`resultado gravado em ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
