import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, users, type UserRow } from "../db/schema";
import { USER_STATUSES, userAvatarSchema, userCreateSchema, userUpdateSchema, type User } from "../../src/domain/users";
import { HttpError, conflict, forbidden, fromDatabaseError, notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import { atVersion, nextVersion, staleRecord } from "../lib/versions";
import { refusalLimit } from "../auth/refusal-limit";
import { currentUser, requireRole, requireUser, resolveCompanyId } from "../auth/guards";
import type { AuthUser } from "../auth/session";
import { avatarUrl } from "../auth/session";
import { canManage, inviteUser, isIdentityMissing, publicOrigin, withIdentity, ensureIdentity } from "../auth/accounts";
import { sendList } from "../resources/paging";
import type { ListSpec, RawQuery } from "../resources/list-query";
import { parseStoragePath } from "../storage";
import { attachUpload, forgetUploads } from "../storage/ledger";

const DUPLICATE_EMAIL = "Já existe um usuário com este e-mail.";
registerConstraintMessage("users_email_key", DUPLICATE_EMAIL, "email");
/**
 * What anybody but an ADMIN hears about a taken e-mail, wherever its owner is (this company, another
 * municipality, the consultancy): one answer that names nobody.
 */
export const EMAIL_UNAVAILABLE = "Este e-mail não pode ser usado. Confira o endereço ou fale com o administrador.";
const TOO_MANY_REFUSALS = "Muitos e-mails recusados em pouco tempo. Aguarde 15 minutos e tente novamente.";

/** A taken e-mail, in our table (unique index) or at the identity provider (an account with that address). */
const isEmailTaken = (error: unknown) =>
  fromDatabaseError(error)?.errors?.email === DUPLICATE_EMAIL || (error instanceof HttpError && error.statusCode === 409 && Boolean(error.errors?.email));
registerConstraintMessage("users_firebase_uid_key", "Esta identidade já está ligada a outro usuário.");

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });

type CompanyRef = { name: string; cnpj: string } | null | undefined;

export function toApiUser(row: UserRow, company?: CompanyRef) {
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
    acceptTermsAt: row.acceptTermsAt,
    hasIdentity: row.firebaseUid !== null,
    invitedAt: row.invitedAt,
    lastLoginAt: row.lastLoginAt,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  } satisfies Record<keyof User, unknown>;
}

/** `userStatus()` of src/domain/users.ts, in SQL, so that lists can filter by it. */
const userStatusSql = sql`(case when not ${users.active} then 'inactive' when ${users.lastLoginAt} is not null then 'active'
  when ${users.invitedAt} is not null then 'invited' when ${users.firebaseUid} is not null then 'active' else 'pending' end)`;

const userList: ListSpec = {
  idColumn: users.id,
  fields: {
    id: { column: users.id, type: "integer" },
    name: { column: users.name, type: "string" },
    email: { column: users.email, type: "string" },
    role: { column: users.role, type: "enum", values: ["ADMIN", "MANAGER", "USER"] },
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

/** Whom a list shows: an ADMIN everybody (or the chosen company's), a MANAGER its company, a USER itself. */
function listScope(actor: AuthUser, companyId: number | null): SQL | undefined {
  if (actor.role === "ADMIN") return companyId === null ? undefined : eq(users.companyId, companyId);
  if (actor.role === "MANAGER") return eq(users.companyId, companyId ?? -1);
  return eq(users.id, actor.id);
}

const ADMIN_HAS_NO_COMPANY = "O perfil ADMIN é da consultoria e não pertence a um cliente.";

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Taken e-mails a MANAGER may hit before being stopped: enough for typos, too few to probe with.
  const emailRefusals = refusalLimit({ name: "email-taken", max: 10, windowMs: 15 * 60 * 1000, now: () => app.now(), shared: app.sharedLimits ? app.db : undefined });

  /**
   * Runs a write that may set an e-mail. For anybody but an ADMIN a taken e-mail gets the one neutral
   * answer, counted; past the limit, such writes are refused before they run.
   */
  async function guardingEmail<T>(actor: AuthUser, write: () => Promise<T>): Promise<T> {
    if (actor.role === "ADMIN") return write();
    if (await emailRefusals.exceeded(actor.id)) throw new HttpError(429, TOO_MANY_REFUSALS);
    try {
      return await write();
    } catch (error) {
      if (!isEmailTaken(error)) throw error;
      await emailRefusals.record(actor.id);
      throw conflict(EMAIL_UNAVAILABLE, { email: EMAIL_UNAVAILABLE });
    }
  }

  const withCompany = () =>
    app.db.select({ user: users, company: { name: companies.name, cnpj: companies.cnpj } }).from(users).leftJoin(companies, eq(companies.id, users.companyId));

  /** A user the actor may manage; anyone else is reported missing, never as existing elsewhere. */
  async function loadManageable(actor: AuthUser, id: number) {
    const [row] = await withCompany().where(eq(users.id, id)).limit(1);
    if (!row || !canManage(actor, row.user)) throw notFound("Usuário não encontrado.");
    return row;
  }

  app.get(
    "/users",
    { schema: { tags: ["usuários"], summary: "Usuários: ADMIN todos (ou do cliente escolhido), MANAGER os do seu cliente, USER só ele" }, preHandler: requireUser },
    async (request, reply) => {
      const actor = currentUser(request);
      const scope = listScope(actor, await resolveCompanyId(request));
      return sendList(reply, request.query as RawQuery, userList, scope, {
        rows: async (q) =>
          (await withCompany().where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map((r) => toApiUser(r.user, r.company)),
        count: (where) => app.db.$count(users, where),
      });
    },
  );

  app.get(
    "/users/:id",
    { schema: { tags: ["usuários"], summary: "Um usuário", params: idParams }, preHandler: requireUser },
    async (request) => {
      const row = await loadManageable(currentUser(request), request.params.id);
      return toApiUser(row.user, row.company);
    },
  );

  app.post(
    "/users",
    {
      schema: { tags: ["usuários"], summary: "Cadastra um usuário (e, com sendInvite, envia o convite)", body: userCreateSchema },
      preHandler: requireRole("ADMIN", "MANAGER"),
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { sendInvite, companyId: requested, ...fields } = request.body;
      const activeCompany = await resolveCompanyId(request);
      let companyId: number | null;
      if (actor.role === "ADMIN") {
        companyId = requested !== undefined ? requested : fields.role === "ADMIN" ? null : activeCompany;
        if (fields.role === "ADMIN" && companyId !== null) throw unprocessable(ADMIN_HAS_NO_COMPANY, { role: ADMIN_HAS_NO_COMPANY });
        if (fields.role !== "ADMIN") {
          if (companyId === null) throw unprocessable("Selecione o cliente do usuário.", { companyId: "Selecione o cliente do usuário." });
          const [company] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
          if (!company) throw unprocessable("Cliente não encontrado.", { companyId: "Cliente não encontrado." });
        }
      } else {
        if (fields.role === "ADMIN") throw forbidden("Só o administrador pode conceder o perfil ADMIN.");
        if (requested != null && requested !== actor.companyId) throw forbidden("Você não tem acesso a este cliente.");
        companyId = actor.companyId;
      }
      const origin = publicOrigin(request);
      const result = await guardingEmail(actor, () => app.db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values({ ...fields, companyId }).returning();
        // Inviting inside the transaction: a failed invitation leaves no half-made user behind.
        const invite = sendInvite ? await inviteUser(app, tx, created, origin) : undefined;
        const [row] = await tx
          .select({ user: users, company: { name: companies.name, cnpj: companies.cnpj } })
          .from(users)
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(eq(users.id, created.id));
        return { ...toApiUser(row.user, row.company), ...(invite ? { invite } : {}) };
      }));
      return reply.status(201).send(result);
    },
  );

  app.patch(
    "/users/:id",
    { schema: { tags: ["usuários"], summary: "Altera um usuário", params: idParams, body: userUpdateSchema }, preHandler: requireUser },
    async (request) => {
      const actor = currentUser(request);
      const row = await loadManageable(actor, request.params.id);
      const { password, rePassword: _rePassword, role, active, acceptTerms, acceptTermsAt, version, ...fields } = request.body;
      const self = actor.id === row.user.id;
      if (role !== undefined && role !== row.user.role) {
        // Nobody raises their own role; a MANAGER may only move people between USER and MANAGER.
        if (self) throw forbidden("Você não pode alterar o seu próprio perfil de acesso.");
        if (actor.role !== "ADMIN" && role === "ADMIN") throw forbidden("Só o administrador pode conceder o perfil ADMIN.");
        if (role === "ADMIN" && row.user.companyId !== null) throw unprocessable(ADMIN_HAS_NO_COMPANY, { role: ADMIN_HAS_NO_COMPANY });
        if (row.user.role === "ADMIN") {
          const message = "Um administrador não pertence a nenhum cliente: cadastre um novo usuário no cliente.";
          throw unprocessable(message, { role: message });
        }
      }
      if (active !== undefined && self) throw forbidden("Você não pode desativar o seu próprio usuário.");
      if ((acceptTerms !== undefined || acceptTermsAt !== undefined) && !self) {
        throw forbidden("Só o próprio usuário pode aceitar os termos de uso.");
      }
      if (password !== undefined && !self && actor.role !== "ADMIN") {
        throw forbidden("Só o próprio usuário ou o administrador pode trocar a senha.");
      }
      const emailChanged = fields.email !== undefined && fields.email !== row.user.email;
      const nameChanged = fields.name !== undefined && fields.name !== row.user.name;
      const activeChanged = active !== undefined && active !== row.user.active;

      // The database first (its constraints speak first), then the identity provider; a refusal
      // there rolls the database back, so both always agree.
      const updated = await guardingEmail(actor, () => app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(users)
          .set({
            ...fields,
            ...(role !== undefined ? { role } : {}),
            ...(active !== undefined ? { active } : {}),
            ...(acceptTerms !== undefined ? { acceptTerms, acceptTermsAt: acceptTerms ? (acceptTermsAt ?? new Date(app.now())) : null } : {}),
            version: nextVersion(users.version),
            updatedAt: new Date(app.now()),
          })
          .where(and(eq(users.id, row.user.id), atVersion(users.version, version)))
          .returning();
        if (!saved) throw staleRecord();
        let uid = saved.firebaseUid;
        if (!uid && password !== undefined) {
          uid = await ensureIdentity(app.identity.auth, tx, saved);
          await tx.update(users).set({ firebaseUid: uid }).where(eq(users.id, saved.id));
        }
        if (uid && (password !== undefined || emailChanged || nameChanged || activeChanged)) {
          await withIdentity(() =>
            app.identity.auth.updateUser(uid, {
              ...(password !== undefined ? { password } : {}),
              ...(emailChanged ? { email: saved.email } : {}),
              ...(nameChanged ? { displayName: saved.name } : {}),
              ...(activeChanged ? { disabled: !saved.active } : {}),
            }),
          );
        }
        return { ...saved, firebaseUid: uid };
      }));
      if (active === false || password !== undefined) {
        // Every other session of this person ends (ASVS 3.3.3); the one that made its own change stays.
        await app.sessions.revokeAllOf(updated.id, self ? actor.sessionHash : undefined);
      }
      return toApiUser(updated, row.company);
    },
  );

  app.patch(
    "/users/:id/avatar",
    {
      schema: { tags: ["usuários"], summary: "Troca (ou remove, com null) o avatar de um usuário", params: idParams, body: userAvatarSchema },
      preHandler: requireUser,
    },
    async (request) => {
      const actor = currentUser(request);
      const row = await loadManageable(actor, request.params.id);
      const { storagePath } = request.body;
      if (storagePath !== null) {
        const info = parseStoragePath(storagePath);
        // Only an avatar this same person uploaded, and only once it has arrived.
        if (!info || info.kind !== "avatar" || info.ownerId !== actor.id || !(await app.storage.files.exists(storagePath))) {
          const message = "Imagem não encontrada. Envie a imagem pelo link de envio antes de salvá-la.";
          throw unprocessable(message, { storagePath: message });
        }
      }
      const previous = row.user.avatarPath;
      const updated = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(users)
          .set({ avatarPath: storagePath, updatedAt: new Date(app.now()) })
          .where(eq(users.id, row.user.id))
          .returning();
        if (storagePath !== null) await attachUpload(tx, storagePath, new Date(app.now()));
        if (previous && previous !== storagePath) await forgetUploads(tx, [previous]);
        return saved;
      });
      if (previous && previous !== storagePath) await app.storage.files.remove(previous).catch((error) => request.log.warn(error));
      return toApiUser(updated, row.company);
    },
  );

  app.delete(
    "/users/:id",
    { schema: { tags: ["usuários"], summary: "Remove um usuário e a sua identidade", params: idParams }, preHandler: requireRole("ADMIN", "MANAGER") },
    async (request) => {
      const actor = currentUser(request);
      const row = await loadManageable(actor, request.params.id);
      if (row.user.id === actor.id) throw forbidden("Você não pode excluir o seu próprio usuário.");
      await app.db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.id, row.user.id));
        if (row.user.avatarPath) await forgetUploads(tx, [row.user.avatarPath]);
        const uid = row.user.firebaseUid;
        if (uid) {
          await app.identity.auth.deleteUser(uid).catch((error) => {
            if (!isIdentityMissing(error)) throw error;
          });
        }
      });
      if (row.user.avatarPath) await app.storage.files.remove(row.user.avatarPath).catch((error) => request.log.warn(error));
      return toApiUser(row.user, row.company);
    },
  );
};

export default usersRoutes;
