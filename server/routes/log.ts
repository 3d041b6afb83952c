import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { desc } from "drizzle-orm";
import { auditLogs } from "../db/schema";
import { LOG_ACTIONS } from "../../src/domain/auth";
import { unauthorized } from "../lib/errors";
import { requireAdmin } from "../auth/guards";

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
      const serialized = userData === undefined || userData === null ? null : JSON.stringify(userData).slice(0, 4000);
      await app.db.insert(auditLogs).values({
        action: user ? action : "LOGIN_FAILED",
        comment: comment ?? null,
        userId: user?.id ?? null,
        companyId: user?.companyId ?? null,
        email: user?.email ?? emailIn(comment),
        userData: serialized === null ? null : JSON.parse(serialized),
        ip: request.ip,
        userAgent: request.headers["user-agent"]?.slice(0, 300),
      });
      return reply.status(201).send({ success: true });
    },
  );

  app.get(
    "/log",
    { schema: { tags: ["auditoria"], summary: "Últimos registros de acesso (ADMIN)" }, preHandler: requireAdmin },
    async () => app.db.select().from(auditLogs).orderBy(desc(auditLogs.createdAt)).limit(200),
  );
};

export default log;
