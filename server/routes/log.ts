import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { auditLogs, users } from "../db/schema";
import { LOG_ACTIONS } from "../../src/domain/auth";
import { HttpError, unauthorized } from "../lib/errors";
import { requireRole, resolveCompanyId } from "../auth/guards";
import { sendList } from "../lib/crud";
import type { ListSpec, RawQuery } from "../lib/list-query";

/** Access log list: newest first; filter by action, e-mail, user, company and period. */
const auditLogList: ListSpec = {
  idColumn: auditLogs.id,
  fields: {
    id: { column: auditLogs.id, type: "integer" },
    action: { column: auditLogs.action, type: "enum", values: ["LOGIN", "LOGOUT", "LOGIN_FAILED"] },
    source: { column: auditLogs.source, type: "enum", values: ["SESSION", "ANONYMOUS"] },
    email: { column: auditLogs.email, type: "string" },
    userId: { column: auditLogs.userId, type: "integer" },
    companyId: { column: auditLogs.companyId, type: "integer" },
    createdAt: { column: auditLogs.createdAt, type: "datetime" },
  },
  search: [auditLogs.email, auditLogs.comment],
  defaultSort: [{ field: "createdAt", order: "desc" }],
};

const logBody = z.object({
  action: z.enum(LOG_ACTIONS, { message: "Ação inválida: use LOGIN ou LOGOUT." }),
  comment: z.string().max(2000).nullish(),
  userData: z.unknown().optional(),
});

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
      const serialized = userData === undefined || userData === null ? null : JSON.stringify(userData).slice(0, 4000);
      await app.db.insert(auditLogs).values({
        action: user ? action : "LOGIN_FAILED",
        // What a session recorded is the server's word; an anonymous report is only the caller's claim.
        source: user ? "SESSION" : "ANONYMOUS",
        comment: comment ?? null,
        userId: user?.id ?? null,
        companyId: user?.companyId ?? named?.companyId ?? null,
        email,
        userData: serialized === null ? null : JSON.parse(serialized),
        ip: request.ip,
        userAgent: request.headers["user-agent"]?.slice(0, 300),
      });
      return reply.status(201).send({ success: true });
    },
  );

  app.get(
    "/audit-logs",
    {
      schema: { tags: ["auditoria"], summary: "Registros de acesso: ADMIN vê todos (ou do cliente escolhido), MANAGER os do seu cliente" },
      preHandler: requireRole("ADMIN", "MANAGER"),
    },
    async (request, reply) => {
      const companyId = await resolveCompanyId(request);
      const scope = companyId === null ? undefined : eq(auditLogs.companyId, companyId);
      return sendList(reply, request.query as RawQuery, auditLogList, scope, {
        rows: (q) => app.db.select().from(auditLogs).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
        count: (where) => app.db.$count(auditLogs, where),
      });
    },
  );
};

export default log;
