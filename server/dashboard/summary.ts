import { eq } from "drizzle-orm";
import { parametrizationOf, type AlertDaysSetting } from "../../src/domain/companies";
import type { DashboardSummary } from "../../src/domain/dashboard";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import { activeCounts, latestPayments, totalsByKindAndYear, upcomingDeadlines } from "../domain/transfers";
import { toWire } from "../resources/wire";

/**
 * The dashboard's figures for a company, or every company (null), on `today` (São Paulo's day):
 * totals by kind and year, transfers in force, the latest payments and the deadlines each company
 * asked to hear about (its alert settings), with those lead times.
 */
export async function dashboardSummary(db: Db, companyId: number | null, today: string): Promise<DashboardSummary> {
  const [totals, payments, deadlines, company] = await Promise.all([
    totalsByKindAndYear(db, companyId, today),
    latestPayments(db, companyId, 8),
    upcomingDeadlines(db, companyId, today, 8),
    companyId === null ? null : companyOf(db, companyId),
  ]);
  return {
    today,
    companyId,
    company: company && { id: company.id, name: company.name },
    // The lead times the dashboard states next to the deadlines (each company has its own).
    alertDays: company && company.alertDays,
    totals,
    active: activeCounts(totals),
    latestPayments: payments.map((payment) => toWire(payment) as unknown as DashboardSummary["latestPayments"][number]),
    deadlines,
  };
}

async function companyOf(db: Db, companyId: number): Promise<{ id: number; name: string; alertDays: Record<AlertDaysSetting, number> } | null> {
  const [row] = await db.select({ id: companies.id, name: companies.name, parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
  if (!row) return null;
  const { validityAlertDays, accountabilityAlertDays, caucAlertDays } = parametrizationOf(row.parametrization);
  return { id: row.id, name: row.name, alertDays: { validityAlertDays, accountabilityAlertDays, caucAlertDays } };
}
