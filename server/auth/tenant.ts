import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import { companies } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";
import { actsAcrossClients } from "../../src/domain/guards";
import type { AuthUser } from "./session";

/**
 * The company a request acts in, decided once per request by `resolveTenant` (the access hook) and
 * read everywhere else from `request.tenant`: the only code that turns the x-company-id /
 * x-company-cnpj hint into a tenant scope. `companyId` null means an ADMIN acting across every company.
 */
export interface Tenant {
  companyId: number | null;
}

const ALL_COMPANIES: Tenant = Object.freeze({ companyId: null });

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() || undefined;
}

/**
 * The headers are a hint: an ADMIN may name any existing company (or none: all companies); everybody
 * else acts only in their own company, and naming another one is refused with 403.
 */
export async function resolveTenant(request: FastifyRequest, user: AuthUser): Promise<Tenant> {
  const idHeader = header(request, "x-company-id");
  const cnpjHeader = header(request, "x-company-cnpj")?.toUpperCase();
  if (!actsAcrossClients(user.role)) {
    if (!user.companyId) throw forbidden("Seu usuário não está ligado a nenhum cliente.");
    if (idHeader !== undefined && idHeader !== String(user.companyId)) throw forbidden("Você não tem acesso a este cliente.");
    if (cnpjHeader !== undefined && cnpjHeader !== user.company?.cnpj) throw forbidden("Você não tem acesso a este cliente.");
    return { companyId: user.companyId };
  }
  if (idHeader === undefined && cnpjHeader === undefined) return ALL_COMPANIES;
  if (idHeader !== undefined && !/^\d{1,9}$/.test(idHeader)) throw notFound("Cliente não encontrado.");
  if (cnpjHeader !== undefined && !/^[0-9A-Z]{14}$/.test(cnpjHeader)) throw notFound("Cliente não encontrado.");
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
  return { companyId: company.id };
}
