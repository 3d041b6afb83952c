import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

const NUL_MESSAGE = "O texto enviado contém um caractere inválido (NUL).";

/** Whether a parsed JSON value holds a string with a NUL character (PostgreSQL text cannot store one). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (value === null || typeof value !== "object" || depth > 64) return false;
  for (const key in value) {
    if (key.includes("\u0000") || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Input no route can store: a NUL byte in the path, the query or a JSON body is refused with 400
 * before any route sees it (otherwise the database refuses it mid-request, as a 500).
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if (request.url.includes("\u0000") || /%00/i.test(request.url)) throw badRequest(NUL_MESSAGE);
  });
  app.addHook("preValidation", async (request) => {
    if (request.body !== undefined && holdsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
}
