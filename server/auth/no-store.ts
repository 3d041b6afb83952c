import type { FastifyReply, FastifyRequest } from "fastify";
import { matchesAny } from "./access";

/**
 * Answers that carry what only a session may see are never stored by a browser or a proxy
 * (Cache-Control: no-store). The public reads below keep their own policy: revalidated public data,
 * immutable files, the runtime configuration and the API docs.
 */
const OWN_CACHE_POLICY = ["/api/public/", "/api/files/", "/api/config", "/api/health", "/api/docs", "/api/docs/"] as const;

export const NO_STORE = "no-store";

/** onSend: every /api answer (errors included) but the public reads gets no-store. */
export async function noStoreUnlessPublic(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const pattern = request.routeOptions.url;
  if (request.url.startsWith("/api/") && !(pattern && matchesAny(pattern, OWN_CACHE_POLICY))) reply.header("cache-control", NO_STORE);
  return payload;
}
