import type { FastifyRequest } from "fastify";
import { forbidden } from "../lib/errors";
import { actsAcrossClients } from "../../src/domain/guards";
import type { AuthUser } from "./session";

/**
 * The terms of use, enforced by the server (the SPA's check is only the screen): until a signed-in
 * person accepts them, every private route answers 403 except the session itself, the audit log and
 * the acceptance. ADMINs skip the terms (spec section 4).
 */
export const TERMS_REQUIRED_MESSAGE = "Aceite os termos de uso para continuar.";

/** Method and route pattern a person who has not accepted the terms may still use (besides public routes). */
const BEFORE_TERMS = new Set(["GET /api/auth/me", "HEAD /api/auth/me", "POST /api/auth/logout", "POST /api/log"]);

/** The acceptance: the person's own PATCH /api/users/{id} carrying nothing but acceptTerms/acceptTermsAt. */
const ACCEPTANCE = "PATCH /api/users/:id";
const ACCEPTANCE_FIELDS = new Set(["acceptTerms", "acceptTermsAt"]);

export const mustAcceptTerms = (user: AuthUser) => !actsAcrossClients(user.role) && !user.acceptTerms;

const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

const isOwnAcceptance = (request: FastifyRequest, user: AuthUser) =>
  routeOf(request) === ACCEPTANCE && (request.params as { id?: string }).id === String(user.id);

/** Called by the access hook (server/auth/access.ts) for a signed-in request on a private route: 403 before any validation. */
export function checkTerms(request: FastifyRequest): void {
  const user = request.user;
  if (!user || !mustAcceptTerms(user)) return;
  if (BEFORE_TERMS.has(routeOf(request)) || isOwnAcceptance(request, user)) return;
  throw forbidden(TERMS_REQUIRED_MESSAGE);
}

/** preValidation: the acceptance route, before the terms are accepted, accepts them and changes nothing else. */
export function checkTermsAcceptance(request: FastifyRequest): void {
  const user = request.user;
  if (!user || !mustAcceptTerms(user) || !isOwnAcceptance(request, user)) return;
  const body = request.body;
  const fields = body && typeof body === "object" ? Object.keys(body) : [];
  const accepts = (body as { acceptTerms?: unknown } | null)?.acceptTerms === true;
  if (!accepts || fields.some((field) => !ACCEPTANCE_FIELDS.has(field))) throw forbidden(TERMS_REQUIRED_MESSAGE);
}
