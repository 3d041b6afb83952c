import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATABASE_UNAVAILABLE } from "../lib/errors";

/** A readiness probe that takes longer than this counts as a failure: a load balancer must not wait on it. */
const READY_TIMEOUT_MS = 2000;
export const DRAINING = "Este servidor está sendo desligado. Tente novamente em instantes.";

/** Settles with `fallback` when `work` takes longer than `ms` (the probe answers, whatever hangs). */
function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `/health` answers whether the database answers (liveness for a single process). `/health/ready` is for a
 * load balancer: it fails (503) while this instance is stopping or cannot reach what it needs to serve a
 * request (the database; the bucket when one is configured), so the balancer sends traffic elsewhere.
 */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { schema: { tags: ["sistema"], summary: "Responde quando o banco de dados responde", response: { 200: z.object({ status: z.literal("ok") }) } } },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: "ok" as const };
    },
  );

  app.get(
    "/health/ready",
    {
      schema: {
        tags: ["sistema"],
        summary: "Prontidão para o balanceador: 503 enquanto o servidor se desliga ou não alcança o banco (ou o bucket)",
        response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ message: z.string() }) },
      },
    },
    async (_request, reply) => {
      const problem = await readinessProblem();
      if (!problem) return { status: "ok" as const };
      return reply.status(503).header("retry-after", "5").send({ message: problem });
    },
  );

  /** The first reason this instance should get no traffic, or null when it can serve. */
  async function readinessProblem(): Promise<string | null> {
    if (app.draining) return DRAINING;
    const databaseUp = await within(
      app.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      READY_TIMEOUT_MS,
      false,
    );
    if (!databaseUp) return DATABASE_UNAVAILABLE;
    const storageProblem = await within(app.storage.files.ready?.() ?? Promise.resolve(null), READY_TIMEOUT_MS, "O armazenamento de arquivos não respondeu a tempo.");
    return storageProblem;
  }
};

export default health;
