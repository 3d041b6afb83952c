import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import { z } from "zod";
import { and, asc, eq, or } from "drizzle-orm";
import { companies, fundTransferPlans, impositionTransfers, syncRuns, syncSourceFreshness } from "../db/schema";
import { accountTrailSchema } from "../../src/domain/account-trail";
import { accountTrailOf } from "./account-trail";
import { fundAnalysesOf } from "./fund-analyses";
import { SICONV_MAX_FILE_BYTES, SICONV_TABLES, fundPlanAnalysisSchema, siconvTableOf, syncRequestSchema, syncRunRowSchema, type SiconvTable } from "../../src/domain/sync";
import { actsAcrossClients } from "../../src/domain/guards";
import { HttpError, forbidden, notFound, unprocessable } from "../lib/errors";
import { defineResource } from "../resources/define-resource";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import type { Preparable } from "../resources/prepared-list";
import { runsQuery } from "./runs";
import { defineSyncJobs, requestSync } from "./transferegov/service";
import { createTransferegovClient } from "./transferegov/client";
import { MODULES, type Module } from "./transferegov/tables";
import { createImportRunner, requestImport } from "./siconv/service";
import type { JobRunner } from "../jobs";
import type { ImportFile } from "./siconv/import";

/**
 * The sync area (issues 18 and 32): the runs of the Transferegov sync and of the SICONV imports, the
 * requests that start them, the sources' freshness and the money trail of each emenda. Every route
 * is declared here (defineResource / defineAction); server/routes/index.ts only wires this module.
 */

/**
 * /api/sync-runs: the runs of the sync and of the imports, read-only (a run is made by the POSTs
 * below). A company's people see its syncs; an ADMIN sees every run, the SICONV imports included.
 */
export const syncRunsResource = defineResource({
  name: "sync-runs",
  tag: "sincronização",
  table: syncRuns,
  scope: { kind: "tenant" },
  access: { read: "user-only" },
  row: syncRunRowSchema,
  notFound: "Execução não encontrada.",
  list: { fields: ["id", "source", "companyId", "status", "trigger", "createdAt", "finishedAt"], defaultSort: [{ field: "createdAt", order: "desc" }] },
  reader: {
    page: (db, q) => runsQuery(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never) as unknown as Preparable<Record<string, unknown>[]>,
    rows: (db, where) => runsQuery(db).where(where) as unknown as Promise<Record<string, unknown>[]>,
  },
  readConfig: { cliAccess: true },
});

/** How long a freshness answer is reused (the modules refresh once a day). */
const FRESHNESS_TTL_MS = 10 * 60 * 1000;
/** How long an unreachable source is not asked again, and how long one freshness request may wait. */
const FRESHNESS_FAILURE_TTL_MS = 60 * 1000;
const FRESHNESS_TIMEOUT_MS = 5_000;

const runCreated = z.object({ id: z.number().int() });
const moduleFreshness = z.object({ updatedAt: z.string().nullable(), error: z.string().nullable() });

/** POST /api/sync/transferegov: a MANAGER syncs their own municipality; the consultancy any. */
const requestTransferegovSync = defineAction({
  method: "POST",
  path: "/sync/transferegov",
  tag: "sincronização",
  summary: "Sincroniza agora um cliente com o Transferegov (202 com o id da execução)",
  guard: "manager-only",
  scope: { kind: "tenant" },
  body: syncRequestSchema,
  response: { 202: runCreated },
  config: { cliAccess: true },
  handler: async ({ app, reply, user, companyId, body }) => {
    const { companyId: askedId, company: key } = body;
    const [company] = await app.db
      .select({ id: companies.id })
      .from(companies)
      .where(askedId !== undefined ? eq(companies.id, askedId) : or(eq(companies.slug, key!.toLowerCase()), eq(companies.cnpj, key!.replace(/[./-]/g, "").toUpperCase())))
      .limit(1);
    if (!company) throw notFound("Cliente não encontrado.");
    if (!actsAcrossClients(user.role) && companyId !== company.id) throw forbidden("Você não tem acesso a este cliente.");
    const trigger = user.id === 0 ? "cli" : "manual";
    const { id } = await requestSync(app.db, app.jobs, { companyId: company.id, trigger, requestedBy: user.id || null }, new Date(app.now()));
    return reply.status(202).send({ id });
  },
});

/** GET /api/sync/transferegov/freshness: each module's own data-atualizacao, asked quickly and remembered. */
function sourceFreshnessAction(app: FastifyInstance) {
  const cache = new Map<Module, { at: number; value: z.infer<typeof moduleFreshness> }>();
  // One quick try per module, all at once: a screen should not wait on an unreachable source, and
  // a failure is remembered for a minute so every visit does not knock on it again.
  // (a client sends one request at a time: each module gets its own)
  const quickClient = () => createTransferegovClient({ baseUrl: app.config.transferegov.apiUrl, timeoutMs: FRESHNESS_TIMEOUT_MS, maxAttempts: 1 });
  const freshnessOf = async (module: Module) => {
    const cached = cache.get(module);
    const ttl = cached?.value.error ? FRESHNESS_FAILURE_TTL_MS : FRESHNESS_TTL_MS;
    if (cached && app.now() - cached.at < ttl) return cached.value;
    let value: z.infer<typeof moduleFreshness>;
    try {
      value = { updatedAt: await quickClient().freshness(module), error: null };
    } catch (error) {
      value = { updatedAt: null, error: error instanceof Error ? error.message : String(error) };
    }
    cache.set(module, { at: app.now(), value });
    return value;
  };
  return defineAction({
    method: "GET",
    path: "/sync/transferegov/freshness",
    tag: "sincronização",
    summary: "Quando o Transferegov atualizou cada módulo (data-atualizacao)",
    guard: "user-only",
    scope: { kind: "shared" },
    response: { 200: z.record(z.string(), moduleFreshness) },
    handler: async () => Object.fromEntries(await Promise.all(MODULES.map(async (module) => [module, await freshnessOf(module)] as const))),
  });
}

const clientFreshness = z.array(
  z.object({
    source: z.string(),
    sourceUpdatedAt: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    rowsRead: z.number().int(),
    rowsSkipped: z.number().int(),
    lastFailureAt: z.string().nullable(),
    lastFailure: z.string().nullable(),
  }),
);

/**
 * GET /api/sync/freshness: per source, for one client, when the source last changed, when the
 * product last read it (rows read and skipped) and the last failure in words. A company's people
 * see their own; the consultancy names the client (`companyId`, or the chosen one).
 */
const freshnessOfClient = defineAction({
  method: "GET",
  path: "/sync/freshness",
  tag: "sincronização",
  summary: "Atualização de cada fonte para um cliente: data da fonte, última leitura, linhas lidas e a última falha",
  guard: "user-only",
  scope: { kind: "tenant" },
  query: z.object({ companyId: z.coerce.number({ message: "Cliente inválido." }).int("Cliente inválido.").positive("Cliente inválido.").max(2_147_483_647, "Cliente inválido.").optional() }).strict(),
  response: { 200: clientFreshness },
  handler: async ({ app, companyId, query }) => {
    if (companyId !== null && query.companyId !== undefined && query.companyId !== companyId) throw notFound("Cliente não encontrado.");
    const target = companyId ?? query.companyId;
    if (target === undefined) throw unprocessable("Selecione um cliente antes de continuar.");
    const rows = await app.db.select().from(syncSourceFreshness).where(and(eq(syncSourceFreshness.companyId, target))).orderBy(asc(syncSourceFreshness.source));
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return rows.map((row) => ({
      source: row.source,
      sourceUpdatedAt: row.sourceUpdatedAt,
      lastSuccessAt: iso(row.lastSuccessAt),
      rowsRead: row.rowsRead,
      rowsSkipped: row.rowsSkipped,
      lastFailureAt: iso(row.lastFailureAt),
      lastFailure: row.lastFailure,
    }));
  },
});

const transferParams = z.object({ id: z.coerce.number().int().positive({ message: "Transferência não encontrada." }).max(2_147_483_647, "Transferência não encontrada.") });

/** GET /api/imposition-transfers/{id}/account-trail: the emenda's specific account, as the sync read it. */
const accountTrail = defineAction({
  method: "GET",
  path: "/imposition-transfers/:id/account-trail",
  tag: "sincronização",
  summary: "Movimentação da conta específica da emenda: recebido, pago por fornecedor, saldo, rendimentos, devoluções e o que não se explica",
  guard: "user-only",
  scope: { kind: "child", parent: impositionTransfers, notFound: "Transferência não encontrada." },
  params: transferParams,
  response: { 200: accountTrailSchema },
  handler: async ({ app, parent }) => accountTrailOf(app.db, parent),
});

/** GET /api/fund-to-fund-transfers/{id}/analyses: what the federal analyses said of the plan and of its management reports. */
const fundAnalyses = defineAction({
  method: "GET",
  path: "/fund-to-fund-transfers/:id/analyses",
  tag: "sincronização",
  summary: "Análises do plano fundo a fundo e dos seus relatórios de gestão publicadas pelo Transferegov: data, tipo, resultado e parecer",
  guard: "user-only",
  scope: { kind: "child", parent: fundTransferPlans, notFound: "Plano fundo a fundo não encontrado." },
  params: z.object({ id: z.coerce.number().int().positive({ message: "Plano fundo a fundo não encontrado." }).max(2_147_483_647, "Plano fundo a fundo não encontrado.") }),
  response: { 200: z.array(fundPlanAnalysisSchema) },
  handler: async ({ app, parent }) => fundAnalysesOf(app.db, parent),
});

const UNKNOWN_FILE =
  "Envie os arquivos siconv_proposta, siconv_emenda, siconv_convenio, siconv_empenho, siconv_desembolso ou siconv_pagamento (.zip ou .csv) baixados do Transferegov.";

/** POST /api/imports/siconv: the consultancy uploads the SICONV dump files (every municipality at once). */
function siconvImportAction(imports: JobRunner) {
  return defineAction({
    method: "POST",
    path: "/imports/siconv",
    tag: "sincronização",
    summary: "Importa os arquivos siconv_*.zip (multipart, campo file repetido); 202 com o id da execução",
    guard: "admin-only",
    scope: { kind: "shared" },
    response: { 202: runCreated },
    config: { cliAccess: true },
    handler: async ({ app, request, reply, user }) => {
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
            throw unprocessable(part.fieldname === "file" ? `Arquivo não reconhecido: ${part.filename}. ${UNKNOWN_FILE}` : "Envie os arquivos no campo file.", { file: "Arquivo não reconhecido." });
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
      const id = await requestImport(app.db, imports, { dir, files, trigger: user.id === 0 ? "cli" : "manual", requestedBy: user.id || null });
      return reply.status(202).send({ id });
    },
  });
}

/**
 * The area, wired: the sync's jobs and the import runner belong to the server instance, so the
 * actions that use them are made here; multipart parsing is registered for the import only.
 */
const syncArea: FastifyPluginAsync = async (app) => {
  defineSyncJobs(app.jobs, app.db, app.config, (message) => app.log.info(message));
  const imports = createImportRunner(app.db, (message) => app.log.warn(message));
  app.addHook("onClose", async () => imports.stop());
  await app.register(fastifyMultipart, { limits: { fileSize: SICONV_MAX_FILE_BYTES, files: SICONV_TABLES.length, fields: 0, parts: SICONV_TABLES.length } });
  await areaPlugin(syncRunsResource, requestTransferegovSync, sourceFreshnessAction(app), siconvImportAction(imports), accountTrail, fundAnalyses, freshnessOfClient)(app, {});
};

export default syncArea;
