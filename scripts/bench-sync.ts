/**
 * `npm run bench -- --scenario sincronização` (or on its own: `tsx scripts/bench-sync.ts`): the
 * nightly Transferegov sync of a consultancy's clients (issue 32) against a local stand-in of the
 * public API in the September 2026 format (scripts/bench-sync-standin.ts, in a process of its own),
 * on a fresh PGlite database in this process (so the peak RSS is the server's: Node plus PostgreSQL's
 * WebAssembly memory). Two nights, every client one run after the other on one shared client (one
 * pace, as the job queue runs them): the first writes everything, the second finds everything as it
 * was. Per night: requests, wall time, the time the same requests take at the real API's pace
 * (`--rpm`, 120 a minute), the most requests per plan of any single-valued table, rows written and
 * peak RSS. Prints a Markdown section and, with `--json`, one JSON line last.
 *
 *   tsx scripts/bench-sync.ts [--clients 30] [--plans 200] [--national-plans 30000] [--rpm 120] [--pglite-dir DIR | --database-url URL]
 *
 * With `--database-url` (what `npm run bench -- --only postgres` passes), the nights run on a fresh
 * database of that PostgreSQL server, which runs in its own process as in production: the peak RSS is
 * then the sync's own (Node), not PostgreSQL's.
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { companies, syncRuns, workPlanAnalyses } from "../server/db/schema";
import { createRun } from "../server/sync/runs";
import { createTransferegovClient } from "../server/sync/transferegov/client";
import { refreshMirror } from "../server/sync/transferegov/mirror";
import { executeSyncRun } from "../server/sync/transferegov/service";
import { LIST_FILTERS, TABLES, pathsOf, type TableName } from "../server/sync/transferegov/tables";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string", default: "30" },
    plans: { type: "string", default: "200" },
    "national-plans": { type: "string", default: "30000" },
    rpm: { type: "string", default: "120" },
    "pglite-dir": { type: "string" },
    /** A PostgreSQL server (npm run bench's cluster): the sync's database there, in its own process, as deployed. */
    "database-url": { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const RPM = Number(args.rpm);
const say = (message: string) => console.log(`[bench-sync] ${message}`);

interface Standin {
  url: string;
  clients: { cnpj: string; name: string; uf: string; plans: number }[];
  sizes: Record<string, number>;
  rssMb: number;
  stats(): Promise<Record<string, number>>;
  stop(): void;
}

async function startStandin(): Promise<Standin> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-sync-standin.ts");
  const child = fork(script, ["--clients", args.clients!, "--plans", args.plans!, "--national-plans", args["national-plans"]!], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<{
    url: string;
    clients: Standin["clients"];
    sizes: Record<string, number>;
    rssMb: number;
  }>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`o simulador do Transferegov parou (código ${code})`)));
    child.on("message", (message: { kind: string }) => {
      if (message.kind === "ready") resolve(message as never);
    });
  });
  return {
    ...ready,
    stats: () =>
      new Promise((resolve) => {
        const listener = (message: { kind: string; counts?: Record<string, number> }) => {
          if (message.kind !== "stats") return;
          child.off("message", listener);
          resolve(message.counts!);
        };
        child.on("message", listener);
        child.send("stats");
      }),
    stop: () => {
      child.removeAllListeners("exit");
      child.send("stop");
    },
  };
}

function peakRssMb(): number {
  const status = readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+) kB/);
  return status ? Math.round(Number(status[1]) / 1024) : NaN;
}

/**
 * The tables whose every filter takes one id and that are asked per plan: their requests are bounded
 * by one per plan. The analyses' history is asked per analysis (its only key), counted apart.
 */
const HISTORY: TableName = "especiais/plano_trabalho_analise_historico_especiais";
const SINGLE_VALUED = (Object.keys(TABLES) as TableName[]).filter((table) => table.startsWith("especiais/") && !LIST_FILTERS[table] && table !== HISTORY);
const pathOf = (table: TableName) => `/${pathsOf(table)[0]}`;

/** The national mirror's part of a night (issue 32 item 1). */
interface MirrorNight {
  requests: number;
  seconds: number;
  rowsWritten: number;
  rowsRefused: number;
  rowsRemoved: number;
  /** Pages read per mirrored table. */
  pages: Record<string, number>;
}

interface Night {
  night: number;
  mirror: MirrorNight;
  /** Requests of the clients' syncs (the mirror's apart). */
  clientRequests: number;
  requests: number;
  seconds: number;
  /** The same requests at the real API's pace, in minutes. */
  paceMinutes: number;
  maxRequestsPerClient: number;
  /** The most requests per plan of any single-valued table, and which. */
  perPlan: { table: string; ratio: number };
  /** History requests per analysis held by the clients. */
  historyPerAnalysis: number;
  perTable: Record<string, number>;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  peakRssMb: number;
  /** The highest resident set sampled while the night ran (every 100 ms). */
  sampledPeakRssMb: number;
}

/** The highest RSS seen while `work` runs, sampled every 100 ms. */
async function sampledPeak<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    const value = await work();
    return {
      value,
      peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20),
    };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const standin = await startStandin();
  const plans = standin.clients.reduce((sum, c) => sum + c.plans, 0);
  const nationalPlans = standin.sizes["especiais/planos_acao_especiais"];
  say(
    `simulador em ${standin.url}: ${standin.clients.length} clientes, ${plans.toLocaleString("pt-BR")} planos de clientes, ${nationalPlans.toLocaleString("pt-BR")} planos na tabela nacional (processo à parte, ${standin.rssMb} MB)`,
  );
  const server = args["database-url"] ? await freshPostgresDatabase(args["database-url"]) : undefined;
  const dir = server ? undefined : (args["pglite-dir"] ?? mkdtempSync(path.join(os.tmpdir(), "sol-bench-sync-")));
  const database = server ? await openDatabase({ databaseUrl: server.url }) : await openDatabase({ dataDir: dir });
  const openedRssMb = Math.round(process.memoryUsage().rss / 2 ** 20);
  const openedPeakMb = peakRssMb();
  say(`banco aberto e migrado: RSS ${openedRssMb} MB (pico até aqui ${openedPeakMb} MB)`);
  const nights: Night[] = [];
  try {
    const ids: number[] = [];
    for (const [i, client] of standin.clients.entries()) {
      const slug = `bancada-${i + 1}`;
      const [row] = await database.db
        .insert(companies)
        .values({ cnpj: client.cnpj, name: client.name, slug, uf: client.uf })
        .onConflictDoUpdate({
          target: companies.cnpj,
          set: { name: client.name },
        })
        .returning({ id: companies.id });
      ids.push(row.id);
    }
    // One client for every run, as the job queue shares it: one pace, table spellings resolved once.
    const client = createTransferegovClient({
      baseUrl: standin.url,
      requestsPerMinute: 1_000_000,
      timeoutMs: 60_000,
    });
    for (const night of [1, 2]) {
      await standin.stats();
      const before = client.requests;
      let maxPerClient = 0;
      const totals = { created: 0, updated: 0, unchanged: 0, failed: 0 };
      const started = performance.now();
      let mirror: MirrorNight | undefined;
      const { peakMb } = await sampledPeak(async () => {
        // The night reads the national mirror first (as the daily job does), then syncs each client from it.
        const mirrorStarted = performance.now();
        const refresh = await refreshMirror(database.db, client, {
          onProgress: ({ table, page, totalPages }) => {
            if (page === totalPages) say(`noite ${night}: espelho ${table}: ${totalPages} páginas, RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
          },
        });
        mirror = {
          requests: refresh.requests,
          seconds: (performance.now() - mirrorStarted) / 1000,
          rowsWritten: refresh.tables.reduce((sum, t) => sum + t.rowsWritten, 0),
          rowsRefused: refresh.tables.reduce((sum, t) => sum + t.rowsRefused, 0),
          rowsRemoved: refresh.tables.reduce((sum, t) => sum + t.rowsRemoved, 0),
          pages: Object.fromEntries(refresh.tables.map((t) => [t.table, t.pages])),
        };
        say(`noite ${night}: espelho nacional em ${mirror.seconds.toFixed(0)} s, ${mirror.requests} requisições, ${mirror.rowsWritten} linhas gravadas`);
        for (const [i, companyId] of ids.entries()) {
          const requestsBefore = client.requests;
          const run = await createRun(database.db, {
            source: "transferegov",
            companyId,
            trigger: "schedule",
            requestedBy: null,
          });
          await executeSyncRun(database.db, run.id, client);
          const [done] = await database.db.select().from(syncRuns).where(eq(syncRuns.id, run.id));
          if (done.status !== "succeeded") throw new Error(`cliente ${i + 1}: ${done.error ?? done.status}`);
          for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += Number((done.counts as unknown as Record<string, number>)[key] ?? 0);
          maxPerClient = Math.max(maxPerClient, client.requests - requestsBefore);
          if ((i + 1) % 5 === 0)
            say(
              `noite ${night}: ${i + 1} de ${ids.length} clientes, ${(client.requests - before).toLocaleString("pt-BR")} requisições, ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
            );
        }
      });
      const seconds = (performance.now() - started) / 1000;
      const perTable = await standin.stats();
      const requests = client.requests - before;
      const perPlan = SINGLE_VALUED.map((table) => ({
        table: pathOf(table),
        ratio: (perTable[pathOf(table)] ?? 0) / plans,
      })).sort((a, b) => b.ratio - a.ratio)[0];
      const [{ analyses }] = await database.db
        .select({ analyses: sql<number>`count(*)::int` })
        .from(workPlanAnalyses)
        .where(and(eq(workPlanAnalyses.kind, "ANALYSIS")));
      const historyPerAnalysis = (perTable[pathOf(HISTORY)] ?? 0) / Math.max(1, analyses);
      nights.push({
        night,
        mirror: mirror!,
        clientRequests: requests - mirror!.requests,
        requests,
        seconds,
        paceMinutes: requests / RPM,
        maxRequestsPerClient: maxPerClient,
        perPlan,
        historyPerAnalysis,
        perTable,
        ...totals,
        peakRssMb: peakRssMb(),
        sampledPeakRssMb: peakMb,
      });
      say(
        `noite ${night}: ${requests.toLocaleString("pt-BR")} requisições (espelho ${mirror!.requests}, clientes ${requests - mirror!.requests}) em ${seconds.toFixed(0)} s (${(requests / RPM).toFixed(0)} min a ${RPM}/min), criadas ${totals.created}, alteradas ${totals.updated}, RSS máximo na noite ${peakMb} MB`,
      );
    }
  } finally {
    await database.close();
    standin.stop();
    await server?.drop();
    if (dir && !args["pglite-dir"]) rmSync(dir, { recursive: true, force: true });
  }
  const section = report(standin.clients.length, Number(args.plans), nationalPlans, nights, { openedRssMb, openedPeakMb, postgres: Boolean(server) });
  console.log(section);
  if (args.json)
    console.log(
      JSON.stringify({
        clients: standin.clients.length,
        plansPerClient: Number(args.plans),
        nationalPlans,
        rpm: RPM,
        nights,
        markdown: section,
      }),
    );
}

/** A database of its own on the given server, dropped at the end. */
async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const pg = await import("pg");
  const name = `sol_bench_sync_${process.pid}`;
  const admin = async (statement: string) => {
    const connection = new pg.default.Client({ connectionString: serverUrl });
    await connection.connect();
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function report(clients: number, plansPerClient: number, nationalPlans: number, nights: Night[], opened: { openedRssMb: number; openedPeakMb: number; postgres: boolean }): string {
  const budget = 30;
  const lines = [
    `## Sincronização noturna do Transferegov: ${clients} clientes de ${plansPerClient} planos`,
    "",
    `Simulador local da API pública no formato de setembro de 2026 (caminhos com hífen, um id por filtro em \`especiais\`, listas em \`fundoafundo\` e em \`parcerias\`; cada município com 3 parcerias de emendas de saúde e análises publicadas dos seus planos fundo a fundo), com ${nationalPlans.toLocaleString("pt-BR")} planos de ação na tabela nacional, em processo próprio. ${opened.postgres ? "Banco PostgreSQL novo no servidor do benchmark, em processo próprio como em produção (o RSS medido é só o do processo da sincronização)." : "Banco PGlite novo neste processo (o pico de RSS inclui a memória WASM do PostgreSQL)."} Cada noite lê primeiro o espelho nacional das tabelas de um id de \`especiais\` (tabelas inteiras, páginas de 200, retomáveis; uma tabela já lida inteira na mesma \`data-atualizacao\` não é lida de novo) e depois sincroniza cada cliente a partir dele, pedindo à API só o que ela filtra pelo CNPJ (extrato, devoluções), o fundo a fundo com suas análises e as parcerias (propostas pelo CNPJ, o resto em listas de ids). Os clientes rodam um depois do outro com um único cliente HTTP, como a fila de jobs os roda; o tempo medido é o deste computador sem limite de ritmo, e o tempo ao ritmo da API real (${RPM} requisições por minuto) é requisições ÷ ${RPM}.`,
    "",
    `Memória: RSS de ${opened.openedRssMb} MB com o banco aberto e migrado (o pico do processo até ali, ${opened.openedPeakMb} MB, é o das migrações e da carga do código). "RSS na noite" é o maior RSS amostrado a cada 100 ms enquanto os clientes sincronizavam; "pico do processo" é o VmHWM.`,
    "",
    "| Noite | Requisições | do espelho | dos clientes | Máx. por cliente | Maior razão requisições/plano (tabela de um id) | Histórico: requisições/análise | Tempo medido | Ao ritmo de " +
      RPM +
      "/min | Linhas criadas | alteradas | sem mudança | falhas | RSS na noite | pico do processo | Metas |",
    "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const n of nights) {
    const meets = [
      `${n.paceMinutes <= budget ? "✅" : "❌"} ≤ ${budget} min`,
      `${n.perPlan.ratio <= 1 ? "✅" : "❌"} ≤ 1 req/plano/tabela`,
      `${n.sampledPeakRssMb < 300 ? "✅" : "❌"} < 300 MB`,
      ...(n.night > 1 ? [`${n.created === 0 && n.updated === 0 && n.mirror.rowsWritten === 0 ? "✅" : "❌"} nada novo gravado`] : []),
    ].join("; ");
    lines.push(
      `| ${n.night}ª | ${n.requests.toLocaleString("pt-BR")} | ${n.mirror.requests.toLocaleString("pt-BR")} | ${n.clientRequests.toLocaleString("pt-BR")} | ${n.maxRequestsPerClient.toLocaleString("pt-BR")} | ${n.perPlan.ratio.toFixed(2)} (${n.perPlan.table}) | ${n.historyPerAnalysis.toFixed(2)} | ${n.seconds.toFixed(0)} s | ${n.paceMinutes.toFixed(0)} min | ${n.created.toLocaleString("pt-BR")} | ${n.updated.toLocaleString("pt-BR")} | ${n.unchanged.toLocaleString("pt-BR")} | ${n.failed} | ${n.sampledPeakRssMb} MB | ${n.peakRssMb} MB | ${meets} |`,
    );
  }
  lines.push("", "Espelho nacional por noite:", "", "| Noite | Páginas lidas | Linhas gravadas | recusadas | removidas | Tempo medido |", "|---|---:|---:|---:|---:|---:|");
  for (const n of nights) {
    const pages = Object.values(n.mirror.pages).reduce((a, b) => a + b, 0);
    lines.push(`| ${n.night}ª | ${pages.toLocaleString("pt-BR")} | ${n.mirror.rowsWritten.toLocaleString("pt-BR")} | ${n.mirror.rowsRefused} | ${n.mirror.rowsRemoved} | ${n.mirror.seconds.toFixed(0)} s |`);
  }
  // The parcerias module (issue 32): by the CNPJ, then in lists, so a fixed handful per client.
  lines.push("", "Parcerias (emendas de saúde) e análises fundo a fundo por noite:", "", "| Noite | Requisições a `parcerias` | por cliente | Requisições às análises fundo a fundo |", "|---|---:|---:|---:|");
  for (const n of nights) {
    const of = (prefix: string) => Object.entries(n.perTable).filter(([table]) => table.startsWith(prefix) && !table.endsWith("/data-atualizacao")).reduce((sum, [, count]) => sum + count, 0);
    const parcerias = of("/parcerias/");
    lines.push(`| ${n.night}ª | ${parcerias.toLocaleString("pt-BR")} | ${(parcerias / clients).toFixed(1)} | ${(of("/fundoafundo/planos-acao-analises") + of("/fundoafundo/relatorios-gestao-analises")).toLocaleString("pt-BR")} |`);
  }
  lines.push("", "Requisições por tabela (1ª noite):", "", "| Caminho | Requisições |", "|---|---:|");
  for (const [table, count] of Object.entries(nights[0]?.perTable ?? {}).sort((a, b) => b[1] - a[1])) lines.push(`| \`${table}\` | ${count.toLocaleString("pt-BR")} |`);
  return lines.join("\n");
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench-sync] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
