import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, users, type UserRow } from "../db/schema";
import { userUpdateSchema } from "../../src/domain/users";
import { forbidden, notFound } from "../lib/errors";
import { currentUser, requireUser } from "../auth/guards";
import type { AuthUser } from "../auth/session";
import { avatarUrl } from "../auth/session";

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }) });

export function toApiUser(row: UserRow, company?: { name: string; cnpj: string } | null) {
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
    lastLoginAt: row.lastLoginAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Who may see or change `target`: oneself, an ADMIN, or a MANAGER of the same company. */
function canManage(actor: AuthUser, target: UserRow): boolean {
  if (actor.id === target.id || actor.role === "ADMIN") return true;
  return actor.role === "MANAGER" && target.companyId === actor.companyId && target.role !== "ADMIN";
}

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  async function loadVisible(actor: AuthUser, id: number) {
    const [row] = await app.db
      .select({ user: users, company: companies })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, id))
      .limit(1);
    // A user one may not manage is reported missing, never as existing elsewhere.
    if (!row || !canManage(actor, row.user)) throw notFound("Usuário não encontrado.");
    return row;
  }

  app.get(
    "/users/:id",
    { schema: { tags: ["usuários"], summary: "Um usuário", params: idParams }, preHandler: requireUser },
    async (request) => {
      const row = await loadVisible(currentUser(request), request.params.id);
      return toApiUser(row.user, row.company);
    },
  );

  app.patch(
    "/users/:id",
    { schema: { tags: ["usuários"], summary: "Altera um usuário", params: idParams, body: userUpdateSchema }, preHandler: requireUser },
    async (request) => {
      const actor = currentUser(request);
      const row = await loadVisible(actor, request.params.id);
      const { password, rePassword: _rePassword, role, active, acceptTerms, acceptTermsAt, ...fields } = request.body;
      const self = actor.id === row.user.id;
      if (role !== undefined && role !== row.user.role) {
        // Nobody raises their own role; a MANAGER may only move people between USER and MANAGER.
        if (self) throw forbidden("Você não pode alterar o seu próprio perfil de acesso.");
        if (actor.role !== "ADMIN" && role === "ADMIN") throw forbidden("Só o administrador pode conceder o perfil ADMIN.");
      }
      if (active !== undefined && self) throw forbidden("Você não pode desativar o seu próprio usuário.");
      if ((acceptTerms !== undefined || acceptTermsAt !== undefined) && !self) {
        throw forbidden("Só o próprio usuário pode aceitar os termos de uso.");
      }
      if (password !== undefined && !self && actor.role !== "ADMIN") {
        throw forbidden("Só o próprio usuário ou o administrador pode trocar a senha.");
      }
      const uid = row.user.firebaseUid;
      if (uid && (password !== undefined || (fields.email && fields.email !== row.user.email) || fields.name)) {
        await app.identity.auth.updateUser(uid, {
          ...(password !== undefined ? { password } : {}),
          ...(fields.email ? { email: fields.email } : {}),
          ...(fields.name ? { displayName: fields.name } : {}),
        });
      }
      const [updated] = await app.db
        .update(users)
        .set({
          ...fields,
          ...(role !== undefined ? { role } : {}),
          ...(active !== undefined ? { active } : {}),
          ...(acceptTerms !== undefined ? { acceptTerms, acceptTermsAt: acceptTerms ? (acceptTermsAt ?? new Date()) : null } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, row.user.id)))
        .returning();
      if (active === false || password !== undefined) {
        // Other sessions of this user end; the current one stays when it is the user's own change.
        if (!self) await app.sessions.revokeAllOf(updated.id);
      }
      return toApiUser(updated, row.company);
    },
  );
};

export default usersRoutes;
