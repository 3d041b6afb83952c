import path from "node:path";
import { Readable } from "node:stream";
import { existsSync, readFileSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CARRIED_ANSWERS_META } from "../src/domain/first-paint";
import { isKnownAppPath } from "../src/domain/routes";
import { escapeHtml } from "./lib/html";

function safeDecode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `Rota não encontrada: ${request.method} ${request.url.split("?")[0]}` });
}

/** What the server itself says about a page: its HTTP status, title and description. */
export interface PageHead {
  status: number;
  title: string;
  description: string;
  /** A permanent redirect (status 301/308) to the page's one canonical address; the query string is kept. */
  location?: string;
  preload?: PagePreload;
}

/**
 * What a page will ask for as soon as its script runs, announced in the HTML so the browser asks
 * for all of it at once instead of one round trip after another: source modules (as the build's
 * manifest names them, e.g. `src/transparency/App.tsx`) and same-origin JSON the page fetches.
 */
export interface PagePreload {
  modules: string[];
  data: string[];
  /** The admin app's antd stylesheets too (index.html names them in a meta tag; the app adds them before its first render). */
  antdStyleSheets?: boolean;
  /** The data's links before the code's: small answers the server computes while the code downloads (a browser opens only 6 connections to one server). */
  dataFirst?: boolean;
  /**
   * Markup the page paints before any script, put after the app's root (the dashboard's figures:
   * server/dashboard/first-paint.ts); the rest of the HTML does not wait for it (sendStreamed).
   */
  firstPaint?: () => Promise<string | undefined>;
  /** Answers `firstPaint`'s markup carries (src/domain/first-paint.ts): named in the head, not preloaded. */
  carried?: string[];
}

/** The build's manifest (vite `build.manifest`): each source module's file and the chunks it imports. */
type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

function readManifest(dir: string): BuildManifest {
  const file = path.join(dir, ".vite", "manifest.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BuildManifest) : {};
}

/** The files a module needs before it runs (itself, its static imports, their CSS), in the manifest's terms. */
export function moduleFiles(manifest: BuildManifest, modules: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((css) => styles.add(css));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

export interface SpaOptions {
  /** Status and head of pages whose truth the server knows (e.g. a public slug); null leaves the default. */
  /** `query`: the address's query string without `?` ("" when none). */
  describePage?(pathname: string, query: string): Promise<PageHead | null>;
  /**
   * What a page the server does not describe loads first, for this request (e.g. a signed-in admin
   * visit, whose session cookie comes with the HTML's request); null announces nothing.
   */
  preloadFor?(request: FastifyRequest, pathname: string): Promise<PagePreload | null>;
}

/** The antd stylesheets index.html names for the admin app (src/lib/antd-style-sheet.ts), as `/assets/…` addresses. */
export function antdStyleSheetsOf(html: string): string[] {
  return /<meta name="antd-style-sheet" content="([^"]*)"/.exec(html)?.[1].split(/\s+/).filter(Boolean) ?? [];
}

/** The `<link>`s that start a page's own code and data with the HTML, skipping what index.html already loads. */
function preloadLinks(html: string, manifest: BuildManifest, preload: PagePreload | undefined): string {
  if (!preload) return "";
  const { scripts, styles } = moduleFiles(manifest, preload.modules);
  const href = (file: string) => escapeHtml(`/${file}`);
  const code = [
    ...scripts.filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="${href(file)}" />`),
    // Vite's loader adds a module's CSS as `<link rel="stylesheet" crossorigin>`: without the same attribute here Chromium
    // fetches it again ("preload … not used because the request credentials mode does not match").
    ...styles.filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="preload" as="style" crossorigin href="${href(file)}" />`),
    // Added by script as plain `<link rel="stylesheet">` (no crossorigin), which this preload matches.
    ...(preload.antdStyleSheets ? antdStyleSheetsOf(html) : []).map((url) => `<link rel="preload" as="style" href="${escapeHtml(url)}" />`),
  ];
  // A fetch() with its default mode and credentials uses this answer (crossorigin="anonymous" is that mode on one origin).
  const data = preload.data.filter((url) => !preload.carried?.includes(url)).map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}" />`);
  return (preload.dataFirst ? [...data, ...code] : [...code, ...data]).map((link) => `${link}\n`).join("");
}

/** index.html announcing what the page loads, and nothing else changed (the admin app sets its own title). */
export function withPreloads(html: string, preload: PagePreload, manifest: BuildManifest = {}): string {
  const carried = preload.carried?.length ? `<meta name="${CARRIED_ANSWERS_META}" content="${escapeHtml(preload.carried.join(" "))}" />\n` : "";
  return html.replace("</head>", `${preloadLinks(html, manifest, preload)}${carried}</head>`);
}

/**
 * The HTML up to `</body>` at once, so the browser starts on the announced code and paints the boot
 * screen, then the markup `later` computes (e.g. from the database), then the end. `later` starts only
 * once the first part is on its way: an embedded database's query holds the server's thread, and the
 * head would wait for it. Nothing is added when `later` fails or has nothing.
 */
export async function* streamedHtml(html: string, later: () => Promise<string | undefined>): AsyncGenerator<string> {
  const end = html.lastIndexOf("</body>");
  yield html.slice(0, end);
  await new Promise((sent) => setTimeout(sent, 0));
  const markup = await later().catch(() => undefined);
  if (markup) yield `${markup}\n`;
  yield html.slice(end);
}

/** index.html with the page's own title and description (plus Open Graph copies for link previews) and what it will load. */
export function withHead(html: string, head: PageHead, manifest: BuildManifest = {}): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const preloads = preloadLinks(html, manifest, head.preload);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
    .replace("</head>", `${preloads}<meta property="og:title" content="${title}" />\n<meta property="og:description" content="${description}" />\n<meta property="og:type" content="website" />\n</head>`);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html for
 * every app path (200 for a known screen, 404 otherwise, so crawlers and tools see the truth).
 */
export async function registerSpa(app: FastifyInstance, dir: string, options: SpaOptions = {}) {
  const indexFile = path.join(dir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`SPA não construída: ${indexFile} não existe (rode npm run build).`);
  const indexHtml = readFileSync(indexFile, "utf8");
  const manifest = readManifest(dir);
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    cacheControl: false,
    index: false,
    // The build writes file.br and file.gz beside each asset (scripts/vite-precompress.ts): sent as they are, not compressed per request.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0];
    if (pathname.startsWith("/api/") || pathname === "/api" || (request.method !== "GET" && request.method !== "HEAD")) {
      return apiNotFound(request, reply);
    }
    if (path.extname(pathname) && !pathname.startsWith("/transparency/") && !pathname.startsWith("/admin/")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Arquivo não encontrado.");
    }
    reply.header("cache-control", "no-cache");
    const decoded = safeDecode(pathname);
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
    const head = options.describePage ? await options.describePage(decoded, query) : null;
    if (head?.location) {
      return reply.redirect(encodeURI(head.location) + (query ? `?${query}` : ""), head.status);
    }
    if (head) return reply.status(head.status).type("text/html; charset=utf-8").send(withHead(indexHtml, head, manifest));
    const known = isKnownAppPath(decoded);
    const preload = known && options.preloadFor ? await options.preloadFor(request, decoded) : null;
    if (preload) {
      // This HTML is this session's (its links depend on the cookie): no shared cache keeps it.
      reply.header("cache-control", "private, no-cache").header("vary", "cookie");
      const html = withPreloads(indexHtml, preload, manifest);
      return reply
        .status(200)
        .type("text/html; charset=utf-8")
        .send(preload.firstPaint ? Readable.from(streamedHtml(html, preload.firstPaint)) : html);
    }
    return reply.status(known ? 200 : 404).sendFile("index.html");
  });
}
