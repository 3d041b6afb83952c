import type { FastifyRequest } from "fastify";
import type { Role } from "../../src/domain/auth";
import { rolesOf } from "../../src/domain/guards";
import { forbidden, unauthorized, unprocessable } from "../lib/errors";
import type { AuthUser } from "./session";

/** The signed-in user, or 401. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Whether a user's role passes a list of roles (every role when the list is empty). */
export const hasRole = (user: AuthUser, roles: readonly Role[]) => roles.length === 0 || roles.includes(user.role);

/** preHandler: any signed-in user whose role is among `roles` (all roles when empty). */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    if (!hasRole(currentUser(request), roles)) throw forbidden();
  };
}

/** The session routes (the session itself): any role, the Câmara included. */
export const requireSignedIn = requireRole();
/** The municipality's and the consultancy's people: the guard "user-only" of the role map. */
export const requireUser = requireRole(...rolesOf("user-only"));

/** The company the request acts in (request.tenant, resolved once by the access hook); null: an ADMIN over every company. */
export function resolveCompanyId(request: FastifyRequest): number | null {
  currentUser(request);
  if (!request.tenant) throw forbidden("Esta rota não age em nome de um cliente.");
  return request.tenant.companyId;
}

/** Like resolveCompanyId, for writes that need one company: an ADMIN must have chosen one. */
export function requireCompanyId(request: FastifyRequest): number {
  const id = resolveCompanyId(request);
  if (id === null) throw unprocessable("Selecione um cliente antes de continuar.");
  return id;
}
