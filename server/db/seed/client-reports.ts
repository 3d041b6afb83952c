import { randomUUID } from "node:crypto";
import { asc } from "drizzle-orm";
import { previousMonth } from "../../../src/domain/client-reports";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { clientReportData } from "../../client-reports/figures";
import { CLIENT_REPORT_RISKS } from "../../client-reports/risks";
import type { Db } from "../client";
import { clientReports, companies, syncSourceFreshness } from "../schema";

/**
 * The monthly reports' demo data (issue 33): how fresh the first clients' Transferegov sources are (one
 * with a failed read, so the coverage box and the freshness map have something to say), and last
 * month's report of every demo client. Only the figures are written here, in the seed's transaction
 * (a few queries per client); the PDF is drawn from them on its first download, so the first start
 * renders no PDF at all.
 */
export async function seedClientReports(db: Db, companyIds: number[], now = Date.now()): Promise<void> {
  const day = 86_400_000;
  const [first, second, third] = companyIds;
  const read = (companyId: number, source: string, daysAgo: number, rowsRead: number, rowsSkipped = 0) => ({
    companyId,
    source,
    sourceUpdatedAt: todayInSaoPaulo(now - (daysAgo + 1) * day),
    lastSuccessAt: new Date(now - daysAgo * day),
    rowsRead,
    rowsSkipped,
  });
  const freshness = [
    first !== undefined && read(first, "especiais", 1, 48),
    first !== undefined && read(first, "fundoafundo", 1, 12),
    second !== undefined && read(second, "especiais", 2, 31, 2),
    second !== undefined && {
      ...read(second, "fundoafundo", 9, 7),
      lastFailureAt: new Date(now - 1 * day),
      lastFailure: "O Transferegov respondeu 503 (serviço indisponível) depois de 3 tentativas.",
    },
    third !== undefined && read(third, "especiais", 4, 19),
  ].filter((row): row is Exclude<typeof row, false> => row !== false);
  if (freshness.length) await db.insert(syncSourceFreshness).values(freshness).onConflictDoNothing();

  const month = previousMonth(todayInSaoPaulo(now));
  // Every client the seed registered (the accounts' municipalities and the capitals added after them).
  const clients = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  for (const { id: companyId } of clients) {
    const data = await clientReportData(db, companyId, month, now, CLIENT_REPORT_RISKS);
    if (!data) continue;
    await db.insert(clientReports).values({
      companyId,
      month,
      trigger: "DEMO",
      data,
      storagePath: `client-reports/${companyId}/${randomUUID()}.pdf`,
      mailStatus: "DEMO",
      recipients: [],
      generatedAt: new Date(now),
    });
  }
}
