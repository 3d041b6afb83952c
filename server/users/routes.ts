import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { sessionEnvelopeSchema } from "../../src/domain/auth";
import { actsAcrossClients } from "../../src/domain/guards";
import { inviteResultSchema, sendInviteSchema, userAvatarSchema, userCreateSchema, userRowSchema, userUpdateSchema } from "../../src/domain/users";
import { companies, users } from "../db/schema";
import { forbidden, notFound, unprocessable } from "../lib/errors";
import { atVersion, nextVersion, staleRecord } from "../lib/versions";
import { ensureIdentity, inviteUser, isIdentityMissing, publicOrigin, withIdentity } from "../auth/accounts";
import { toSessionUser } from "../auth/session";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { sendList } from "../resources/paging";
import type { RawQuery } from "../resources/list-query";
import { parseStoragePath } from "../storage";
import { attachUpload, forgetUploads } from "../storage/ledger";
import { checkCredentialChange } from "../auth/credentials";
import { ADMIN_HAS_NO_COMPANY, canManage, guardingEmail, listScope, loadManageable, toApiUser, userList, usersWithCompany } from "./rules";

/**
 * The people area: the session's own user, the users of a company and their invitations (spec
 * section 7). Who may list, see or change whom is `canManage`/`listScope` (rules.ts): the
 * consultancy everybody, a manager the people of its company, anybody else only itself. Somebody
 * outside that reach is a 404, never a 403, so an id tells nothing about another company.
 */

const TAG = "usuários";
const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });
const userWithInvite = userRowSchema.extend({ invite: inviteResultSchema.optional() });

const me = defineAction({
  method: "GET",
  path: "/auth/me",
  tag: "autenticação",
  summary: "O usuário da sessão",
  guard: "signed-in",
  scope: { kind: "session" },
  response: { 200: sessionEnvelopeSchema },
  handler: ({ user, reply }) => {
    reply.header("cache-control", "no-store");
    return { user: toSessionUser(user, user.company) };
  },
});

const list = defineAction({
  method: "GET",
  path: "/users",
  tag: TAG,
  summary: "Usuários: ADMIN todos (ou do cliente escolhido), MANAGER os do seu cliente, USER só ele",
  guard: "user-only",
  scope: { kind: "tenant" },
  response: { 200: z.array(userRowSchema) },
  handler: ({ app, request, reply, user, companyId }) =>
    sendList(reply, request.query as RawQuery, userList, listScope(user, companyId), {
      rows: async (q) =>
        (await usersWithCompany(app.db).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset)).map((r) => toApiUser(r.user, r.company)),
      count: (where) => app.db.$count(users, where),
    }),
});

const show = defineAction({
  method: "GET",
  path: "/users/:id",
  tag: TAG,
  summary: "Um usuário",
  guard: "signed-in",
  scope: { kind: "tenant" },
  params: idParams,
  response: { 200: userRowSchema },
  handler: async ({ app, user, params }) => {
    const row = await loadManageable(app.db, user, params.id);
    return toApiUser(row.user, row.company);
  },
});

const create = defineAction({
  method: "POST",
  path: "/users",
  tag: TAG,
  summary: "Cadastra um usuário (e, com sendInvite, envia o convite)",
  guard: "manager-only",
  scope: { kind: "tenant" },
  body: userCreateSchema,
  response: { 201: userWithInvite },
  handler: async ({ app, request, reply, user: actor, companyId: activeCompany, body }) => {
    const { sendInvite, companyId: requested, ...fields } = body;
    let companyId: number | null;
    if (actsAcrossClients(actor.role)) {
      const consultancy = actsAcrossClients(fields.role);
      companyId = requested !== undefined ? requested : consultancy ? null : activeCompany;
      if (consultancy && companyId !== null) throw unprocessable(ADMIN_HAS_NO_COMPANY, { role: ADMIN_HAS_NO_COMPANY });
      if (!consultancy) {
        if (companyId === null) throw unprocessable("Selecione o cliente do usuário.", { companyId: "Selecione o cliente do usuário." });
        const [company] = await app.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
        if (!company) throw unprocessable("Cliente não encontrado.", { companyId: "Cliente não encontrado." });
      }
    } else {
      if (actsAcrossClients(fields.role)) throw forbidden("Só o administrador pode conceder o perfil ADMIN.");
      if (requested != null && requested !== actor.companyId) throw forbidden("Você não tem acesso a este cliente.");
      companyId = actor.companyId;
    }
    const origin = publicOrigin(request);
    const result = await guardingEmail(app, actor, () =>
      app.db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values({ ...fields, companyId }).returning();
        // Inviting inside the transaction: a failed invitation leaves no half-made user behind.
        const invite = sendInvite ? await inviteUser(app, tx, created, origin) : undefined;
        const [row] = await usersWithCompany(tx).where(eq(users.id, created.id));
        return { ...toApiUser(row.user, row.company), ...(invite ? { invite } : {}) };
      }),
    );
    return reply.status(201).send(result);
  },
});

const update = defineAction({
  method: "PATCH",
  path: "/users/:id",
  tag: TAG,
  summary: "Altera um usuário",
  guard: "signed-in",
  scope: { kind: "tenant" },
  params: idParams,
  body: userUpdateSchema,
  response: { 200: userRowSchema },
  handler: async ({ app, request, user: actor, params, body }) => {
    const row = await loadManageable(app.db, actor, params.id);
    await checkCredentialChange({ app, request, actor, target: row.user, body });
    const { password, rePassword: _rePassword, role, active, acceptTerms, acceptTermsAt, version, ...fields } = body;
    const self = actor.id === row.user.id;
    if (role !== undefined && role !== row.user.role) {
      // Nobody raises their own role; a manager may only move people between the company's roles.
      if (self) throw forbidden("Você não pode alterar o seu próprio perfil de acesso.");
      if (!actsAcrossClients(actor.role) && actsAcrossClients(role)) throw forbidden("Só o administrador pode conceder o perfil ADMIN.");
      if (actsAcrossClients(role) && row.user.companyId !== null) throw unprocessable(ADMIN_HAS_NO_COMPANY, { role: ADMIN_HAS_NO_COMPANY });
      if (actsAcrossClients(row.user.role)) {
        const message = "Um administrador não pertence a nenhum cliente: cadastre um novo usuário no cliente.";
        throw unprocessable(message, { role: message });
      }
    }
    if (active !== undefined && self) throw forbidden("Você não pode desativar o seu próprio usuário.");
    if ((acceptTerms !== undefined || acceptTermsAt !== undefined) && !self) {
      throw forbidden("Só o próprio usuário pode aceitar os termos de uso.");
    }
    if (password !== undefined && !self && !actsAcrossClients(actor.role)) {
      throw forbidden("Só o próprio usuário ou o administrador pode trocar a senha.");
    }
    const emailChanged = fields.email !== undefined && fields.email !== row.user.email;
    const nameChanged = fields.name !== undefined && fields.name !== row.user.name;
    const activeChanged = active !== undefined && active !== row.user.active;

    // The database first (its constraints speak first), then the identity provider; a refusal
    // there rolls the database back, so both always agree.
    const updated = await guardingEmail(app, actor, () =>
      app.db.transaction(async (tx) => {
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
      }),
    );
    if (active === false || password !== undefined) {
      // Every other session of this person ends (ASVS 3.3.3); the one that made its own change stays.
      await app.sessions.revokeAllOf(updated.id, self ? actor.sessionHash : undefined);
    }
    return toApiUser(updated, row.company);
  },
});

const AVATAR_MISSING = "Imagem não encontrada. Envie a imagem pelo link de envio antes de salvá-la.";

const changeAvatar = defineAction({
  method: "PATCH",
  path: "/users/:id/avatar",
  tag: TAG,
  summary: "Troca (ou remove, com null) o avatar de um usuário",
  guard: "signed-in",
  scope: { kind: "tenant" },
  params: idParams,
  body: userAvatarSchema,
  response: { 200: userRowSchema },
  handler: async ({ app, request, user: actor, params, body }) => {
    const row = await loadManageable(app.db, actor, params.id);
    const { storagePath } = body;
    if (storagePath !== null) {
      const info = parseStoragePath(storagePath);
      // Only an avatar this same person uploaded, and only once it has arrived.
      if (!info || info.kind !== "avatar" || info.ownerId !== actor.id || !(await app.storage.files.exists(storagePath))) {
        throw unprocessable(AVATAR_MISSING, { storagePath: AVATAR_MISSING });
      }
    }
    const previous = row.user.avatarPath;
    const updated = await app.db.transaction(async (tx) => {
      const [saved] = await tx.update(users).set({ avatarPath: storagePath, updatedAt: new Date(app.now()) }).where(eq(users.id, row.user.id)).returning();
      if (storagePath !== null) await attachUpload(tx, storagePath, new Date(app.now()));
      if (previous && previous !== storagePath) await forgetUploads(tx, [previous]);
      return saved;
    });
    if (previous && previous !== storagePath) await app.storage.files.remove(previous).catch((error) => request.log.warn(error));
    return toApiUser(updated, row.company);
  },
});

const remove = defineAction({
  method: "DELETE",
  path: "/users/:id",
  tag: TAG,
  summary: "Remove um usuário e a sua identidade",
  guard: "manager-only",
  scope: { kind: "tenant" },
  params: idParams,
  response: { 200: userRowSchema },
  handler: async ({ app, request, user: actor, params }) => {
    const row = await loadManageable(app.db, actor, params.id);
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
});

/** POST /api/auth/send-invite (spec section 7): the set-password invitation of a registered user. */
const sendInvite = defineAction({
  method: "POST",
  path: "/auth/send-invite",
  tag: "autenticação",
  summary: "Cria ou encontra a identidade do usuário e envia o link para definir a senha",
  guard: "manager-only",
  // The tenant headers are checked like anywhere else (a MANAGER naming another company is refused).
  scope: { kind: "tenant" },
  body: sendInviteSchema,
  response: { 200: inviteResultSchema },
  config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
  handler: async ({ app, request, user: actor, body }) => {
    const [user] = await app.db.select().from(users).where(eq(sql`lower(${users.email})`, body.email)).limit(1);
    if (!user || !canManage(actor, user)) throw notFound("Usuário não encontrado. Cadastre a pessoa antes de enviar o convite.");
    return app.db.transaction((tx) => inviteUser(app, tx, user, publicOrigin(request)));
  },
});

/** The area's actions, by name (the action contract test reads them). */
export const userActions = { me, list, show, create, update, changeAvatar, remove, sendInvite };

export default areaPlugin(...Object.values(userActions));
