import { eq } from "drizzle-orm";
import { parametrizationOf } from "../../src/domain/companies";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { Db } from "../db/client";
import { companies } from "../db/schema";

/** Today in São Paulo and the company's CAUC alert window (the default one for an ADMIN over every company). */
export async function regularityOverview(db: Db, companyId: number | null, now: number) {
  const today = todayInSaoPaulo(now);
  if (companyId === null) return { today, alertDays: parametrizationOf({}).caucAlertDays, companyId };
  const [row] = await db.select({ parametrization: companies.parametrization }).from(companies).where(eq(companies.id, companyId));
  return { today, alertDays: parametrizationOf(row?.parametrization ?? {}).caucAlertDays, companyId };
}
