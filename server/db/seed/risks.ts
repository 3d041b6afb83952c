import { and, asc, eq, inArray } from "drizzle-orm";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { IMPOSITION_ACTIVE_SITUATIONS } from "../../../src/domain/transfers";
import type { Db } from "../client";
import { impositionTransfers, riskCalendar, transferAccountBalances, transferAccountEntries, workPlanAnalyses, workPlanPendingBodies } from "../schema";

/**
 * The risk queue's and the impediment radar's demo data (issue 33): the impediment calendar, where
 * each open emenda's plano de trabalho stands (approved, in complementation, held by a ministry for
 * weeks), an idle emenda account, and a failing and a stale Transferegov source, so the queue and the
 * radar have realistic rows on the first start in at least two municipalities. The sync replaces the
 * plans' rows with the source's on its first read (same source + external id).
 */

const DAY = 86_400_000;
const BODIES = [
  { code: 26000, name: "Ministério da Saúde" },
  { code: 56000, name: "Ministério das Cidades" },
  { code: 26001, name: "Ministério da Educação" },
  { code: 51000, name: "Ministério do Esporte" },
];

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The plan of the n-th open emenda of the exercise: a steady mix, so every client shows each case. */
type PlanCase = "approved" | "complementation" | "held" | "sent";
const PLAN_CASES: PlanCase[] = ["held", "approved", "complementation", "approved", "sent"];

export async function seedRisks(db: Db, companyIds: number[], today = todayInSaoPaulo()) {
  const year = Number(today.slice(0, 4));
  const now = Date.parse(`${today}T12:00:00Z`);
  await db.insert(riskCalendar).values([
    {
      year,
      // A near date in the demo, so the radar has something to say on any day it is started.
      impedimentDate: addDays(today, 25),
      alertDays: 30,
      idleMonths: 3,
      notes: "Data de demonstração. Em 2026 os impedimentos técnicos foram registrados no SIOP até 05/05/2026 (LC 210/2024, art. 10).",
    },
    { year: year + 1, impedimentDate: `${year + 1}-05-05`, alertDays: 30, idleMonths: 3, notes: "Previsão: mesma data de 2026; confirme no cronograma do exercício." },
  ]);

  const open = await db
    .select({ id: impositionTransfers.id, companyId: impositionTransfers.companyId, year: impositionTransfers.year, nr: impositionTransfers.nrTransfer, situation: impositionTransfers.situation })
    .from(impositionTransfers)
    .where(and(inArray(impositionTransfers.companyId, companyIds), inArray(impositionTransfers.situation, [...IMPOSITION_ACTIVE_SITUATIONS])))
    .orderBy(asc(impositionTransfers.companyId), asc(impositionTransfers.id));

  const analyses: (typeof workPlanAnalyses.$inferInsert)[] = [];
  const pending: (typeof workPlanPendingBodies.$inferInsert)[] = [];
  const perCompany = new Map<number, number>();
  for (const t of open) {
    const workPlanId = 900_000 + t.id;
    // Older exercises' plans were approved long ago: only the current one is still being analysed.
    if (t.year !== year) {
      await db.update(impositionTransfers).set({ workPlanId, workPlanStatus: "Aprovado", workPlanStatusAt: new Date(now - 300 * DAY) }).where(eq(impositionTransfers.id, t.id));
      continue;
    }
    const n = perCompany.get(t.companyId) ?? 0;
    perCompany.set(t.companyId, n + 1);
    const plan = PLAN_CASES[n % PLAN_CASES.length];
    const body = BODIES[(t.id + n) % BODIES.length];
    const analysisId = 700_000 + t.id;
    const base = { companyId: t.companyId, transferId: t.id, workPlanId, bodyCode: body.code, bodyName: body.name, source: "transferegov_especiais" as const, syncedAt: new Date(now - DAY) };
    const sentAt = new Date(now - (50 + (t.id % 20)) * DAY);
    analyses.push({ ...base, kind: "HISTORY", analysisId, externalId: `hist-${analysisId}-1`, analysisStatus: "Em elaboração", analyzedAt: sentAt, opinionText: "Plano de trabalho recebido para análise." });
    if (plan === "approved") {
      const at = new Date(now - 20 * DAY);
      analyses.push({ ...base, kind: "ANALYSIS", analysisId, externalId: `an-${analysisId}`, planningStatus: "APROVADO", opinion: "Aprovar Plano de Trabalho", analysisStatus: "Concluída", analyzedAt: at });
      analyses.push({ ...base, kind: "HISTORY", analysisId, externalId: `hist-${analysisId}-2`, opinion: "Aprovar Plano de Trabalho", analysisStatus: "Concluída", analyzedAt: at });
      await db.update(impositionTransfers).set({ workPlanId, workPlanStatus: "Aprovado", workPlanStatusAt: at }).where(eq(impositionTransfers.id, t.id));
    } else if (plan === "complementation") {
      const at = new Date(now - 18 * DAY);
      analyses.push({ ...base, kind: "ANALYSIS", analysisId, externalId: `an-${analysisId}`, planningStatus: "EM_COMPLEMENTACAO", opinion: "Solicitar Complementação", analysisStatus: "Concluída", analyzedAt: at, opinionText: "Detalhar as metas físicas e o cronograma de desembolso." });
      analyses.push({ ...base, kind: "HISTORY", analysisId, externalId: `hist-${analysisId}-2`, opinion: "Solicitar Complementação", analysisStatus: "Concluída", analyzedAt: at });
      await db.update(impositionTransfers).set({ workPlanId, workPlanStatus: "Em complementação", workPlanStatusAt: at }).where(eq(impositionTransfers.id, t.id));
    } else {
      // Held by the ministry: sent weeks ago, the analysis still being written.
      analyses.push({ ...base, kind: "ANALYSIS", analysisId, externalId: `an-${analysisId}`, planningStatus: "ENVIADO_PARA_ANALISE", analysisStatus: "Em elaboração", analyzedAt: sentAt });
      pending.push({ companyId: t.companyId, transferId: t.id, workPlanId, bodyId: body.code, bodyName: body.name, pendingSince: sentAt, stillPending: true, source: "transferegov_especiais", externalId: `pend-${workPlanId}-${body.code}`, syncedAt: new Date(now - DAY) });
      const status = plan === "held" ? "Em análise" : "Enviado para análise";
      await db.update(impositionTransfers).set({ workPlanId, workPlanStatus: status, workPlanStatusAt: sentAt }).where(eq(impositionTransfers.id, t.id));
    }
  }
  if (analyses.length) await db.insert(workPlanAnalyses).values(analyses);
  if (pending.length) await db.insert(workPlanPendingBodies).values(pending);

  await seedIdleMoney(db, companyIds.slice(0, 2), today);
  // The sync sources failing or stale that the queue lists come from the monthly reports' seed (client-reports.ts): one set of freshness rows.
}

/** One emenda per client with its money in the account and no debit for months (and its interest). */
async function seedIdleMoney(db: Db, companyIds: number[], today: string) {
  for (const companyId of companyIds) {
    const [t] = await db
      .select({ id: impositionTransfers.id, planned: impositionTransfers.plannedValue, bank: impositionTransfers.bankCode, agency: impositionTransfers.agency, account: impositionTransfers.account })
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.companyId, companyId), eq(impositionTransfers.situation, "CIENTE")))
      .orderBy(asc(impositionTransfers.id))
      .limit(1);
    if (!t) continue;
    const accountKey = `${t.bank ?? "001"}-${t.agency ?? "0001"}-${t.account ?? "1"}`.slice(0, 40);
    const received = addDays(today, -150);
    const interest = (Number(t.planned) * 0.004).toFixed(2);
    const balance = (Number(t.planned) + Number(interest)).toFixed(2);
    const base = { companyId, impositionTransferId: t.id, accountKey, source: "transferegov_especiais" as const };
    await db.insert(transferAccountEntries).values([
      { ...base, entryDate: received, operation: "C", kind: "RECEIVED", amount: String(t.planned), description: "Crédito da transferência especial", externalId: `demo-idle-${t.id}-c` },
      { ...base, entryDate: addDays(today, -60), operation: "C", kind: "INTEREST", amount: interest, description: "Rendimento de aplicação financeira", externalId: `demo-idle-${t.id}-r` },
    ]);
    await db.insert(transferAccountBalances).values({ ...base, balanceDate: addDays(today, -2), balance, externalId: `demo-idle-${t.id}-saldo` });
  }
}

