import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { auditLogs, users } from "../db/schema";
import { LOG_ACTIONS } from "../../src/domain/auth";
import { accessLogRowSchema } from "../../src/domain/access-logs";
import { HttpError, unauthorized } from "../lib/errors";
import { defineResource } from "../resources/define-resource";

/**
 * /api/audit-logs: ADMIN reads every entry (or the chosen client's), MANAGER its company's; newest
 * first; filter by action, source (SESSION or ANONYMOUS), e-mail, user and period. Entries are written only by POST /api/log.
 */
export const accessLogResource = defineResource({
  name: "audit-logs",
  tag: "auditoria",
  table: auditLogs,
  scope: { kind: "tenant" },
  access: { read: "manager-only" },
  row: accessLogRowSchema,
  notFound: "Registro de acesso não encontrado.",
  list: {
    fields: ["id", "action", "source", "email", "userId", "companyId", "createdAt"],
    search: [auditLogs.email, auditLogs.comment],
    defaultSort: [{ field: "createdAt", order: "desc" }],
  },
});

const logBody = z.object({
  action: z.enum(LOG_ACTIONS, { message: "Ação inválida: use LOGIN ou LOGOUT." }),
  comment: z.string().max(2000).nullish(),
  userData: z.unknown().optional(),
});

/** How much of the client's userData an entry keeps as JSON: characters, and levels of nesting. */
const USER_DATA_MAX = 4000;
const USER_DATA_DEPTH = 16;

/** How deep a JSON value nests (stops counting past the limit). */
function nestingOf(value: unknown, depth = 0): number {
  if (depth > USER_DATA_DEPTH || value === null || typeof value !== "object") return depth;
  let deepest = depth + 1;
  for (const item of Object.values(value)) deepest = Math.max(deepest, nestingOf(item, depth + 1));
  return deepest;
}

function emailIn(comment: string | null | undefined): string | null {
  return comment?.match(/[^\s:,;"'<>()]+@[^\s:,;"'<>()]+\.[^\s:,;"'<>()]+/)?.[0]?.toLowerCase() ?? null;
}

/** Anonymous reports one address may leave: per minute (in memory) and per hour (counted in the table, across instances). */
export const ANONYMOUS_LOGS_PER_MINUTE = 20;
export const ANONYMOUS_LOGS_PER_HOUR = 60;
const TOO_MANY_REPORTS = "Muitas tentativas. Aguarde um minuto e tente novamente.";

/** Signed-in callers are limited per person, anonymous ones per address (the socket's, or TRUST_PROXY's client). */
const logRateKey = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`);

const log: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/log",
    {
      schema: { tags: ["auditoria"], summary: "Registra LOGIN, LOGOUT e tentativas de login que falharam", body: logBody },
      config: {
        rateLimit: {
          keyGenerator: logRateKey,
          max: (request: FastifyRequest) => (request.user ? 60 : ANONYMOUS_LOGS_PER_MINUTE),
          timeWindow: "1 minute",
        },
      },
    },
    async (request, reply) => {
      const { action, comment, userData } = request.body;
      const user = request.user;
      // Without a session only a failed login can be recorded (the form's own report).
      if (!user && action !== "LOGIN") throw unauthorized();
      if (!user) {
        const since = new Date(app.now() - 60 * 60 * 1000);
        const recent = await app.db.$count(
          auditLogs,
          and(eq(auditLogs.source, "ANONYMOUS"), eq(auditLogs.ip, request.ip), gt(auditLogs.createdAt, since)),
        );
        if (recent >= ANONYMOUS_LOGS_PER_HOUR) throw new HttpError(429, TOO_MANY_REPORTS);
      }
      const email = user?.email ?? emailIn(comment);
      // A failed login is shown to the manager of the company whose user it names.
      const [named] = !user && email ? await app.db.select({ companyId: users.companyId }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1) : [];
      const serialized = userData === undefined || userData === null ? null : JSON.stringify(userData);
      await app.db.insert(auditLogs).values({
        action: user ? action : "LOGIN_FAILED",
        // What a session recorded is the server's word; an anonymous report is only the caller's claim.
        source: user ? "SESSION" : "ANONYMOUS",
        comment: comment ?? null,
        userId: user?.id ?? null,
        companyId: user?.companyId ?? named?.companyId ?? null,
        email,
        // What the client sends is kept whole when small; a larger value keeps only its beginning, as text.
        userData: serialized === null ? null : serialized.length <= USER_DATA_MAX && nestingOf(userData) <= USER_DATA_DEPTH ? userData : { truncated: true, preview: serialized.slice(0, USER_DATA_MAX) },
        ip: request.ip,
        userAgent: request.headers["user-agent"]?.slice(0, 300),
      });
      return reply.status(201).send({ success: true });
    },
  );

  await accessLogResource.plugin(app, {});
};

export default log;
