import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { and, eq, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companies, syncRuns } from "../db/schema";
import { SICONV_MAX_FILE_BYTES, SICONV_TABLES, SYNC_RUN_SOURCES, SYNC_RUN_STATUSES, SYNC_RUN_TRIGGERS, siconvTableOf, syncRequestSchema, type SiconvTable, type SyncRun } from "../../src/domain/sync";
import { requireRole, requireUser, resolveCompanyId } from "../auth/guards";
import { sendList, countUpTo } from "../resources/paging";
import { HttpError, forbidden, notFound, unprocessable } from "../lib/errors";
import type { ListSpec, RawQuery } from "../resources/list-query";
import { failStaleRuns, runsQuery, toSyncRun } from "../sync/runs";
import { defineSyncJobs, requestSync, transferegovClient } from "../sync/transferegov/service";
import { MODULES, type Module } from "../sync/transferegov/tables";
import { createImportRunner, requestImport } from "../sync/siconv/service";
import type { ImportFile } from "../sync/siconv/import";

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
  const imports = createImportRunner(app.db, (message) => app.log.warn(message));
  app.addHook("onClose", async () => imports.stop());
  await app.register(fastifyMultipart, { limits: { fileSize: SICONV_MAX_FILE_BYTES, files: SICONV_TABLES.length, fields: 0, parts: SICONV_TABLES.length } });

  /** Who may see which runs: an ADMIN every run (or the chosen company's), anybody else their company's. */
  async function runScope(request: FastifyRequest): Promise<SQL | undefined> {
    const companyId = await resolveCompanyId(request);
    return companyId === null ? undefined : eq(syncRuns.companyId, companyId);
  }

  app.post(
    "/sync/transferegov",
    {
      schema: { tags: ["sincronização"], summary: "Sincroniza agora um cliente com o Transferegov (202 com o id da execução)", body: syncRequestSchema },
      config: { cliAccess: true }, preHandler: [requireRole("ADMIN", "MANAGER")],
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

  app.post(
    "/imports/siconv",
    {
      schema: { tags: ["sincronização"], summary: "Importa os arquivos siconv_*.zip (multipart, campo file repetido); 202 com o id da execução", consumes: ["multipart/form-data"] },
      config: { cliAccess: true }, preHandler: [requireRole("ADMIN")],
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, "Envie os arquivos como multipart/form-data, no campo file.");
      const dir = path.join(app.config.importsDir, randomUUID());
      mkdirSync(dir, { recursive: true });
      const files: ImportFile[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") continue;
          const table: SiconvTable | null = part.fieldname === "file" ? siconvTableOf(part.filename) : null;
          if (!table) {
            part.file.resume();
            throw unprocessable(
              part.fieldname === "file"
                ? `Arquivo não reconhecido: ${part.filename}. Envie os arquivos siconv_proposta, siconv_emenda, siconv_convenio, siconv_empenho, siconv_desembolso ou siconv_pagamento (.zip ou .csv) baixados do Transferegov.`
                : "Envie os arquivos no campo file.",
              { file: "Arquivo não reconhecido." },
            );
          }
          if (files.some((f) => f.table === table)) {
            part.file.resume();
            throw unprocessable(`O arquivo siconv_${table} foi enviado duas vezes.`, { file: "Arquivo repetido." });
          }
          const target = path.join(dir, `siconv_${table}${part.filename.toLowerCase().endsWith(".zip") ? ".zip" : ".csv"}`);
          await pipeline(part.file, createWriteStream(target));
          if (part.file.truncated) throw new HttpError(413, `O arquivo ${part.filename} passa do tamanho máximo aceito.`);
          files.push({ path: target, name: part.filename, table, bytes: statSync(target).size });
        }
      } catch (error) {
        rmSync(dir, { recursive: true, force: true });
        const code = (error as { code?: string }).code;
        if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") throw unprocessable(`Envie no máximo ${SICONV_TABLES.length} arquivos, um de cada tabela.`);
        if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "Um dos arquivos passa do tamanho máximo aceito.");
        if (code === "FST_FIELDS_LIMIT") throw unprocessable("Envie só os arquivos, no campo file.");
        throw error;
      }
      if (!files.length) {
        rmSync(dir, { recursive: true, force: true });
        throw unprocessable("Envie pelo menos um arquivo siconv_*.zip.", { file: "Escolha os arquivos." });
      }
      const user = request.user!;
      const id = await requestImport(app.db, imports, { dir, files, trigger: user.id === 0 ? "cli" : "manual", requestedBy: user.id || null });
      return reply.status(202).send({ id });
    },
  );

  app.get("/sync-runs", { schema: { tags: ["sincronização"], summary: "Execuções da sincronização e das importações (simple-rest)" }, config: { cliAccess: true }, preHandler: [requireUser] }, async (request, reply) => {
    await failStaleRuns(app.db, new Date(app.now()));
    const rows = await sendList(reply, request.query as RawQuery, runList, await runScope(request), {
      rows: (q) => runsQuery(app.db).where(q.where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset),
      count: (where) => countUpTo(app.db, syncRuns, where),
    });
    return rows.map(toSyncRun) satisfies SyncRun[];
  });

  app.get(
    "/sync-runs/:id",
    { schema: { tags: ["sincronização"], summary: "Uma execução: situação, contagens, progresso", params: idParams }, config: { cliAccess: true }, preHandler: [requireUser] },
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
