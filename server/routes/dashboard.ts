import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sharedResult } from "../lib/shared-result";
import { requireUser, resolveCompanyId } from "../auth/guards";
import { eq } from "drizzle-orm";
import { activeCounts, latestPayments, totalsByKindAndYear, upcomingDeadlines } from "../domain/transfers";
import { companies } from "../db/schema";
import { parametrizationOf, type AlertDaysSetting } from "../../src/domain/companies";
import { todayInSaoPaulo } from "../../src/domain/dates";

/**
 * GET /api/dashboard/summary: the landing page's figures for the active company (or, for an ADMIN
 * without authComp, every company): totals by kind and year, transfers in force, the latest payments
 * and the deadlines each company asked to hear about (its alert settings), with those lead times.
 */
const dashboard: FastifyPluginAsyncZod = async (app) => {
  // Across every municipality the figures aggregate the whole national tables; they are shared for a
  // minute. One municipality's dashboard is always live.
  const nationalSummary = sharedResult<Awaited<ReturnType<typeof summarize>>>(60_000, app.now);
  async function summarize(companyId: number | null, today: string) {
    const [totals, payments, deadlines, company] = await Promise.all([
      totalsByKindAndYear(app.db, companyId, today),
      latestPayments(app.db, companyId, 8),
      upcomingDeadlines(app.db, companyId, today, 8),
      companyId === null ? null : companyOf(companyId),
    ]);
    return {
      today,
      companyId,
      company: company && { id: company.id, name: company.name },
      // The lead times the dashboard states next to the deadlines (each company has its own).
      alertDays: company && company.alertDays,
      totals,
      active: activeCounts(totals),
      latestPayments: payments,
      deadlines,
    };
  }

  async function companyOf(companyId: number): Promise<{ id: number; name: string; alertDays: Record<AlertDaysSetting, number> } | null> {
    const [row] = await app.db.select({ id: companies.id, name: companies.name, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
    if (!row) return null;
    const { validityAlertDays, accountabilityAlertDays, caucAlertDays } = parametrizationOf(row.parametrization);
    return { id: row.id, name: row.name, alertDays: { validityAlertDays, accountabilityAlertDays, caucAlertDays } };
  }

  app.get(
    "/dashboard/summary",
    { schema: { tags: ["painel"], summary: "Números do painel: totais por tipo e ano, pagamentos recentes e prazos próximos" }, preHandler: requireUser },
    async (request) => {
      const companyId = await resolveCompanyId(request);
      const today = todayInSaoPaulo(app.now());
      return companyId === null ? nationalSummary(today, () => summarize(null, today)) : summarize(companyId, today);
    },
  );
};

export default dashboard;
