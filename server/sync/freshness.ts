import { and, eq, sql } from "drizzle-orm";
import { daysBetween, todayInSaoPaulo } from "../../src/domain/dates";
import { screenUrl } from "../../src/domain/admin-screens";
import type { DeadlineItem } from "../../src/domain/deadlines";
import type { Db } from "../db/client";
import { companies, syncSourceFreshness } from "../db/schema";

/**
 * A Transferegov source that stopped feeding a client, as deadline-center items (issue 32 item 5):
 * the last read failed ("Falha na leitura de …", with the reason in pt-BR), the product has not read
 * it successfully for more than a night and a half ("Fonte … sem atualização desde …"), or the
 * source itself has not published anything new for a week. Only for clients whose nightly sync is
 * on: a client that turned it off knows its data is not refreshed. Each item leads to the list of
 * that source's transfers, which shows the same freshness.
 */

/** The nightly sync runs once a day: a read older than this missed at least one night. */
export const STALE_READ_HOURS = 36;
/** Transferegov publishes every day (D+1): a module whose own date has not moved for this long has stalled. */
export const STALE_SOURCE_DAYS = 7;

export const SOURCE_LABELS: Record<string, string> = {
  especiais: "Transferegov · transferências especiais",
  fundoafundo: "Transferegov · fundo a fundo",
  parcerias: "Transferegov · parcerias (emendas de saúde)",
};

const SOURCE_SCREENS: Record<string, string> = {
  especiais: screenUrl("imposition-transfers", "list"),
  fundoafundo: screenUrl("fund-to-fund-transfers", "list"),
  // The partnerships are voluntary transfers (modality fundo a fundo saúde or parceria).
  parcerias: screenUrl("voluntary-transfers", "list"),
};

const moment = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
/** "24/11/2026 05:12", in Brasília's time. */
export const formatMoment = (at: Date) => moment.format(at).replace(", ", " ");

/** The source's `data-atualizacao` (Brasília wall-clock time, no offset) as an instant; null when unreadable. */
function sourceInstant(text: string | null): Date | null {
  if (!text) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?/.exec(text.trim());
  if (!match) return null;
  const at = new Date(`${match[1]}T${match[2] ?? "00:00"}${match[2]?.length === 5 ? ":00" : ""}-03:00`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export async function sourceFreshnessItems(db: Db, companyId: number, now: Date = new Date()): Promise<DeadlineItem[]> {
  const rows = await db
    .select({ source: syncSourceFreshness.source, sourceUpdatedAt: syncSourceFreshness.sourceUpdatedAt, lastSuccessAt: syncSourceFreshness.lastSuccessAt, lastFailureAt: syncSourceFreshness.lastFailureAt, lastFailure: syncSourceFreshness.lastFailure })
    .from(syncSourceFreshness)
    .innerJoin(companies, eq(companies.id, syncSourceFreshness.companyId))
    .where(and(eq(syncSourceFreshness.companyId, companyId), sql`coalesce((${companies.parametrization} ->> 'transferegovSyncEnabled')::boolean, true)`));
  const today = todayInSaoPaulo(now);
  const items: DeadlineItem[] = [];
  for (const row of rows) {
    const label = SOURCE_LABELS[row.source] ?? row.source;
    const path = SOURCE_SCREENS[row.source] ?? screenUrl("dashboard", "list");
    const item = (problem: "failure" | "stale" | "source-stale", since: Date, what: string, title: string): DeadlineItem => {
      const date = todayInSaoPaulo(since);
      return { key: `sync-source:${row.source}:${problem}`, kind: "sync-source", title, reference: null, what, date, daysLeft: daysBetween(today, date), overdue: true, status: problem, path };
    };
    const lastSuccess = row.lastSuccessAt ? new Date(row.lastSuccessAt) : null;
    const lastFailure = row.lastFailureAt ? new Date(row.lastFailureAt) : null;
    if (lastFailure && (!lastSuccess || lastFailure > lastSuccess)) {
      items.push(item("failure", lastFailure, `Falha na leitura de ${label}`, row.lastFailure ?? "O Transferegov não respondeu."));
      continue;
    }
    if (lastSuccess && now.getTime() - lastSuccess.getTime() > STALE_READ_HOURS * 3_600_000) {
      items.push(item("stale", lastSuccess, `Fonte ${label} sem atualização desde ${formatMoment(lastSuccess)}`, "A sincronização noturna deste cliente não concluiu desde então."));
      continue;
    }
    const published = sourceInstant(row.sourceUpdatedAt);
    if (published && now.getTime() - published.getTime() > STALE_SOURCE_DAYS * 86_400_000) {
      items.push(item("source-stale", published, `Fonte ${label} sem atualização desde ${formatMoment(published)}`, "O próprio Transferegov não publica dados novos deste módulo desde então."));
    }
  }
  return items;
}
