import type { FastifyPluginAsync } from "fastify";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { clientReportDataSchema, clientReportRowSchema, generateClientReportSchema, reportMonth, type ClientReportListRow } from "../../src/domain/client-reports";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { clientReports, companies, type ClientReportRow } from "../db/schema";
import { notFound, unprocessable } from "../lib/errors";
import { areaPlugin, fileResponse } from "../resources/declared";
import { defineAction } from "../resources/define-action";
import { idParams } from "../resources/params";
import { clientReportPdf } from "./document";
import { defineClientReportsJob, reportDeps } from "./job";
import { generateClientReport, reportFileName } from "./service";

/**
 * The monthly client report (issue 33 item 4), /admin/client-reports:
 * - GET /api/client-reports: the archive, newest first (an ADMIN over every client or the chosen one; a
 *   MANAGER its own municipality's reports, the ones e-mailed to it);
 * - GET /api/client-reports/{id}: one report's figures (its JSON twin);
 * - GET /api/client-reports/{id}/pdf: its PDF (rendered again from the figures when the stored file is missing);
 * - POST /api/client-reports: "Gerar agora" (ADMIN): generates, archives and e-mails one client's report now;
 * - the job `client-reports-monthly`: the first business day of each month, every client's report of the month before.
 */

const NOT_FOUND = "Relatório não encontrado.";
const LISTED = 500;

const listQuery = z
  .object({
    companyId: z.coerce.number({ message: "Cliente inválido." }).int("Cliente inválido.").positive("Cliente inválido.").max(2_147_483_647, "Cliente inválido.").optional(),
    month: reportMonth.optional(),
  })
  .strict();

const listRow = (row: ClientReportRow & { companyName: string }): ClientReportListRow => ({
  id: row.id,
  companyId: row.companyId,
  companyName: row.companyName,
  month: row.month,
  trigger: row.trigger,
  mailStatus: row.mailStatus,
  recipients: row.recipients,
  mailError: row.mailError,
  generatedAt: row.generatedAt.toISOString(),
});

const list = defineAction({
  method: "GET",
  path: "/client-reports",
  tag: "relatório mensal",
  summary: "Relatórios mensais arquivados (cliente, mês, gerado em, enviado para), do mais novo ao mais antigo",
  guard: "manager-only",
  scope: { kind: "tenant" },
  query: listQuery,
  response: { 200: z.array(clientReportRowSchema) },
  handler: async ({ app, companyId, query }) => {
    const where: SQL[] = [];
    // The tenant decides first: a chosen client (or a MANAGER's own) cannot be widened by the filter.
    if (companyId !== null) where.push(eq(clientReports.companyId, companyId));
    else if (query.companyId !== undefined) where.push(eq(clientReports.companyId, query.companyId));
    if (query.month) where.push(eq(clientReports.month, query.month));
    const rows = await app.db
      .select({ report: clientReports, companyName: companies.name })
      .from(clientReports)
      .innerJoin(companies, eq(companies.id, clientReports.companyId))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(clientReports.generatedAt), desc(clientReports.id))
      .limit(LISTED);
    return rows.map((r) => listRow({ ...r.report, companyName: r.companyName }));
  },
});

const reportParams = idParams(NOT_FOUND);
const childScope = { kind: "child" as const, parent: clientReports, notFound: NOT_FOUND };

const show = defineAction({
  method: "GET",
  path: "/client-reports/:id",
  tag: "relatório mensal",
  summary: "Os números de um relatório mensal (o mesmo conteúdo do PDF)",
  guard: "manager-only",
  scope: childScope,
  params: reportParams,
  response: { 200: z.object({ report: clientReportRowSchema, data: clientReportDataSchema }) },
  handler: async ({ app, parent }) => {
    const row = parent as unknown as ClientReportRow;
    const [company] = await app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, row.companyId));
    return { report: listRow({ ...row, companyName: company?.name ?? row.data.company.name }), data: row.data };
  },
});

const download = defineAction({
  method: "GET",
  path: "/client-reports/:id/pdf",
  tag: "relatório mensal",
  summary: "O PDF de um relatório mensal",
  guard: "manager-only",
  scope: childScope,
  params: reportParams,
  response: { 200: fileResponse },
  handler: async ({ app, reply, parent }) => {
    const row = parent as unknown as ClientReportRow;
    const files = app.storage.files;
    let stored = await files.open(row.storagePath);
    if (!stored) {
      // The demo's reports (and a file store restored without its files) are drawn again from their figures.
      await files.create(row.storagePath, await clientReportPdf(row.data));
      stored = await files.open(row.storagePath);
      if (!stored) throw notFound("O arquivo do relatório não está disponível.");
    }
    return reply
      .header("content-type", "application/pdf")
      .header("content-length", stored.size)
      .header("content-disposition", `attachment; filename="${reportFileName(row.data)}"`)
      .header("cache-control", "no-store")
      .send(stored.stream);
  },
});

const generate = defineAction({
  method: "POST",
  path: "/client-reports",
  tag: "relatório mensal",
  summary: "Gerar agora: gera, arquiva e envia aos gestores o relatório de um cliente e mês (padrão: o mês anterior)",
  guard: "admin-only",
  scope: { kind: "tenant" },
  body: generateClientReportSchema,
  response: { 201: clientReportRowSchema },
  config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
  handler: async ({ app, reply, user, body }) => {
    const today = todayInSaoPaulo(app.now());
    if (body.month && body.month > today.slice(0, 7)) {
      const message = "O mês do relatório não pode ser futuro.";
      throw unprocessable(message, { month: message });
    }
    const row = await generateClientReport(reportDeps(app), { companyId: body.companyId, month: body.month, trigger: "MANUAL", requestedBy: user.id });
    if (!row) throw notFound("Cliente não encontrado.");
    return reply.status(201).send(listRow({ ...row, companyName: row.data.company.name }));
  },
});

const area = areaPlugin(list, show, download, generate);

const clientReportsArea: FastifyPluginAsync = async (app, options) => {
  defineClientReportsJob(app);
  await area(app, options);
};

export default clientReportsArea;
