import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { users } from "../db/schema";
import { sendInviteSchema } from "../../src/domain/users";
import { notFound } from "../lib/errors";
import { currentUser, requireRole, resolveCompanyId } from "../auth/guards";
import { canManage, inviteUser, publicOrigin } from "../auth/accounts";

/** POST /api/auth/send-invite (spec section 7): the set-password invitation of a registered user. */
const invites: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/send-invite",
    {
      schema: {
        tags: ["autenticação"],
        summary: "Cria ou encontra a identidade do usuário e envia o link para definir a senha",
        body: sendInviteSchema,
      },
      preHandler: requireRole("ADMIN", "MANAGER"),
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request) => {
      const actor = currentUser(request);
      // The tenant headers are checked like anywhere else (a MANAGER naming another company is refused).
      await resolveCompanyId(request);
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, request.body.email))
        .limit(1);
      if (!user || !canManage(actor, user)) throw notFound("Usuário não encontrado. Cadastre a pessoa antes de enviar o convite.");
      return app.db.transaction((tx) => inviteUser(app, tx, user, publicOrigin(request)));
    },
  );
};

export default invites;
