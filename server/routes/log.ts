import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { eq, sql } from "drizzle-orm";
import { auditLogs, users } from "../db/schema";
import { LOG_ACTIONS } from "../../src/domain/auth";
import { accessLogRowSchema } from "../../src/domain/access-logs";
import { unauthorized } from "../lib/errors";
import { defineResource } from "../resources/define-resource";

/**
 * /api/audit-logs: ADMIN reads every entry (or the chosen client's), MANAGER its company's; newest
 * first; filter by action, e-mail, user and period. Entries are written only by POST /api/log.
 */
export const accessLogResource = defineResource({
  name: "audit-logs",
  tag: "auditoria",
  table: auditLogs,
  scope: { kind: "tenant" },
  access: { read: ["ADMIN", "MANAGER"] },
  row: accessLogRowSchema,
  notFound: "Registro de acesso não encontrado.",
  list: {
    fields: ["id", "action", "email", "userId", "companyId", "createdAt"],
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
      const serialized = userData === undefined || userData === null ? null : JSON.stringify(userData);
      await app.db.insert(auditLogs).values({
        action: user ? action : "LOGIN_FAILED",
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
