import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq, sql } from "drizzle-orm";
import { auditLogs, users } from "../db/schema";
import { LOG_ACTIONS } from "../../src/domain/auth";
import { unauthorized } from "../lib/errors";
import { requireRole, resolveCompanyId } from "../auth/guards";
import { sendList } from "../lib/crud";
import type { ListSpec, RawQuery } from "../lib/list-query";

/** Access log list: newest first; filter by action, e-mail, user, company and period. */
const auditLogList: ListSpec = {
  idColumn: auditLogs.id,
  fields: {
    id: { column: auditLogs.id, type: "integer" },
    action: { column: auditLogs.action, type: "enum", values: ["LOGIN", "LOGOUT", "LOGIN_FAILED"] },
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

const log: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/log",
    {
      schema: { tags: ["auditoria"], summary: "Registra LOGIN, LOGOUT e tentativas de login que falharam", body: logBody },
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { action, comment, userData } = request.body;
      const user = request.user;
      // Without a session only a failed login can be recorded (the form's own report).
      if (!user && action !== "LOGIN") throw unauthorized();
      const email = user?.email ?? emailIn(comment);
      // A failed login is shown to the manager of the company whose user it names.
      const [named] = !user && email ? await app.db.select({ companyId: users.companyId }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1) : [];
      const serialized = userData === undefined || userData === null ? null : JSON.stringify(userData).slice(0, 4000);
      await app.db.insert(auditLogs).values({
        action: user ? action : "LOGIN_FAILED",
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
