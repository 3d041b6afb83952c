import { randomUUID } from "node:crypto";
import type { Plugin } from "vite";

/**
 * Build metadata and the service worker (spec sections 4 and 7). Every build gets an id, baked into
 * the bundle and written to builds/latest.json and builds/meta/{buildId}.json, which the running app
 * polls to learn that a newer build is live. The service worker caches the app shell of this build.
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
      const shell = new Set<string>(["/", "/manifest.webmanifest", "/icons/icon.svg"]);
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.isEntry) continue;
        shell.add(`/${output.fileName}`);
        output.viteMetadata?.importedCss.forEach((css) => shell.add(`/${css}`));
      }
      this.emitFile({ type: "asset", fileName: "sw.js", source: serviceWorkerSource(buildId, [...shell]) });
    },
  };
}

type Bundle = Parameters<Extract<NonNullable<Plugin["generateBundle"]>, (...args: never[]) => unknown>>[1];

/**
 * Every script and stylesheet an app may load after it starts: the chunk of `appModule` and what it
 * imports, statically or lazily, minus the entry script (already loaded). The admin app preloads them
 * in the background after the page's data (src/lib/updates/preload-files.ts).
 */
export function appFiles(bundle: Bundle, appModule: string): string[] {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || entries.has(fileName) || files.has(`/${fileName}`)) return;
    files.add(`/${fileName}`);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(`/${css}`));
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
  };
  const app = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, "/").endsWith(appModule));
  if (app) visit(app.fileName);
  return [...files];
}

/**
 * The service worker: precaches the shell (index.html, the entry script and style, manifest, icon);
 * pages are network-first with the cached shell as the offline fallback; hashed assets are
 * cache-first. It waits until the page asks it to take over (SKIP_WAITING), so an open tab is never
 * switched to new code behind its back. The API and build metadata always go to the network.
 */
export function serviceWorkerSource(buildId: string, shell: string[]): string {
  return `/* SOL Transferências service worker, build ${buildId} */
const SHELL_CACHE = ${JSON.stringify(`sol-shell-${buildId}`)};
const ASSET_CACHE = ${JSON.stringify(`sol-assets-${buildId}`)};
const SHELL = ${JSON.stringify(shell)};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith("sol-") && key !== SHELL_CACHE && key !== ASSET_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/builds/") || url.pathname === "/sw.js") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/", { cacheName: SHELL_CACHE }).then((shell) => shell || Response.error())));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
`;
}
