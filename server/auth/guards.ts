import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Role } from "../../src/domain/auth";
import { companies } from "../db/schema";
import { forbidden, notFound, unauthorized, unprocessable } from "../lib/errors";
import type { AuthUser } from "./session";

/** The signed-in user, or 401. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** preHandler: any signed-in user whose role is among `roles` (all roles when empty). */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (roles.length && !roles.includes(user.role)) throw forbidden();
  };
}

export const requireUser = requireRole();
export const requireAdmin = requireRole("ADMIN");

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/** Routes that work with a session but outside any company (the session itself, and the audit log). */
const TENANTLESS_ROUTES = new Set(["/api/auth/me", "/api/auth/login", "/api/auth/logout", "/api/log", "/api/config", "/api/health"]);

/**
 * Every signed-in request but the tenantless ones: somebody who is not an ADMIN and names a company
 * that is not theirs in x-company-id / x-company-cnpj gets 403, whatever the route does with the
 * headers afterwards (ARCHITECTURE.md: such a header is refused everywhere).
 */
export function refuseForeignCompany(request: FastifyRequest): void {
  const user = request.user;
  const pattern = request.routeOptions.url;
  if (!user || user.role === "ADMIN" || !pattern || TENANTLESS_ROUTES.has(pattern)) return;
  const idHeader = header(request, "x-company-id");
  const cnpjHeader = header(request, "x-company-cnpj")?.toUpperCase();
  if (idHeader === undefined && cnpjHeader === undefined) return;
  if (!user.companyId) throw forbidden("Seu usuário não está ligado a nenhum cliente.");
  if (idHeader !== undefined && idHeader !== String(user.companyId)) throw forbidden("Você não tem acesso a este cliente.");
  if (cnpjHeader !== undefined && cnpjHeader !== user.company?.cnpj) throw forbidden("Você não tem acesso a este cliente.");
}

/**
 * The company a request acts in. The x-company-id / x-company-cnpj headers (from authComp) are a
 * hint: an ADMIN may name any existing company (or none: all companies); everybody else acts only
 * in their own company, and naming another one is refused.
 */
export async function resolveCompanyId(request: FastifyRequest): Promise<number | null> {
  const user = currentUser(request);
  const idHeader = header(request, "x-company-id");
  const cnpjHeader = header(request, "x-company-cnpj")?.toUpperCase();
  if (user.role !== "ADMIN") {
    if (!user.companyId) throw forbidden("Seu usuário não está ligado a nenhum cliente.");
    if (idHeader !== undefined && idHeader !== String(user.companyId)) throw forbidden("Você não tem acesso a este cliente.");
    if (cnpjHeader !== undefined && cnpjHeader !== user.company?.cnpj) throw forbidden("Você não tem acesso a este cliente.");
    return user.companyId;
  }
  if (idHeader === undefined && cnpjHeader === undefined) return null;
  if (idHeader !== undefined && !/^\d{1,9}$/.test(idHeader)) throw notFound("Cliente não encontrado.");
  const conditions = [
    idHeader !== undefined ? eq(companies.id, Number(idHeader)) : undefined,
    cnpjHeader !== undefined ? eq(companies.cnpj, cnpjHeader) : undefined,
  ];
  const [company] = await request.server.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(...conditions))
    .limit(1);
  if (!company) throw notFound("Cliente não encontrado.");
  return company.id;
}

/** Like resolveCompanyId, for writes that need one company: an ADMIN must have chosen one. */
export async function requireCompanyId(request: FastifyRequest): Promise<number> {
  const id = await resolveCompanyId(request);
  if (id === null) throw unprocessable("Selecione um cliente antes de continuar.");
  return id;
}
