import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Public answers may be stored but are revalidated on every use: the law asks for records of the
 * transfers in real time (LC 131/2009), and an edit to a transfer or to the municipality's settings
 * shows at once. An unchanged answer costs a 304 with no body.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";

function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const weak = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim() === "*" || weak(candidate) === weak(tag));
}

/**
 * Makes a public GET answer cacheable: a weak ETag over the body (and the list total), Cache-Control
 * public with revalidation, and 304 with no body when the client already has this version.
 * Returns the body to send, or undefined once a 304 went out.
 */
export function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | undefined {
  const hash = createHash("sha1").update(JSON.stringify(body)).update(String(reply.getHeader("x-total-count") ?? "")).digest("base64url");
  const tag = `W/"${hash}"`;
  reply.header("etag", tag);
  reply.header("cache-control", PUBLIC_CACHE_CONTROL);
  if (matches(request.headers["if-none-match"], tag)) {
    void reply.code(304).send();
    return undefined;
  }
  return body;
}
