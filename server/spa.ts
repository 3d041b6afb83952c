import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isKnownAppPath } from "../src/domain/routes";
import { isSignedInAdminVisit } from "../src/lib/session-hint";
import { ADMIN_PRELOAD_FILE } from "../scripts/build-meta";

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
 * index.html that asks for the admin app's code at once (`modulepreload`, styles as `preload`): a
 * signed-in admin visit needs it, and otherwise the browser learns of it only after the entry script
 * has downloaded and run.
 */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files.map((file) => (file.endsWith(".css") ? `<link rel="preload" href="${file}" as="style" />` : `<link rel="modulepreload" href="${file}" />`));
  return html.replace("</head>", `${links.join("\n")}\n</head>`);
}

/** The build's list of the admin app's code (scripts/build-meta.ts); none for a build without it. */
function adminPreloads(dir: string): string[] {
  const file = path.join(dir, ADMIN_PRELOAD_FILE);
  if (!existsSync(file)) return [];
  const files: unknown = JSON.parse(readFileSync(file, "utf8"));
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === "string" && /^\/assets\/[\w.-]+$/.test(f)) : [];
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html for
 * every app path (200 for a known screen, 404 otherwise, so crawlers and tools see the truth).
 */
export async function registerSpa(app: FastifyInstance, dir: string, options: SpaOptions = {}) {
  const indexFile = path.join(dir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`SPA não construída: ${indexFile} não existe (rode npm run build).`);
  const indexHtml = readFileSync(indexFile, "utf8");
  const signedInAdminHtml = withPreloads(indexHtml, adminPreloads(dir));
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    cacheControl: false,
    index: false,
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
    if (head) return reply.status(head.status).type("text/html; charset=utf-8").send(withHead(indexHtml, head));
    if (!isKnownAppPath(decoded)) return reply.status(404).sendFile("index.html");
    if (isSignedInAdminVisit(decoded, request.headers.cookie ?? "")) return reply.type("text/html; charset=utf-8").send(signedInAdminHtml);
    return reply.sendFile("index.html");
  });
}
