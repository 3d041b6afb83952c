import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isKnownAppPath } from "../src/domain/routes";

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
}

export interface SpaOptions {
  /** Status and head of pages whose truth the server knows (e.g. a public slug); null leaves the default. */
  describePage?(pathname: string): Promise<PageHead | null>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** index.html with the page's own title and description (plus Open Graph copies for link previews). */
export function withHead(html: string, head: PageHead): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
    .replace("</head>", `<meta property="og:title" content="${title}" />\n<meta property="og:description" content="${description}" />\n<meta property="og:type" content="website" />\n</head>`);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html for
 * every app path (200 for a known screen, 404 otherwise, so crawlers and tools see the truth).
 */
export async function registerSpa(app: FastifyInstance, dir: string, options: SpaOptions = {}) {
  const indexFile = path.join(dir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`SPA não construída: ${indexFile} não existe (rode npm run build).`);
  const indexHtml = readFileSync(indexFile, "utf8");
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
    const head = options.describePage ? await options.describePage(decoded) : null;
    if (head?.location) {
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      return reply.redirect(encodeURI(head.location) + query, head.status);
    }
    if (head) return reply.status(head.status).type("text/html; charset=utf-8").send(withHead(indexHtml, head));
    return reply.status(isKnownAppPath(decoded) ? 200 : 404).sendFile("index.html");
  });
}
