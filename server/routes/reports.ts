import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  ENDING_SOON_DAYS,
  PROPOSALS_LISTED,
  REPORT_QUERIES,
  fundraisingAnswer,
  paymentsAnswer,
  proposalAnswer,
  transactionsAnswer,
  type ReportExportFormat,
  type ReportName,
} from "../../src/domain/reports";
import { reportFileName, reportLabels as L } from "../../src/domain/labels/reports";
import { labelOf, transferLabels } from "../../src/domain/labels/transfers";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { requireUser, resolveCompanyId } from "../auth/guards";
import { companies, grantors, programs } from "../db/schema";
import type { Db } from "../db/client";
import { fundraisingReport, paymentsReport, proposalReport, transactionsReport } from "../domain/reports";
import { REPORT_CONTENT_TYPES, renderReport, type ReportDocument } from "../reports/documents";
import { SECTIONS } from "../reports/sections";

/**
 * GET /api/reports/{fundraising|payments|proposal|transactions}: a report of the active company (every
 * company for an ADMIN without a chosen client; request.tenant decides), its filters validated (a bad
 * one is a pt-BR 400). GET /api/reports/{name}/export?format=csv|xlsx|pdf: the same figures as a file,
 * with the filters written on it.
 */

type Scope = { companyId: number | null; companyName: string | null };

async function scopeOf(db: Db, companyId: number | null): Promise<Scope> {
  if (companyId === null) return { companyId, companyName: null };
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return { companyId, companyName: row?.name ?? null };
}

/** Each filter the person chose, named and valued in pt-BR (ids become the names they stand for). */
async function describeFilters(db: Db, name: ReportName, q: Record<string, unknown>): Promise<[string, string][]> {
  const F = L.filters;
  const out: [string, string][] = [];
  const add = (label: string, value: unknown) => value !== undefined && value !== null && value !== "" && out.push([label, String(value)]);
  const month = (v: unknown) => (typeof v === "string" ? `${v.slice(5, 7)}/${v.slice(0, 4)}` : undefined);
  add(F.yearFrom, q.yearFrom);
  add(F.yearTo, q.yearTo);
  if (name === "payments") {
    add(F.from, month(q.from));
    add(F.to, month(q.to));
    add(F.paymentKind, labelOf(transferLabels.paymentKinds)((q.kind as string) ?? null));
    add(F.paymentStatus, labelOf(transferLabels.paymentStatuses)((q.status as string) ?? null));
    add(F.transfer, q.transfer);
  } else add(F.kind, labelOf(L.kinds)((q.kind as string) ?? null));
  if (name === "proposal") {
    add(F.status, labelOf(L.proposalStatuses)((q.status as string) ?? null));
    if (typeof q.grantorId === "number") {
      const [g] = await db.select({ acronym: grantors.acronym, name: grantors.name }).from(grantors).where(eq(grantors.id, q.grantorId));
      add(F.grantorId, g ? `${g.acronym} – ${g.name}` : `#${q.grantorId}`);
    }
    if (typeof q.programId === "number") {
      const [p] = await db.select({ code: programs.code, name: programs.name }).from(programs).where(eq(programs.id, q.programId));
      add(F.programId, p ? `${p.code} – ${p.name}` : `#${q.programId}`);
    }
  }
  if (name === "transactions") {
    const situation = q.situation as string | undefined;
    const names = { ...transferLabels.fundSituations, ...transferLabels.voluntaryStatuses, ...transferLabels.impositionSituations };
    add(F.situation, situation && (names[situation] ?? situation));
    add(F.days, q.days);
  }
  return out;
}

/** What an answer is for: the screen, or an export (which lists more rows). */
type ReportUse = keyof typeof PROPOSALS_LISTED;

const moment = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });

const reports: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The report's figures (without the scope) for a company, or every company (null); an export lists more rows. */
  const figures: { [N in ReportName]: (companyId: number | null, q: never, use: ReportUse) => Promise<object> } = {
    fundraising: (companyId, q) => fundraisingReport(app.db, companyId, q),
    payments: (companyId, q) => paymentsReport(app.db, companyId, q),
    proposal: (companyId, q, use) => proposalReport(app.db, companyId, q, new Date(app.now()), PROPOSALS_LISTED[use]),
    transactions: async (companyId, q: z.infer<typeof REPORT_QUERIES.transactions.query>) => {
      const today = todayInSaoPaulo(app.now());
      return { today, days: q.days ?? ENDING_SOON_DAYS, ...(await transactionsReport(app.db, companyId, q, today)) };
    },
  };
  const answers = { fundraising: fundraisingAnswer, payments: paymentsAnswer, proposal: proposalAnswer, transactions: transactionsAnswer };
  const summaries: Record<ReportName, string> = {
    fundraising: "Captação: valor captado por ano e tipo, por concedente e por parlamentar; funil de propostas",
    payments: "Pagamentos: por mês e tipo, maiores favorecidos",
    proposal: "Propostas: por situação, programa e concedente, com o tempo em cada situação",
    transactions: "Transferências: por tipo, ano e situação; previsto, empenhado e pago; menor execução perto do fim da vigência",
  };

  async function answer(request: FastifyRequest, name: ReportName, q: Record<string, unknown>, use: ReportUse) {
    const companyId = resolveCompanyId(request);
    const [scope, data] = await Promise.all([scopeOf(app.db, companyId), figures[name](companyId, q as never, use)]);
    return { scope, ...data };
  }

  for (const name of Object.keys(REPORT_QUERIES) as ReportName[]) {
    const queries = REPORT_QUERIES[name];
    r.get(
      `/reports/${name}`,
      { schema: { tags: ["relatórios"], summary: summaries[name], querystring: queries.query, response: { 200: answers[name] } }, preHandler: requireUser },
      // The answer is checked against the response schema on the way out.
      async (request) => answer(request, name, request.query as Record<string, unknown>, "screen") as never,
    );
    r.get(
      `/reports/${name}/export`,
      {
        schema: { tags: ["relatórios"], summary: `${summaries[name]} (CSV, XLSX ou PDF, com os filtros)`, querystring: queries.exportQuery },
        preHandler: requireUser,
      },
      async (request, reply) => {
        const { format, ...filters } = request.query as Record<string, unknown> & { format: ReportExportFormat };
        const [data, described] = await Promise.all([answer(request, name, filters, "export"), describeFilters(app.db, name, filters)]);
        const doc: ReportDocument = {
          title: L.titles[name],
          scope: data.scope.companyName ?? L.scope.all,
          filters: described,
          generatedAt: moment.format(new Date(app.now())),
          sections: SECTIONS[name](data as never),
        };
        const body = await renderReport(doc, format);
        const day = todayInSaoPaulo(app.now());
        return reply
          .header("content-type", REPORT_CONTENT_TYPES[format])
          .header("content-disposition", `attachment; filename="${reportFileName(name, format, day)}"`)
          .header("cache-control", "no-store")
          .send(body);
      },
    );
  }
};

export default reports;
