import { eq, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ROLES } from "../../src/domain/auth";
import { actsAcrossClients, passesGuard } from "../../src/domain/guards";
import { USER_STATUSES, type User } from "../../src/domain/users";
import { companies, users, type UserRow } from "../db/schema";
import type { Db } from "../db/client";
import { HttpError, conflict, fromDatabaseError, notFound, registerConstraintMessage } from "../lib/errors";
import { refusalLimit, type RefusalLimit } from "../auth/refusal-limit";
import { avatarUrl, type AuthUser } from "../auth/session";
import type { ListSpec } from "../resources/list-query";

/**
 * The people area's rules and queries (issue 30 item 3): who may see or change whom, how a user is
 * answered, and the one neutral answer about a taken e-mail. server/users/routes.ts declares the
 * endpoints on top of these; other areas import from here, never from the routes file.
 */

const DUPLICATE_EMAIL = "Já existe um usuário com este e-mail.";
registerConstraintMessage("users_email_key", DUPLICATE_EMAIL, "email");
registerConstraintMessage("users_firebase_uid_key", "Esta identidade já está ligada a outro usuário.");

/**
 * What anybody but an ADMIN hears about a taken e-mail, wherever its owner is (this company, another
 * municipality, the consultancy): one answer that names nobody.
 */
export const EMAIL_UNAVAILABLE = "Este e-mail não pode ser usado. Confira o endereço ou fale com o administrador.";
const TOO_MANY_REFUSALS = "Muitos e-mails recusados em pouco tempo. Aguarde 15 minutos e tente novamente.";

/** The role of the consultancy has no company: said when somebody tries to give it one. */
export const ADMIN_HAS_NO_COMPANY = "O perfil ADMIN é da consultoria e não pertence a um cliente.";

/** A taken e-mail, in our table (unique index) or at the identity provider (an account with that address). */
const isEmailTaken = (error: unknown) =>
  fromDatabaseError(error)?.errors?.email === DUPLICATE_EMAIL || (error instanceof HttpError && error.statusCode === 409 && Boolean(error.errors?.email));

/**
 * Who may see or change `target`: oneself, whoever acts across clients (the consultancy), or a
 * manager of the same company, never over somebody of the consultancy.
 */
export function canManage(actor: AuthUser, target: Pick<UserRow, "id" | "companyId" | "role">): boolean {
  if (actor.id === target.id || actsAcrossClients(actor.role)) return true;
  return passesGuard(actor.role, "manager-only") && target.companyId !== null && target.companyId === actor.companyId && !actsAcrossClients(target.role);
}

type CompanyRef = { name: string; cnpj: string } | null | undefined;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A users row (and its company) as the API answers it (userRowSchema of src/domain/users.ts). */
export function toApiUser(row: UserRow, company?: CompanyRef): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    companyId: row.companyId,
    companyName: company?.name ?? null,
    companyCNPJ: company?.cnpj ?? null,
    phone: row.phone,
    avatarUrl: avatarUrl(row.avatarPath),
    active: row.active,
    acceptTerms: row.acceptTerms,
    acceptTermsAt: iso(row.acceptTermsAt),
    hasIdentity: row.firebaseUid !== null,
    invitedAt: iso(row.invitedAt),
    lastLoginAt: iso(row.lastLoginAt),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `userStatus()` of src/domain/users.ts, in SQL, so that lists can filter by it. */
const userStatusSql = sql`(case when not ${users.active} then 'inactive' when ${users.lastLoginAt} is not null then 'active'
  when ${users.invitedAt} is not null then 'invited' when ${users.firebaseUid} is not null then 'active' else 'pending' end)`;

/** GET /api/users: its filters, search and sort (simple-rest, X-Total-Count). */
export const userList: ListSpec = {
  idColumn: users.id,
  fields: {
    id: { column: users.id, type: "integer" },
    name: { column: users.name, type: "string" },
    email: { column: users.email, type: "string" },
    role: { column: users.role, type: "enum", values: ROLES },
    companyId: { column: users.companyId, type: "integer" },
    active: { column: users.active, type: "boolean" },
    acceptTerms: { column: users.acceptTerms, type: "boolean" },
    createdAt: { column: users.createdAt, type: "datetime" },
    invitedAt: { column: users.invitedAt, type: "datetime" },
    lastLoginAt: { column: users.lastLoginAt, type: "datetime" },
    status: { column: userStatusSql, type: "enum", values: USER_STATUSES, sortable: false },
  },
  search: [users.name, users.email],
  defaultSort: [{ field: "name", order: "asc" }],
};

/** Whom a list shows: the consultancy everybody (or the chosen company's), a manager its company, anybody else itself. */
export function listScope(actor: AuthUser, companyId: number | null): SQL | undefined {
  if (actsAcrossClients(actor.role)) return companyId === null ? undefined : eq(users.companyId, companyId);
  if (passesGuard(actor.role, "manager-only")) return eq(users.companyId, companyId ?? -1);
  return eq(users.id, actor.id);
}

/** Users with their company's name and CNPJ. */
export const usersWithCompany = (db: Db) =>
  db.select({ user: users, company: { name: companies.name, cnpj: companies.cnpj } }).from(users).leftJoin(companies, eq(companies.id, users.companyId));

/** A user the actor may manage; anyone else is reported missing, never as existing elsewhere. */
export async function loadManageable(db: Db, actor: AuthUser, id: number) {
  const [row] = await usersWithCompany(db).where(eq(users.id, id)).limit(1);
  if (!row || !canManage(actor, row.user)) throw notFound("Usuário não encontrado.");
  return row;
}

// One counter per server: taken e-mails a MANAGER may hit before being stopped (enough for typos,
// too few to probe with).
const refusalsByServer = new WeakMap<FastifyInstance, RefusalLimit>();
function emailRefusalsOf(app: FastifyInstance): RefusalLimit {
  let limit = refusalsByServer.get(app);
  if (!limit) {
    limit = refusalLimit({ name: "email-taken", max: 10, windowMs: 15 * 60 * 1000, now: () => app.now(), shared: app.sharedLimits ? app.db : undefined });
    refusalsByServer.set(app, limit);
  }
  return limit;
}

/**
 * Runs a write that may set an e-mail. For anybody but the consultancy a taken e-mail gets the one
 * neutral answer, counted; past the limit, such writes are refused before they run.
 */
export async function guardingEmail<T>(app: FastifyInstance, actor: AuthUser, write: () => Promise<T>): Promise<T> {
  if (actsAcrossClients(actor.role)) return write();
  const refusals = emailRefusalsOf(app);
  if (await refusals.exceeded(actor.id)) throw new HttpError(429, TOO_MANY_REFUSALS);
  try {
    return await write();
  } catch (error) {
    if (!isEmailTaken(error)) throw error;
    await refusals.record(actor.id);
    throw conflict(EMAIL_UNAVAILABLE, { email: EMAIL_UNAVAILABLE });
  }
}
