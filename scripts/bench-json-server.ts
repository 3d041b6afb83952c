/**
 * The side-by-side of `npm run bench`: the same simple-rest queries against this API and against
 * json-server 0.17 (the reference implementation of the contract Refine's simple-rest provider speaks),
 * both holding the same payments. json-server keeps its records in memory and scans them for every
 * query; the target is that this API answers at least 5× its requests per second on every query.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fireLoad, percentile } from "./bench-fire";

const RESOURCE = "transaction-payments";

/** What a payments screen asks for; the path after /api/transaction-payments, the same on both sides. */
export const SIDE_BY_SIDE = [
  { name: "Página ordenada por data", query: "?_sort=paymentDate&_order=desc&_start=0&_end=20" },
  { name: "Filtro + ordenação + página", query: "?status=EFETIVADO&_sort=paymentDate&_order=desc&_start=20&_end=40" },
  { name: "Faixa de valor (_gte) + ordenação", query: "?amount_gte=100000&_sort=amount&_order=desc&_start=0&_end=20" },
  { name: "Um registro (getOne)", query: "/{id}" },
  { name: "Busca q com resultado", query: "?q=engenharia&_start=0&_end=20" },
  { name: "Busca q sem resultado", query: "?q=xyzwq&_start=0&_end=20" },
  { name: "Busca _like: favorecido", query: "?payeeName_like=Engenharia&_start=0&_end=20" },
] as const;

export interface SideBySideResult {
  name: string;
  query: string;
  ours: { p95: number; rps: number; errors: number };
  jsonServer: { p95: number; rps: number; errors: number };
  /** Our requests per second ÷ json-server's. */
  ratio: number;
}

export const SIDE_BY_SIDE_TARGET = 5;

/** Every payment as the API answers it, page by page (the API pages at most 100 at a time). */
export async function readAll(base: string, headers: Record<string, string>): Promise<{ id: number }[]> {
  const rows: { id: number }[] = [];
  for (let start = 0; ; start += 100) {
    const res = await fetch(`${base}/api/${RESOURCE}?_sort=id&_order=asc&_start=${start}&_end=${start + 100}`, { headers });
    if (!res.ok) throw new Error(`${RESOURCE}: ${res.status} ${await res.text()}`);
    const page = (await res.json()) as { id: number }[];
    rows.push(...page);
    if (page.length < 100) return rows;
  }
}

async function startJsonServer(rows: unknown[], port: number): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-json-server-"));
  const file = path.join(dir, "db.json");
  writeFileSync(file, JSON.stringify({ [RESOURCE]: rows }));
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve("json-server/package.json")), "lib/cli/bin.js");
  const child: ChildProcess = spawn(process.execPath, [bin, "--port", String(port), "--host", "127.0.0.1", "--quiet", file], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/${RESOURCE}?_start=0&_end=1`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error("json-server não respondeu em 60 s.");
}

/** Runs every SIDE_BY_SIDE query on both servers, one after the other, with the same load. */
export async function compareWithJsonServer(options: {
  /** This API's origin, and the headers of a signed-in ADMIN session (all municipalities). */
  base: string;
  headers: Record<string, string>;
  rows: { id: number }[];
  connections: number;
  duration: number;
  port: number;
  say: (message: string) => void;
}): Promise<SideBySideResult[]> {
  const server = await startJsonServer(options.rows, options.port);
  const someId = options.rows[Math.floor(options.rows.length / 2)].id;
  const results: SideBySideResult[] = [];
  try {
    for (const { name, query } of SIDE_BY_SIDE) {
      const suffix = query.replace("{id}", String(someId));
      const run = async (url: string, headers: Record<string, string>) => {
        const load = await fireLoad({ url, headers, connections: options.connections, duration: options.duration });
        return { p95: percentile(load.latencies, 95), rps: load.rps, errors: load.errors };
      };
      const ours = await run(`${options.base}/api/${RESOURCE}${suffix}`, options.headers);
      const jsonServer = await run(`${server.url}/${RESOURCE}${suffix}`, {});
      const result = { name, query: suffix, ours, jsonServer, ratio: ours.rps / Math.max(jsonServer.rps, 0.01) };
      results.push(result);
      options.say(`lado a lado · ${name}: esta API ${ours.rps.toFixed(0)} req/s (p95 ${ours.p95.toFixed(1)} ms), json-server ${jsonServer.rps.toFixed(1)} req/s (p95 ${jsonServer.p95.toFixed(1)} ms): ${result.ratio.toFixed(1)}×`);
    }
  } finally {
    server.stop();
  }
  return results;
}

export function sideBySideTable(results: SideBySideResult[]): string {
  const lines = [
    "| Consulta | Esta API req/s | Esta API p95 (ms) | json-server req/s | json-server p95 (ms) | Razão | Meta |",
    "|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const r of results) {
    const errors = r.ours.errors || r.jsonServer.errors ? ` (erros: ${r.ours.errors} / ${r.jsonServer.errors})` : "";
    // json-server may answer nothing within the run (every request past autocannon's timeout).
    const silent = r.jsonServer.rps === 0;
    const jsonP95 = Number.isFinite(r.jsonServer.p95) ? r.jsonServer.p95.toFixed(1) : "—";
    const ratio = silent ? "∞ (json-server não respondeu no tempo da carga)" : `${r.ratio.toFixed(1)}×`;
    lines.push(
      `| ${r.name} \`${r.query}\`${errors} | ${r.ours.rps.toFixed(0)} | ${r.ours.p95.toFixed(1)} | ${r.jsonServer.rps.toFixed(1)} | ${jsonP95} | ${ratio} | ${r.ratio >= SIDE_BY_SIDE_TARGET ? "✅" : "❌"} ≥ ${SIDE_BY_SIDE_TARGET}× |`,
    );
  }
  return lines.join("\n");
}
