import type { FastifyInstance } from "fastify";
import { dashboardSummarySchema, type DashboardSummary } from "../../src/domain/dashboard";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { sharedResult } from "../lib/shared-result";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { dashboardSummary } from "./summary";

/**
 * GET /api/dashboard/summary: the landing page's figures for the active company (or, for an ADMIN
 * without authComp, every company).
 */

// Across every municipality the figures aggregate the whole national tables; they are shared for a
// minute (one cache per server). One municipality's dashboard is always live.
const nationalSummaries = new WeakMap<FastifyInstance, ReturnType<typeof sharedResult<DashboardSummary>>>();
function nationalSummary(app: FastifyInstance) {
  let shared = nationalSummaries.get(app);
  if (!shared) nationalSummaries.set(app, (shared = sharedResult<DashboardSummary>(60_000, app.now)));
  return shared;
}

const summary = defineAction({
  method: "GET",
  path: "/dashboard/summary",
  tag: "painel",
  summary: "Números do painel: totais por tipo e ano, pagamentos recentes e prazos próximos",
  guard: "user-only",
  scope: { kind: "tenant" },
  response: { 200: dashboardSummarySchema },
  handler: ({ app, companyId }) => {
    const today = todayInSaoPaulo(app.now());
    return companyId === null ? nationalSummary(app)(today, () => dashboardSummary(app.db, null, today)) : dashboardSummary(app.db, companyId, today);
  },
});

export default areaPlugin(summary);
