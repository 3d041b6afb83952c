import type { FastifyRequest } from "fastify";
import { and, eq, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, syncRuns } from "../db/schema";
import { SYNC_RUN_SOURCES, SYNC_RUN_STATUSES, SYNC_RUN_TRIGGERS, syncRequestSchema, type SyncRun } from "../../src/domain/sync";
import { requireRole, requireUser, resolveCompanyId } from "../auth/guards";
import { sendList, countUpTo } from "../lib/crud";
import { forbidden, notFound } from "../lib/errors";
import type { ListSpec, RawQuery } from "../lib/list-query";
import { failStaleRuns, runsQuery, toSyncRun } from "../sync/runs";
import { defineSyncJobs, requestSync, transferegovClient } from "../sync/transferegov/service";
import { MODULES, type Module } from "../sync/transferegov/tables";
import { cliUser } from "../sync/cli-access";

const runList: ListSpec = {
  idColumn: syncRuns.id,
  fields: {
    id: { column: syncRuns.id, type: "integer" },
    source: { column: syncRuns.source, type: "enum", values: SYNC_RUN_SOURCES },
    companyId: { column: syncRuns.companyId, type: "integer" },
    status: { column: syncRuns.status, type: "enum", values: SYNC_RUN_STATUSES },
    trigger: { column: syncRuns.trigger, type: "enum", values: SYNC_RUN_TRIGGERS },
    createdAt: { column: syncRuns.createdAt, type: "datetime" },
    finishedAt: { column: syncRuns.finishedAt, type: "datetime" },
  },
  defaultSort: [{ field: "createdAt", order: "desc" }],
};

const idParams = z.object({ id: z.coerce.number().int().positive({ message: "Identificador inválido." }).max(2_147_483_647, { message: "Identificador inválido." }) });
const NOT_FOUND = "Execução não encontrada.";

/** How long a freshness answer is reused (the modules refresh once a day). */
const FRESHNESS_TTL_MS = 10 * 60 * 1000;

/**
 * The Transferegov sync and the SICONV import (issue 18): ask for a sync of one company, follow its
 * runs, see the source's freshness. ADMIN syncs any company, a MANAGER only its own; the daily
 * schedule runs every company that keeps it on.
 */
const sync: FastifyPluginAsyncZod = async (app) => {
  defineSyncJobs(app.jobs, app.db, app.config, (message) => app.log.info(message));

  /** Who may see which runs: an ADMIN every run (or the chosen company's), anybody else their company's. */
  async function runScope(request: FastifyRequest): Promise<SQL | undefined> {
    const companyId = await resolveCompanyId(request);
    return companyId === null ? undefined : eq(syncRuns.companyId, companyId);
  }

  app.post(
    "/sync/transferegov",
    {
      schema: { tags: ["sincronização"], summary: "Sincroniza agora um cliente com o Transferegov (202 com o id da execução)", body: syncRequestSchema },
      preHandler: [cliUser, requireRole("ADMIN", "MANAGER")],
    },
    async (request, reply) => {
      const { companyId, company: key } = request.body;
      const [company] = await app.db
        .select({ id: companies.id })
        .from(companies)
        .where(companyId !== undefined ? eq(companies.id, companyId) : or(eq(companies.slug, key!.toLowerCase()), eq(companies.cnpj, key!.replace(/[./-]/g, "").toUpperCase())))
        .limit(1);
      if (!company) throw notFound("Cliente não encontrado.");
      const user = request.user!;
      if (user.role !== "ADMIN" && user.companyId !== company.id) throw forbidden("Você não tem acesso a este cliente.");
      const trigger = user.id === 0 ? "cli" : "manual";
      const { id } = await requestSync(app.db, app.jobs, { companyId: company.id, trigger, requestedBy: user.id || null }, new Date(app.now()));
      return reply.status(202).send({ id });
    },
  );

  const freshness = new Map<Module, { at: number; value: { updatedAt: string | null; error: string | null } }>();
  app.get(
    "/sync/transferegov/freshness",
    { schema: { tags: ["sincronização"], summary: "Quando o Transferegov atualizou cada módulo (data-atualizacao)" }, preHandler: requireUser },
    async () => {
      const client = transferegovClient({ ...app.config, transferegov: { ...app.config.transferegov, timeoutMs: Math.min(app.config.transferegov.timeoutMs, 10_000) } });
      const answer: Record<string, { updatedAt: string | null; error: string | null }> = {};
      for (const module of MODULES) {
        const cached = freshness.get(module);
        if (cached && app.now() - cached.at < FRESHNESS_TTL_MS) {
          answer[module] = cached.value;
          continue;
        }
        try {
          answer[module] = { updatedAt: await client.freshness(module), error: null };
          freshness.set(module, { at: app.now(), value: answer[module] });
        } catch (error) {
          answer[module] = { updatedAt: null, error: error instanceof Error ? error.message : String(error) };
        }
      }
      return answer;
    },
  );

  app.get("/sync-runs", { schema: { tags: ["sincronização"], summary: "Execuções da sincronização e das importações (simple-rest)" }, preHandler: [cliUser, requireUser] }, async (request, reply) => {
    await failStaleRuns(app.db, new Date(app.now()));
    const rows = await sendList(reply, request.query as RawQuery, runList, await runScope(request), {
      rows: (q) => runsQuery(app.db).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
      count: (where) => countUpTo(app.db, syncRuns, where),
    });
    return rows.map(toSyncRun) satisfies SyncRun[];
  });

  app.get(
    "/sync-runs/:id",
    { schema: { tags: ["sincronização"], summary: "Uma execução: situação, contagens, progresso", params: idParams }, preHandler: [cliUser, requireUser] },
    async (request): Promise<SyncRun> => {
      const scope = await runScope(request);
      const where = eq(syncRuns.id, request.params.id);
      const [row] = await runsQuery(app.db)
        .where(scope ? and(scope, where) : where)
        .limit(1);
      if (!row) throw notFound(NOT_FOUND);
      return toSyncRun(row);
    },
  );
};

export default sync;
