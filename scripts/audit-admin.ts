/**
 * `npm run audit:admin`: the admin app's first load as a signed-in MANAGER (issue 12, item 7).
 *
 * Starts the whole stack on a fresh data directory (AUDIT_PORT / AUDIT_AUTH_EMULATOR_PORT, or uses a
 * running one: AUDIT_BASE_URL + AUDIT_EMULATOR_URL), signs gestor@demo.local in through the API and
 * gives Chromium the session as real cookies (the httpOnly session and the page-readable hint). Then,
 * for the dashboard and the special-transfers list:
 *
 * - Lighthouse desktop and mobile (its presets), AUDIT_RUNS runs each (3) after a warm-up, median by
 *   performance score;
 * - from the median run's network log: the JavaScript transferred before the page's data request went
 *   out, when the session, the data and the route's code were asked for, and the background preloads
 *   (their start after the data, how many at once);
 * - "data on screen": a warm desktop load (no throttling, HTTP cache warm) timed from navigation to the
 *   page's figures or rows being painted, median of the runs.
 *
 * AUDIT_CHAIN_ONLY=1 leaves Lighthouse out: only data on screen and each page's request chain (what was
 * asked for when, from the navigation's start), a quick before/after of the path from HTML to data.
 * AUDIT_PAGES=painel audits only the dashboard (names, comma-separated, by their first word).
 *
 * Beside the app, the same runs on the floor (scripts/antd-floor/): the least page its first screen could
 * be with antd (layout, menu, statistics and a 20-row table; no Refine, router or session), built with
 * Vite and compressed like the app's assets, served from AUDIT_FLOOR_PORT (3321). It is a reference with no target:
 * what antd alone scores on this machine. AUDIT_FLOOR=0 leaves it out.
 *
 * The machine's 1-minute load average is written beside every figure: on a shared 2-core machine the
 * scores move with it. Prints a table and writes bench/results/admin-audit.{md,json}. Exits 1 when a
 * target is missed. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { precompress } from "./vite-precompress";
import * as chromeLauncher from "chrome-launcher";
import { chromiumPath } from "./cli/chromium";
import lighthouse, { desktopConfig, type Flags } from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";

const port = Number(process.env.AUDIT_PORT ?? 3320);
const emulatorPort = Number(process.env.AUDIT_AUTH_EMULATOR_PORT ?? 9420);
const base = process.env.AUDIT_BASE_URL ?? `http://localhost:${port}`;
const emulator = process.env.AUDIT_EMULATOR_URL ?? `http://127.0.0.1:${emulatorPort}`;
const runs = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const floorPort = Number(process.env.AUDIT_FLOOR_PORT ?? 3321);
const withFloor = process.env.AUDIT_FLOOR !== "0";
const chainOnly = process.env.AUDIT_CHAIN_ONLY === "1";
/** AUDIT_PAGES=painel (or lista): only the pages whose name starts with one of these words, to compare one page with the floor in a shorter run. */
const onlyPages = (process.env.AUDIT_PAGES ?? "").split(",").map((word) => word.trim()).filter(Boolean);
const EMAIL = "gestor@demo.local";
const PASSWORD = "demo1234";

export const TARGETS = {
  /** Issue 36, item 7: data on screen at most this much later than the floor's, in the same run. */
  dataOnScreenOverFloorMs: 150,
  jsBeforeDataKb: 250,
  dataOnScreenMs: 800,
  desktop: 95,
  mobile: 80,
  parallelPreloads: 4,
};

interface AuditPage {
  name: string;
  /** Where the page is served; the audited stack by default. */
  origin?: string;
  path: string;
  /** The request that brings the page's data. */
  data: RegExp;
  /** The HTML that carries the data instead, when no request asks for it (the dashboard: server/dashboard/first-paint.ts). */
  carriedBy?: RegExp;
  /** True in the page once its data is painted. */
  painted: string;
}

const PAGES: AuditPage[] = [
  {
    name: "painel",
    path: "/admin/dashboard",
    data: /\/api\/dashboard\/summary/,
    carriedBy: /\/admin\/dashboard$/,
    painted: `[...document.querySelectorAll('[data-testid="dashboard-imposition"] .ant-statistic-content-value')].some((e) => /R\\$/.test(e.textContent ?? ""))`,
  },
  {
    name: "lista (transferências especiais)",
    path: "/admin/transactions-imposition",
    data: /\/api\/imposition-transfers\?/,
    painted: `document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length > 0`,
  },
];

/** The floor: antd's least first screen (scripts/antd-floor/main.tsx). */
const FLOOR: AuditPage = {
  name: "piso: página mínima só com antd (referência)",
  origin: `http://localhost:${floorPort}`,
  path: "/",
  data: /\/floor-data\.json/,
  painted: `document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length > 0`,
};

const say = (message: string) => console.log(`[audit:admin] ${message}`);
const load = () => Number(os.loadavg()[0].toFixed(2));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ---------- the stack and the session ----------

function startStack(): ChildProcess {
  return spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/e2e-server.ts"], {
    env: { ...process.env, PORT: String(port), AUTH_EMULATOR_PORT: String(emulatorPort), DATA_DIR: ".data/audit-admin", LOG_LEVEL: "warn", FIREBASE_AUTH_EMULATOR_HOST: "",
      // The local e-mail catcher on ports of this run (as the e2e stack's), so the audit starts beside a running `npm start`.
      MAILDEV_SMTP_PORT: process.env.MAILDEV_SMTP_PORT ?? String(port + 2000),
      MAILDEV_WEB_PORT: process.env.MAILDEV_WEB_PORT ?? String(port + 2100),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitForHealth(timeoutMs = 300_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`o servidor não respondeu em ${base} a tempo`);
}

/** The share of the machine's CPU time that was busy between two readings of /proc/stat's first line ("cpu  user nice system idle iowait …"). */
export function busyShare(before: string, after: string): number {
  const times = (line: string) => line.trim().split(/\s+/).slice(1).map(Number);
  const [a, b] = [times(before), times(after)];
  const total = b.reduce((sum, value, i) => sum + value - (a[i] ?? 0), 0);
  const idle = b[3] - a[3] + ((b[4] ?? 0) - (a[4] ?? 0));
  return total > 0 ? 1 - idle / total : 0;
}

/**
 * Waits for a quiet machine: a freshly started stack goes on working for about a minute after it
 * answers (demo data, its first jobs), and a page measured meanwhile measures that work, which the
 * floor (a static server) never pays. Two 2-second windows in a row under a quarter busy, or at most
 * two minutes, said either way.
 */
async function waitForQuietMachine(timeoutMs = 120_000) {
  const cpuLine = () => readFileSync("/proc/stat", "utf8").split("\n")[0];
  if (!existsSync("/proc/stat")) return;
  const start = Date.now();
  let quiet = 0;
  while (Date.now() - start < timeoutMs && quiet < 2) {
    const before = cpuLine();
    await new Promise((r) => setTimeout(r, 2000));
    quiet = busyShare(before, cpuLine()) < 0.25 ? quiet + 1 : 0;
  }
  say(quiet >= 2 ? `máquina quieta após ${Math.round((Date.now() - start) / 1000)} s` : "a máquina não ficou quieta em 2 min: as medidas a seguir levam a carga junto");
}

/**
 * Builds the floor page with Vite (production, the app's target and aliases, and the app's build-time
 * compression) and serves it as the app's server serves its assets: the prebuilt `.br` where there is
 * one, and its data as one JSON request.
 */
async function startFloor(): Promise<Server> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), "sol-antd-floor-"));
  await build({
    root: path.resolve("scripts/antd-floor"),
    configFile: false,
    logLevel: "warn",
    plugins: [react(), precompress()],
    resolve: { alias: { "@": path.resolve("src") } },
    build: { outDir, target: "es2022", emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  const types: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
  const files = new Map<string, { type: string; body: Buffer; brotli: boolean }>();
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || /\.(br|gz)$/.test(file)) continue;
    const brotli = existsSync(`${file}.br`); // precompress() leaves files under 1 KB as they are
    files.set(`/${path.relative(outDir, file)}`, { type: types[path.extname(file)] ?? "application/octet-stream", body: readFileSync(brotli ? `${file}.br` : file), brotli });
  }
  const rows = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    number: `9${String(i).padStart(5, "0")}/2025`,
    object: "Aquisição de equipamentos e mobiliário para a unidade básica de saúde",
    value: 150_000 + i * 12_345.67,
    situation: "Em execução",
  }));
  files.set("/floor-data.json", { type: types[".json"], body: Buffer.from(JSON.stringify(rows)), brotli: false });
  rmSync(outDir, { recursive: true, force: true });
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? "/", "http://floor").pathname) ?? files.get("/index.html")!;
    response.writeHead(200, { "content-type": file.type, "cache-control": "no-cache", ...(file.brotli && { "content-encoding": "br" }) });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(floorPort, "127.0.0.1", resolve));
  return server;
}

interface Cookie {
  name: string;
  value: string;
  httpOnly: boolean;
  path: string;
}

/** Signs the manager in as the login screen does (emulator ID token → POST /api/auth/login) and returns the cookies set. */
async function signIn(): Promise<Cookie[]> {
  const token = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = (await token.json()) as { idToken?: string };
  if (!idToken) throw new Error(`o emulador não autenticou ${EMAIL}`);
  const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ firebaseIdToken: idToken }) });
  if (!login.ok) throw new Error(`login de ${EMAIL} falhou: ${login.status} ${await login.text()}`);
  return login.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const pathAttribute = attributes.find((a) => /^path=/i.test(a));
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      httpOnly: attributes.some((a) => /^httponly$/i.test(a)),
      path: pathAttribute ? pathAttribute.slice(5) : "/",
    };
  });
}

// ---------- what one Lighthouse run says ----------

interface NetworkItem {
  url: string;
  resourceType?: string;
  priority?: string;
  networkRequestTime?: number;
  networkEndTime?: number;
  transferSize?: number;
}

export interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** JavaScript transferred (compressed, as served) and finished before the page's data request went out: what the data waited for. */
  jsBeforeDataKb: number;
  scriptsBeforeData: number;
  sessionAtMs: number;
  dataAtMs: number;
  dataDoneMs: number;
  /** When the last script the page needed (every script asked for before its data arrived) finished. */
  codeDoneMs: number;
  /**
   * Code asked for after the page's data arrived (background preloads, as fetches or imports): how
   * many, and most at once; and preloads (fetches of /assets/) that began before the data arrived.
   */
  preloads: number;
  preloadsBeforeData: number;
  preloadsAtOnce: number;
  loadAverage: number;
}

const isAsset = (item: NetworkItem) => new URL(item.url).pathname.startsWith("/assets/");
const isScript = (item: NetworkItem) => item.resourceType === "Script" && isAsset(item);
// Background preloads are `<link rel="prefetch">` (resource type "Other"; "Fetch" when they were fetch() calls).
const isPreload = (item: NetworkItem) => (item.resourceType === "Other" || item.resourceType === "Fetch") && isAsset(item);

/** The most requests of the list in flight at one time. */
export function mostAtOnce(items: { start: number; end: number }[]): number {
  const edges = items.flatMap((i) => [
    { at: i.start, delta: 1 },
    { at: i.end, delta: -1 },
  ]);
  edges.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let now = 0;
  let most = 0;
  for (const edge of edges) most = Math.max(most, (now += edge.delta));
  return most;
}

export function figuresOf(
  lhr: { categories: Record<string, { score: number | null } | undefined>; audits: Record<string, { numericValue?: number; details?: unknown } | undefined> },
  page: Pick<AuditPage, "data" | "carriedBy">,
  loadAverage: number,
): RunFigures {
  const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((i) => i.networkRequestTime !== undefined);
  const origin = Math.min(...items.map((i) => i.networkRequestTime!));
  const at = (ms: number | undefined) => Math.round((ms ?? NaN) - origin);
  const data = items.find((i) => page.data.test(i.url)) ?? (page.carriedBy && items.find((i) => page.carriedBy!.test(i.url)));
  const session = items.find((i) => /\/api\/auth\/me/.test(i.url));
  const dataStart = data?.networkRequestTime ?? Infinity;
  const dataEnd = data?.networkEndTime ?? Infinity;
  // What the data request waited for: the scripts that had finished loading when it went out.
  const before = items.filter((i) => isScript(i) && (i.networkEndTime ?? Infinity) <= dataStart);
  const needed = items.filter((i) => isScript(i) && i.networkRequestTime! < dataEnd);
  const preloads = items.filter((i) => isPreload(i) || (isScript(i) && i.networkRequestTime! >= dataEnd));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? NaN),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
    jsBeforeDataKb: Number((before.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024).toFixed(1)),
    scriptsBeforeData: before.length,
    sessionAtMs: at(session?.networkRequestTime),
    dataAtMs: at(data?.networkRequestTime),
    dataDoneMs: at(data?.networkEndTime),
    codeDoneMs: at(Math.max(...needed.map((i) => i.networkEndTime ?? 0))),
    preloads: preloads.length,
    preloadsBeforeData: items.filter((i) => isPreload(i) && i.networkRequestTime! < dataEnd).length,
    preloadsAtOnce: mostAtOnce(preloads.map((i) => ({ start: i.networkRequestTime!, end: i.networkEndTime ?? i.networkRequestTime! }))),
    loadAverage,
  };
}

// ---------- the runs ----------

async function lighthouseRuns(chrome: chromeLauncher.LaunchedChrome, page: AuditPage, formFactor: "desktop" | "mobile") {
  const url = `${page.origin ?? base}${page.path}`;
  const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] };
  const config = formFactor === "desktop" ? desktopConfig : undefined;
  await lighthouse(url, flags, config); // warm-up: the server's first compression of each asset
  const figures: RunFigures[] = [];
  for (let i = 0; i < runs; i++) {
    const loadAverage = load();
    const result = await lighthouse(url, flags, config);
    if (!result) throw new Error(`Lighthouse não retornou resultado para ${url}`);
    if (result.lhr.finalDisplayedUrl.includes("/auth/login")) throw new Error(`a sessão não valeu: ${url} foi para o login`);
    figures.push(figuresOf(result.lhr, page, loadAverage));
    // A score of 0 is Lighthouse failing to measure (e.g. NO_FCP on an overloaded machine): say why.
    const failed = result.lhr.runtimeError ? ` — ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` : "";
    say(`${page.name} · ${formFactor} · execução ${i + 1}: ${figures.at(-1)!.score} (carga ${loadAverage})${failed}`);
  }
  figures.sort((a, b) => a.score - b.score);
  return { median: figures[Math.floor(figures.length / 2)], scores: figures.map((f) => f.score) };
}

/** One request of a first load, in ms from the navigation's start (the browser's resource timing). */
export interface ChainStep {
  step: string;
  start: number;
  end: number;
}

/** A first load's request chain up to the data on screen: what was asked for when, and how long the main thread was busy. */
export interface Chain {
  steps: ChainStep[];
  /** Main-thread tasks over 50 ms before the data was painted (sum, ms): the code's run, not its download. */
  longTasksMs: number;
  painted: number;
}

/** `/assets/App-CeoD_Vmo.js` → `App.js`: the build's file without its hash, the API's path with its query. */
export function stepName(url: string): string {
  const { pathname, search } = new URL(url);
  if (!pathname.startsWith("/assets/")) return `${pathname}${search}`;
  return pathname.slice("/assets/".length).replace(/-[\w-]{8,}(?=\.\w+$)/, "");
}

/** Collects, in the page, the chain of the load that just painted its data (run after `window.__dataOnScreen`). */
const CHAIN_IN_PAGE = `(() => {
  const painted = window.__dataOnScreen;
  const nav = performance.getEntriesByType("navigation")[0];
  const steps = [{ url: location.href, start: nav.requestStart, end: nav.responseEnd }];
  for (const e of performance.getEntriesByType("resource")) if (e.startTime <= painted) steps.push({ url: e.name, start: e.startTime, end: e.responseEnd });
  const longTasksMs = (window.__longTasks || []).filter((t) => t.startTime < painted).reduce((sum, t) => sum + t.duration, 0);
  return { steps, longTasksMs, painted };
})()`;

/** Warm desktop load, unthrottled: ms from navigation to the page's data painted, and the chain of requests of the median load. */
async function dataOnScreen(browser: Browser, page: AuditPage): Promise<{ ms: number; runs: number[]; loadAverage: number; chain: Chain; consoleWarnings: string[] }> {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1350, height: 940 });
  const url = `${page.origin ?? base}${page.path}`;
  // Chromium's "preloaded but not used" (or not matched) is a warning: a preload the page does not use is wasted bandwidth on a phone.
  const consoleWarnings: string[] = [];
  tab.on("console", (message) => {
    if ((message.type() === "warn" || message.type() === "error") && /preload/i.test(message.text())) consoleWarnings.push(message.text());
  });
  // From the document's start, each frame checks for the data and notes when it was first painted; long tasks are noted too.
  await tab.evaluateOnNewDocument(
    `(() => { window.__longTasks = []; new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries())).observe({ type: "longtask", buffered: true }); const check = () => { if (${page.painted}) { window.__dataOnScreen = performance.now(); } else requestAnimationFrame(check); }; requestAnimationFrame(check); })()`,
  );
  const painted = async () => {
    const handle = await tab.waitForFunction("window.__dataOnScreen", { timeout: 60_000 });
    return Math.round((await handle.jsonValue()) as number);
  };
  await tab.goto(url);
  await painted(); // warm-up: HTTP cache and the server's first compression
  const times: number[] = [];
  const loads: number[] = [];
  const chains: Chain[] = [];
  for (let i = 0; i < runs; i++) {
    loads.push(load());
    await tab.goto(url);
    times.push(await painted());
    const raw = (await tab.evaluate(CHAIN_IN_PAGE)) as { steps: { url: string; start: number; end: number }[]; longTasksMs: number; painted: number };
    chains.push({
      steps: raw.steps.map((s) => ({ step: stepName(s.url), start: Math.round(s.start), end: Math.round(s.end) })).sort((a, b) => a.start - b.start),
      longTasksMs: Math.round(raw.longTasksMs),
      painted: Math.round(raw.painted),
    });
  }
  // Let a late "preloaded but not used" warning (Chromium waits a few seconds) arrive before the tab closes.
  await new Promise((r) => setTimeout(r, 3500));
  await tab.close();
  const ms = median(times);
  return { ms, runs: times, loadAverage: median(loads), chain: chains[times.indexOf(ms)], consoleWarnings: [...new Set(consoleWarnings)] };
}

/** The chain as a table: each request's start and end (ms from navigation), then the main thread's long tasks and the paint. */
function chainTable(name: string, chain: Chain): string {
  return [
    `Cadeia de requisições até os dados na tela — ${name} (desktop aquecido, execução mediana; ms desde o início da navegação):`,
    "",
    "| Requisição | início | fim |",
    "|---|---:|---:|",
    ...chain.steps.map((s) => `| ${s.step} | ${s.start} | ${s.end} |`),
    `| tarefas longas na thread principal (soma) | | ${chain.longTasksMs} |`,
    `| **dados na tela** | | **${chain.painted}** |`,
  ].join("\n");
}

interface Row {
  page: string;
  /** Left out with AUDIT_CHAIN_ONLY=1 (no Lighthouse: only data on screen and the chain). */
  desktop?: Awaited<ReturnType<typeof lighthouseRuns>>;
  mobile?: Awaited<ReturnType<typeof lighthouseRuns>>;
  onScreen: Awaited<ReturnType<typeof dataOnScreen>>;
}

/** Issue 36, item 7, against the floor of the same run: data on screen within 150 ms of it, and the dashboard's mobile score at least its. */
export function floorFailures(rows: Pick<Row, "page" | "mobile" | "onScreen">[], floor: Pick<Row, "mobile" | "onScreen">): string[] {
  return rows.flatMap((r) => {
    const out: string[] = [];
    const over = r.onScreen.ms - floor.onScreen.ms;
    if (over > TARGETS.dataOnScreenOverFloorMs) out.push(`${r.page}: dados na tela ${over} ms depois do piso (${r.onScreen.ms} × ${floor.onScreen.ms}) > ${TARGETS.dataOnScreenOverFloorMs}`);
    if (r.page === PAGES[0].name && r.mobile && floor.mobile && r.mobile.median.score < floor.mobile.median.score) {
      out.push(`${r.page}: mobile ${r.mobile.median.score} < piso ${floor.mobile.median.score}`);
    }
    return out;
  });
}

function failuresOf(rows: Row[]): string[] {
  return rows.flatMap((r) => {
    const out: string[] = [];
    if (r.onScreen.consoleWarnings.length) out.push(`${r.page}: pré-carregamentos não usados (${r.onScreen.consoleWarnings.join(" | ")})`);
    if (r.onScreen.ms > TARGETS.dataOnScreenMs) out.push(`${r.page}: dados na tela em ${r.onScreen.ms} ms > ${TARGETS.dataOnScreenMs}`);
    if (!r.desktop || !r.mobile) return out;
    const d = r.desktop.median;
    const m = r.mobile.median;
    if (d.score < TARGETS.desktop) out.push(`${r.page}: desktop ${d.score} < ${TARGETS.desktop}`);
    if (m.score < TARGETS.mobile) out.push(`${r.page}: mobile ${m.score} < ${TARGETS.mobile}`);
    for (const [label, f] of [["desktop", d], ["mobile", m]] as const) {
      if (f.jsBeforeDataKb > TARGETS.jsBeforeDataKb) out.push(`${r.page} (${label}): ${f.jsBeforeDataKb} KB de JS antes dos dados > ${TARGETS.jsBeforeDataKb}`);
      if (!(f.sessionAtMs < f.codeDoneMs && f.dataAtMs < f.codeDoneMs)) out.push(`${r.page} (${label}): sessão/dados pedidos só depois do código da rota`);
      if (f.preloadsBeforeData > 0) out.push(`${r.page} (${label}): ${f.preloadsBeforeData} pré-carregamentos antes dos dados`);
      if (f.preloadsAtOnce > TARGETS.parallelPreloads) out.push(`${r.page} (${label}): ${f.preloadsAtOnce} pré-carregamentos ao mesmo tempo`);
    }
    return out;
  });
}

/** A figure the page has no request for (the floor asks for no session) reads as a dash. */
const orDash = (ms: number) => (Number.isFinite(ms) ? String(ms) : "—");

function table(rows: Row[]): string {
  const lines = [
    "| Página | Perfil | Performance (mediana; execuções) | FCP (ms) | LCP (ms) | TBT (ms) | JS antes dos dados (KB, scripts) | sessão / dados / código pronto (ms) | código depois dos dados (máx. simultâneos; pré-carregamentos antes dos dados) | carga (1 min) |",
    "|---|---|---|---:|---:|---:|---|---|---|---:|",
  ];
  for (const r of rows) {
    for (const [label, run] of [["desktop", r.desktop], ["mobile", r.mobile]] as const) {
      if (!run) continue;
      const f = run.median;
      lines.push(
        `| ${r.page} | ${label} | ${f.score} (${run.scores.join(", ")}) | ${f.fcpMs} | ${f.lcpMs} | ${f.tbtMs} | ${f.jsBeforeDataKb} (${f.scriptsBeforeData}) | ${orDash(f.sessionAtMs)} / ${orDash(f.dataAtMs)} / ${orDash(f.codeDoneMs)} | ${f.preloads} (${f.preloadsAtOnce}; ${f.preloadsBeforeData}) | ${f.loadAverage} |`,
      );
    }
  }
  lines.push("", "| Página | Dados na tela, desktop aquecido (mediana; execuções, ms) | carga (1 min) |", "|---|---|---:|");
  for (const r of rows) lines.push(`| ${r.page} | ${r.onScreen.ms} (${r.onScreen.runs.join(", ")}) | ${r.onScreen.loadAverage} |`);
  return lines.join("\n");
}

async function main() {
  const stack = process.env.AUDIT_BASE_URL ? undefined : startStack();
  const stop = () => stack?.kill("SIGTERM");
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let browser: Browser | undefined;
  let floor: Server | undefined;
  let floorRow: Row | undefined;
  try {
    await waitForHealth();
    await waitForQuietMachine();
    const cookies = await signIn();
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath(),
      chromeFlags: ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu"],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    // Real cookies in the browser's jar, as after the login screen: Lighthouse keeps cookies between runs.
    await browser.setCookie(...cookies.map((c) => ({ name: c.name, value: c.value, domain: new URL(base).hostname, path: c.path, httpOnly: c.httpOnly, sameSite: "Lax" as const })));
    const audit = async (page: AuditPage): Promise<Row> => {
      const onScreen = await dataOnScreen(browser!, page);
      say(`${page.name} · dados na tela: ${onScreen.ms} ms (${onScreen.runs.join(", ")})`);
      if (chainOnly) return { page: page.name, onScreen };
      const desktop = await lighthouseRuns(chrome!, page, "desktop");
      const mobile = await lighthouseRuns(chrome!, page, "mobile");
      return { page: page.name, desktop, mobile, onScreen };
    };
    const rows: Row[] = [];
    for (const page of PAGES.filter((p) => !onlyPages.length || onlyPages.some((word) => p.name.startsWith(word)))) rows.push(await audit(page));
    if (withFloor) {
      floor = await startFloor();
      floorRow = await audit(FLOOR);
    }
    const failures = [...failuresOf(rows), ...(floorRow ? floorFailures(rows, floorRow) : [])];
    const report = [
      `${chainOnly ? "Só dados na tela e a cadeia (AUDIT_CHAIN_ONLY=1, sem Lighthouse)" : "Lighthouse (desktop e mobile, predefinições do Lighthouse)"} como gestor@demo.local com a sessão em cookies, Chromium headless, mediana de ${runs} execuções após uma de aquecimento; ${new Date().toISOString()}; ${os.cpus().length} núcleos.`,
      "",
      table(rows),
      ...(floorRow
        ? ["", "Piso: a menor primeira tela possível com o antd (scripts/antd-floor/: layout, menu, 4 indicadores e uma tabela de 20 linhas; sem Refine, rotas nem sessão), medida do mesmo jeito.", "", table([floorRow])]
        : []),
      ...[...rows, ...(floorRow ? [floorRow] : [])].flatMap((r) => ["", chainTable(r.page, r.onScreen.chain)]),
      "",
      failures.length
        ? `Abaixo da meta: ${failures.join("; ")}`
        : `Todas as metas atingidas (desktop ≥ ${TARGETS.desktop}, mobile ≥ ${TARGETS.mobile}, JS antes dos dados ≤ ${TARGETS.jsBeforeDataKb} KB, sessão e dados junto com o código, pré-carregamento só depois dos dados e no máximo ${TARGETS.parallelPreloads} por vez, dados na tela ≤ ${TARGETS.dataOnScreenMs} ms).`,
    ].join("\n");
    console.log(`\n${report}\n`);
    mkdirSync("bench/results", { recursive: true });
    writeFileSync("bench/results/admin-audit.md", `# Primeira carga do admin (npm run audit:admin)\n\n${report}\n`);
    writeFileSync("bench/results/admin-audit.json", `${JSON.stringify({ at: new Date().toISOString(), rows, floor: floorRow, failures }, null, 2)}\n`);
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await browser?.disconnect();
    await chrome?.kill();
    floor?.close();
    stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
