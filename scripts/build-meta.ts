import { randomUUID } from "node:crypto";
import type { Plugin } from "vite";

/**
 * Build metadata and the service worker (spec sections 4 and 7). Every build gets an id, baked into
 * the bundle and written to builds/latest.json and builds/meta/{buildId}.json, which the running app
 * polls to learn that a newer build is live. The service worker keeps this build's index.html for offline use.
 */
export function buildMeta(buildId: string = process.env.BUILD_ID || randomUUID()): Plugin {
  return {
    name: "sol-build-meta",
    apply: "build",
    config: () => ({ define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId) } }),
    generateBundle(_options, bundle) {
      const timestamp = Date.now();
      this.emitFile({ type: "asset", fileName: "builds/latest.json", source: JSON.stringify({ buildId, timestamp }) });
      this.emitFile({ type: "asset", fileName: `builds/meta/${buildId}.json`, source: JSON.stringify({ buildId, timestamp }) });
      this.emitFile({ type: "asset", fileName: `builds/files/${buildId}.json`, source: JSON.stringify({ admin: appFiles(bundle, "/src/admin/App.tsx") }) });
      this.emitFile({ type: "asset", fileName: "sw.js", source: serviceWorkerSource(buildId, ["/"]) });
    },
  };
}

type Bundle = Parameters<Extract<NonNullable<Plugin["generateBundle"]>, (...args: never[]) => unknown>>[1];

/**
 * Every script and stylesheet an app may load after it starts: the chunk of `appModule` and what it
 * imports, statically or lazily, minus the entry script and its static imports (already loaded). The
 * admin app preloads them in the background after the page's data (src/lib/updates/preload-files.ts).
 */
export function appFiles(bundle: Bundle, appModule: string): string[] {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // The entry script and what it imports statically are in the page already.
  const withEntry = new Set<string>();
  const loadedWithEntry = (fileName: string) => {
    if (withEntry.has(fileName)) return;
    withEntry.add(fileName);
    byName.get(fileName)?.imports.forEach(loadedWithEntry);
  };
  chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => loadedWithEntry(chunk.fileName));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || withEntry.has(fileName) || files.has(`/${fileName}`)) return;
    files.add(`/${fileName}`);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(`/${css}`));
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  const app = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, "/").endsWith(appModule));
  if (app) visit(app.fileName);
  return [...files];
}

/**
 * The service worker: precaches the shell (index.html); pages are network-first with the cached
 * shell as the offline fallback (its scripts come from the HTTP cache), and the page's request
 * starts while the worker boots (navigation preload). Hashed assets are left to the HTTP cache
 * (immutable for a year): answering each of a page's 30-odd files from the worker's Cache Storage
 * made a warm visit wait 0.6–1.2 s for its code. It waits until the page asks it to take over
 * (SKIP_WAITING), so an open tab is never switched to new code behind its back. The API and build
 * metadata always go to the network, and every request but a page load skips the worker (static routes).
 */
export function serviceWorkerSource(buildId: string, shell: string[]): string {
  return `/* SOL Transferências service worker, build ${buildId} */
const SHELL_CACHE = ${JSON.stringify(`sol-shell-${buildId}`)};
const SHELL = ${JSON.stringify(shell)};

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)), routeAroundWorker(event)]));
});

// Only page loads need this worker. Without routes every request of a controlled page (its 30-odd
// scripts, the session, the data) first waits for the worker's fetch event, only to go to the network:
// about 90 ms later ready on a loaded machine (issue 36, item 7). The static routing API sends them
// straight to the network; a browser without it (or without "not") keeps the fetch event, which
// leaves them alone anyway.
function routeAroundWorker(event) {
  if (typeof event.addRoutes !== "function") return Promise.resolve();
  const network = (condition) => ({ condition, source: "network" });
  return Promise.resolve()
    .then(() => event.addRoutes([network({ not: { requestMode: "navigate" } })]))
    .catch(() => event.addRoutes(["/assets/*", "/api/*", "/builds/*", "/icons/*"].map((urlPattern) => network({ urlPattern }))))
    .catch(() => undefined);
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("sol-") && key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/builds/")) return;
  event.respondWith(
    Promise.resolve(event.preloadResponse)
      .then((preloaded) => preloaded || fetch(request))
      .catch(() => caches.match("/", { cacheName: SHELL_CACHE }).then((shell) => shell || Response.error())),
  );
});
`;
}
