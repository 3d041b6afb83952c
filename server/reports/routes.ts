import { reportFileName } from "../../src/domain/labels/reports";
import type { z } from "zod";
import { REPORT_QUERIES, fundraisingAnswer, municipalAmendmentsAnswer, paymentsAnswer, proposalAnswer, transactionsAnswer, type ReportExportFormat, type ReportName } from "../../src/domain/reports";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { defineAction, fileResponse, type Action } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { REPORT_CONTENT_TYPES } from "./documents";
import { reportAnswer, reportFile } from "./answers";

/**
 * GET /api/reports/{fundraising|payments|proposal|transactions|municipal-amendments}: a report of the active company (every
 * company for an ADMIN without a chosen client), its filters validated (a bad one is a pt-BR 422).
 * GET /api/reports/{name}/export?format=csv|xlsx|pdf: the same figures as a file, with the filters
 * written on it.
 */

const ANSWERS: Record<ReportName, z.ZodType> = {
  fundraising: fundraisingAnswer,
  payments: paymentsAnswer,
  proposal: proposalAnswer,
  transactions: transactionsAnswer,
  "municipal-amendments": municipalAmendmentsAnswer,
};
const SUMMARIES: Record<ReportName, string> = {
  fundraising: "Captação: valor captado por ano e tipo, por concedente e por parlamentar; funil de propostas",
  payments: "Pagamentos: por mês e tipo, maiores favorecidos",
  proposal: "Propostas: por situação, programa e concedente, com o tempo em cada situação",
  transactions: "Transferências: por tipo, ano e situação; previsto, empenhado e pago; menor execução perto do fim da vigência",
  "municipal-amendments": "Emendas municipais: por ano, etapa e vereador; indicado, empenhado, pago à conta da emenda e pago a fornecedores",
};

/** A report's two actions: its figures for the screen, and its export as a file. */
function reportActions(name: ReportName): Action[] {
  const screen = defineAction({
    method: "GET",
    path: `/reports/${name}`,
    tag: "relatórios",
    summary: SUMMARIES[name],
    guard: "user-only",
    scope: { kind: "tenant" },
    query: REPORT_QUERIES[name].query as z.ZodType<Record<string, unknown>>,
    // The answer is checked against the response schema on the way out.
    response: { 200: ANSWERS[name] },
    handler: ({ app, companyId, query }) => reportAnswer(app.db, name, companyId, query, "screen", app.now()),
  });
  const file = defineAction({
    method: "GET",
    path: `/reports/${name}/export`,
    tag: "relatórios",
    summary: `${SUMMARIES[name]} (CSV, XLSX ou PDF, com os filtros)`,
    guard: "user-only",
    scope: { kind: "tenant" },
    query: REPORT_QUERIES[name].exportQuery as z.ZodType<Record<string, unknown> & { format: ReportExportFormat }>,
    response: { 200: fileResponse },
    handler: async ({ app, reply, companyId, query }) => {
      const { format, ...filters } = query;
      const now = app.now();
      const body = await reportFile(app.db, name, companyId, filters, format, now);
      return reply
        .header("content-type", REPORT_CONTENT_TYPES[format])
        .header("content-disposition", `attachment; filename="${reportFileName(name, format, todayInSaoPaulo(now))}"`)
        .header("cache-control", "no-store")
        .send(body);
    },
  });
  return [screen, file];
}

export default areaPlugin(...(Object.keys(REPORT_QUERIES) as ReportName[]).flatMap(reportActions));
