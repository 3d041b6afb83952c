import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** How long browsers and shared caches may reuse a public answer before revalidating it. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || weak(candidate) === weak(tag));
}

/**
 * Makes a public GET answer cacheable: a weak ETag over the body (and the list total), Cache-Control
 * public with a short max-age, and 304 with no body when the client already has this version.
 * Returns the body to send, or undefined once a 304 went out.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | undefined {
  const hash = createHash("sha1").update(JSON.stringify(body)).update(String(reply.getHeader("x-total-count") ?? "")).digest("base64url");
  const tag = `W/"${hash}"`;
  reply.header("etag", tag);
  reply.header("cache-control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
  if (matches(request.headers["if-none-match"], tag)) {
    void reply.code(304).send();
    return undefined;
  }
  return body;
}
