import type { FastifyRequest } from "fastify";
import { forbidden } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * CSRF guard for state-changing requests: besides the SameSite=Lax session cookie, a browser's
 * Origin (or Referer) must be this server's own host or the configured public origin. Requests with
 * neither header do not come from a page in a browser and carry no ambient cookie risk.
 */
export function checkOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const source = request.headers.origin ?? request.headers.referer;
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site") throw forbidden("Requisição recusada: origem não permitida.");
  if (!source) return;
  const allowed = new Set([request.headers.host, request.server.config.publicOrigin && hostOf(request.server.config.publicOrigin)]);
  const host = hostOf(source);
  if (!host || !allowed.has(host)) throw forbidden("Requisição recusada: origem não permitida.");
}
