import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { normalizeCnpj } from "../../src/domain/cnpj";
import { parametrizationOf, transparencyOf, type Company } from "../../src/domain/companies";
import { actsAcrossClients } from "../../src/domain/guards";
import { fileUrl } from "../../src/domain/uploads";
import { companies, type CompanyRow } from "../db/schema";
import type { Db } from "../db/client";
import { notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import type { AuthUser } from "../auth/session";
import type { ListSpec, RawQuery } from "../resources/list-query";
import { parseStoragePath } from "../storage";

/**
 * The clients area's rules and queries (the consultancy's municipalities): who sees which company,
 * how a company is answered, and its list's filters. server/companies/routes.ts declares the
 * endpoints; other areas import from here, never from the routes file.
 */

registerConstraintMessage("companies_cnpj_key", "Já existe um cliente com este CNPJ.", "cnpj");
registerConstraintMessage("companies_slug_key", "Este endereço público já é usado por outro cliente.", "slug");

/** How many users a company has. Written out in full: inside a subquery drizzle would render the outer column unqualified ("id"). */
export const usersCount = sql<number>`(select count(*) from "users" where "users"."company_id" = "companies"."id")`.mapWith(Number);

/** GET /api/companies: its filters, search and sort (simple-rest, X-Total-Count). */
export const companyList: ListSpec = {
  idColumn: companies.id,
  fields: {
    id: { column: companies.id, type: "integer" },
    cnpj: { column: companies.cnpj, type: "string" },
    name: { column: companies.name, type: "string" },
    legalName: { column: companies.legalName, type: "string" },
    slug: { column: companies.slug, type: "string" },
    ibgeCode: { column: companies.ibgeCode, type: "string" },
    uf: { column: companies.uf, type: "string" },
    mayorName: { column: companies.mayorName, type: "string" },
    email: { column: companies.email, type: "string" },
    publicPortalEnabled: { column: companies.publicPortalEnabled, type: "boolean" },
    usersCount: { column: usersCount, type: "integer", filterable: false },
    createdAt: { column: companies.createdAt, type: "datetime" },
    updatedAt: { column: companies.updatedAt, type: "datetime" },
  },
  search: [companies.name, companies.legalName, companies.cnpj, companies.slug, companies.mayorName, companies.email],
  defaultSort: [{ field: "name", order: "asc" }],
};

/** `46.643.466/0001-06` typed in a search or a CNPJ filter finds the stored `46643466000106`. */
const MASKED_CNPJ_PART = /^(?=.*\d)(?=.*[./])[0-9A-Za-z./-]+$/;
export function unmaskCnpjs(query: RawQuery): RawQuery {
  const unmask = (value: string) => value.split(/\s+/).map((word) => (MASKED_CNPJ_PART.test(word) ? normalizeCnpj(word) : word)).join(" ");
  const out: RawQuery = { ...query };
  for (const key of ["q", "cnpj", "cnpj_like"]) {
    const value = out[key];
    if (value !== undefined) out[key] = Array.isArray(value) ? value.map(unmask) : unmask(value);
  }
  return out;
}

/** A companies row as the API answers it (companyRowSchema of src/domain/companies.ts). */
export function toApiCompany(row: CompanyRow, count: number): Company {
  return {
    id: row.id,
    cnpj: row.cnpj,
    name: row.name,
    legalName: row.legalName,
    slug: row.slug,
    ibgeCode: row.ibgeCode,
    uf: row.uf,
    email: row.email,
    phone: row.phone,
    mayorName: row.mayorName,
    logoPath: row.logoPath,
    logoUrl: fileUrl(row.logoPath),
    publicPortalEnabled: row.publicPortalEnabled,
    parametrization: parametrizationOf(row.parametrization),
    transparency: transparencyOf(row.transparency),
    usersCount: count,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Companies with their users count. */
export const companiesWithCount = (db: Db) => db.select({ company: companies, usersCount }).from(companies);

/** The consultancy sees every company; everybody else only their own. */
export const visibleTo = (actor: AuthUser): SQL | undefined => (actsAcrossClients(actor.role) ? undefined : eq(companies.id, actor.companyId ?? -1));

/** A company the actor may see; one it may not is reported missing, never as existing elsewhere. */
export async function loadVisible(db: Db, actor: AuthUser, where: SQL) {
  const scope = visibleTo(actor);
  const [row] = await companiesWithCount(db)
    .where(scope ? and(where, scope) : where)
    .limit(1);
  if (!row) throw notFound("Cliente não encontrado.");
  return row;
}

const LOGO_MISSING = "Imagem não encontrada. Envie a imagem pelo link de envio antes de salvar.";

/** A logo must be an upload of kind logo by this same person, already stored. */
export async function checkLogo(app: FastifyInstance, actor: AuthUser, logoPath: string) {
  const info = parseStoragePath(logoPath);
  if (!info || info.kind !== "logo" || info.ownerId !== actor.id || !(await app.storage.files.exists(logoPath))) {
    throw unprocessable(LOGO_MISSING, { logoPath: LOGO_MISSING });
  }
}
