import path from "node:path";
import { existsSync } from "node:fs";
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

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html for
 * every app path (200 for a known screen, 404 otherwise, so crawlers and tools see the truth).
 */
export async function registerSpa(app: FastifyInstance, dir: string) {
  const indexFile = path.join(dir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`SPA não construída: ${indexFile} não existe (rode npm run build).`);
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
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0];
    if (pathname.startsWith("/api/") || pathname === "/api" || (request.method !== "GET" && request.method !== "HEAD")) {
      return apiNotFound(request, reply);
    }
    if (path.extname(pathname) && !pathname.startsWith("/transparency/") && !pathname.startsWith("/admin/")) {
      return reply.status(404).type("text/plain; charset=utf-8").send("Arquivo não encontrado.");
    }
    reply.header("cache-control", "no-cache");
    return reply.status(isKnownAppPath(safeDecode(pathname)) ? 200 : 404).sendFile("index.html");
  });
}
