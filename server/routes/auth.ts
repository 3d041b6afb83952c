import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, users } from "../db/schema";
import { ID_TOKEN_MAX_AGE_SECONDS } from "../../src/domain/auth";
import { forbidden, unauthorized } from "../lib/errors";
import { currentUser, requireUser } from "../auth/guards";
import { clearSessionCookie, isSecureRequest, setSessionCookie, toSessionUser } from "../auth/session";

const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  customClaims: z.object({
    id: z.number(),
    role: z.enum(["ADMIN", "MANAGER", "USER"]),
    acceptTerms: z.boolean(),
    companyId: z.number().nullable(),
    companyCNPJ: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
});
const userEnvelope = z.object({ user: sessionUserSchema });

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
      const decoded = await app.identity.verifyIdToken(request.body.firebaseIdToken).catch(() => {
        throw unauthorized("Não foi possível confirmar sua identidade. Entre novamente.");
      });
      if (app.now() / 1000 - decoded.auth_time > ID_TOKEN_MAX_AGE_SECONDS) {
        throw unauthorized("Seu login expirou. Entre novamente.");
      }
      const email = decoded.email?.toLowerCase();
      let [row] = await app.db
        .select({ user: users, company: companies })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.firebaseUid, decoded.uid))
        .limit(1);
      if (!row && email) {
        // First sign-in of an invited or seeded user: bind the identity to the account by e-mail.
        [row] = await app.db
          .select({ user: users, company: companies })
          .from(users)
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(eq(sql`lower(${users.email})`, email))
          .limit(1);
        if (row) {
          // Another identity for the same e-mail (e.g. Google after a password invite) is accepted
          // only when the provider vouches for the e-mail.
          if (row.user.firebaseUid && row.user.firebaseUid !== decoded.uid && !decoded.email_verified) {
            throw forbidden("Este e-mail já está ligado a outra conta. Fale com o administrador.");
          }
          await app.db.update(users).set({ firebaseUid: decoded.uid }).where(eq(users.id, row.user.id));
        }
      }
      if (!row) throw forbidden("Usuário sem acesso ao sistema. Peça um convite ao administrador.");
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

  app.get(
    "/auth/me",
    { schema: { tags: ["autenticação"], summary: "O usuário da sessão", response: { 200: userEnvelope } }, preHandler: requireUser },
    async (request, reply) => {
      const user = currentUser(request);
      reply.header("cache-control", "no-store");
      return { user: toSessionUser(user, user.company) };
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
