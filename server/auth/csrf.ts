import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { forbidden } from "../lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The origins a browser page of this app has: the configured public origin (config.publicOrigin),
 * never the request's Host header, which whoever sends the request chooses. On a developer's machine
 * (outside production, public origin on a loopback host) the other loopback names of the same port
 * count too: http://127.0.0.1:3000 is the same server as http://localhost:3000.
 */
export function allowedOrigins(config: Pick<Config, "env" | "publicOrigin">): Set<string> {
  const origins = new Set([config.publicOrigin]);
  const url = new URL(config.publicOrigin);
  if (config.env !== "production" && LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  }
  return origins;
}

const allowedByConfig = new WeakMap<Config, Set<string>>();

/**
 * CSRF guard for state-changing requests: besides the SameSite=Lax session cookie, a browser's
 * Origin (or Referer) must be the app's own (allowedOrigins). Requests with neither header do not
 * come from a page in a browser and carry no ambient cookie risk.
 */
export function checkOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const source = request.headers.origin ?? request.headers.referer;
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site") throw forbidden("Requisição recusada: origem não permitida.");
  if (!source) return;
  const config = request.server.config;
  let allowed = allowedByConfig.get(config);
  if (!allowed) {
    allowed = allowedOrigins(config);
    allowedByConfig.set(config, allowed);
  }
  const origin = originOf(source);
  if (!origin || !allowed.has(origin)) throw forbidden("Requisição recusada: origem não permitida.");
}
