import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, users } from "../db/schema";
import { ID_TOKEN_MAX_AGE_SECONDS, sessionEnvelopeSchema } from "../../src/domain/auth";
import { forbidden, unauthorized } from "../lib/errors";
import { publicOrigin, sendSetPasswordLink } from "../auth/accounts";
import { refuseTokenOfRevokedSecond } from "../auth/credentials";
import { forgotPasswordSchema } from "../../src/domain/users";
import { clearSessionCookie, isSecureRequest, setSessionCookie, toSessionUser } from "../auth/session";

const userEnvelope = sessionEnvelopeSchema;

/** The one answer of forgot-password, whether or not the e-mail is registered. */
export const FORGOT_PASSWORD_ANSWER = "Se o e-mail estiver cadastrado, você receberá o link em instantes.";

const auth: FastifyPluginAsyncZod = async (app) => {
  const { cookieName } = app.config.session;

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["autenticação"],
        summary: "Troca um ID token recente do Firebase por um cookie de sessão",
        body: z.object({ firebaseIdToken: z.string().min(1, "Informe o token de identidade.").max(8192) }),
        response: { 200: userEnvelope },
      },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      // checkRevoked: a token issued before a password reset or a disabled account no longer counts.
      const decoded = await app.identity.verifyIdToken(request.body.firebaseIdToken, true).catch(() => {
        throw unauthorized("Não foi possível confirmar sua identidade. Entre novamente.");
      });
      if (app.now() / 1000 - decoded.auth_time > ID_TOKEN_MAX_AGE_SECONDS) {
        throw unauthorized("Seu login expirou. Entre novamente.");
      }
      await refuseTokenOfRevokedSecond(app, decoded);
      const noAccess = () => forbidden("Usuário sem acesso ao sistema. Peça um convite ao administrador.");
      const email = decoded.email?.toLowerCase();
      let [row] = await app.db
        .select({ user: users, company: companies })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.firebaseUid, decoded.uid))
        .limit(1);
      if (!row && email) {
        // An identity not bound yet (first Google sign-in of a registered person, or one whose
        // identity was replaced) binds to the person with that e-mail only when the provider vouches
        // for the e-mail: anybody can create an identity with any address. The invitation binds its
        // identity when it is sent, and its set-password link verifies the e-mail.
        if (decoded.email_verified !== true) throw noAccess();
        [row] = await app.db
          .select({ user: users, company: companies })
          .from(users)
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(eq(sql`lower(${users.email})`, email))
          .limit(1);
        if (row) await app.db.update(users).set({ firebaseUid: decoded.uid }).where(eq(users.id, row.user.id));
      }
      // Whether unknown, unverified or unbound, the answer is the same: it tells nobody who is registered.
      if (!row) throw noAccess();
      if (!row.user.active) throw forbidden("Usuário desativado. Fale com o administrador.");
      const cookie = await app.sessions.create(request.body.firebaseIdToken, row.user, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.user.id));
      setSessionCookie(reply, cookieName, cookie, app.sessions.maxAgeSeconds, isSecureRequest(request));
      return { user: toSessionUser(row.user, row.company) };
    },
  );

  app.post(
    "/auth/forgot-password",
    {
      schema: {
        tags: ["autenticação"],
        summary: "Envia o link para redefinir a senha; a resposta é a mesma para qualquer e-mail",
        body: forgotPasswordSchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }) },
      },
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
    },
    async (request) => {
      const email = request.body.email;
      const origin = publicOrigin(request);
      // Looked up and sent after the answer, so neither its content nor its timing tells whether the
      // e-mail belongs to somebody. Only an active person who already has an identity gets a link
      // (the others need an invitation).
      setImmediate(() => {
        void (async () => {
          const [user] = await app.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(sql`lower(${users.email})`, email), eq(users.active, true), isNotNull(users.firebaseUid)))
            .limit(1);
          if (user) await sendSetPasswordLink(app, email, origin, "redefinição de senha");
        })().catch((error) => app.log.warn({ err: error }, "falha ao enviar o link de redefinição de senha"));
      });
      return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    "/auth/logout",
    { schema: { tags: ["autenticação"], summary: "Encerra e revoga a sessão atual", response: { 200: z.object({ success: z.boolean() }) } } },
    async (request, reply) => {
      if (request.user) await app.sessions.revoke(request.user.sessionHash);
      clearSessionCookie(reply, cookieName);
      return { success: true };
    },
  );
};

export default auth;
