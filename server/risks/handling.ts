import { and, eq, gte, sql } from "drizzle-orm";
import { ACTIVE_RISK_STATES, riskBand, type RiskHandling, type RiskState } from "../../src/domain/risks";
import type { Db } from "../db/client";
import { riskComments, riskHandlings, users } from "../db/schema";
import { inCompanies } from "./sql";
import type { ComputedRisk } from "./queue";

/**
 * The handling of the queue's items: owner, state (a snooze ends on its day) and the comment count,
 * read for the clients a queue covers and joined on the computed items by (client, key).
 */

export interface StoredHandling {
  companyId: number;
  itemKey: string;
  state: RiskState;
  ownerId: number | null;
  ownerName: string | null;
  snoozedUntil: string | null;
  doneAt: Date | null;
  updatedAt: Date;
  commentCount: number;
}

const NO_HANDLING: RiskHandling = { state: "OPEN", ownerId: null, ownerName: null, snoozedUntil: null, commentCount: 0, updatedAt: null };

export const handlingKey = (companyId: number, key: string) => `${companyId}|${key}`;

/** Every stored handling of the clients (and items that only have comments), by handlingKey. */
export async function handlingsOf(db: Db, ids: readonly number[] | null): Promise<Map<string, StoredHandling>> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        companyId: riskHandlings.companyId,
        itemKey: riskHandlings.itemKey,
        state: riskHandlings.state,
        ownerId: riskHandlings.ownerUserId,
        ownerName: users.name,
        snoozedUntil: riskHandlings.snoozedUntil,
        doneAt: riskHandlings.doneAt,
        updatedAt: riskHandlings.updatedAt,
      })
      .from(riskHandlings)
      .leftJoin(users, eq(users.id, riskHandlings.ownerUserId))
      .where(inCompanies(riskHandlings.companyId, ids)),
    db
      .select({ companyId: riskComments.companyId, itemKey: riskComments.itemKey, n: sql<number>`count(*)::int` })
      .from(riskComments)
      .where(inCompanies(riskComments.companyId, ids))
      .groupBy(riskComments.companyId, riskComments.itemKey),
  ]);
  return handlingMapOf(
    rows.map((row) => ({ ...row, state: row.state as RiskState, commentCount: 0 })),
    counts,
  );
}

/** The stored handlings and the comment counts by handlingKey (an item with comments only is open, unowned). */
export function handlingMapOf(rows: readonly StoredHandling[], counts: readonly { companyId: number; itemKey: string; n: number }[]): Map<string, StoredHandling> {
  const map = new Map<string, StoredHandling>();
  for (const row of rows) map.set(handlingKey(row.companyId, row.itemKey), { ...row });
  for (const c of counts) {
    const key = handlingKey(c.companyId, c.itemKey);
    const found = map.get(key);
    if (found) found.commentCount = c.n;
  }
  // Comments on items never handled still count.
  const commentsOnly = counts.filter((c) => !map.has(handlingKey(c.companyId, c.itemKey)));
  for (const c of commentsOnly) {
    map.set(handlingKey(c.companyId, c.itemKey), { companyId: c.companyId, itemKey: c.itemKey, state: "OPEN", ownerId: null, ownerName: null, snoozedUntil: null, doneAt: null, updatedAt: new Date(0), commentCount: c.n });
  }
  return map;
}

/** The handling as the queue shows it on `today`: a snooze whose day came is open again. */
export function effectiveHandling(stored: StoredHandling | undefined, today: string): RiskHandling {
  if (!stored) return NO_HANDLING;
  const snoozeOver = stored.state === "SNOOZED" && stored.snoozedUntil !== null && stored.snoozedUntil <= today;
  return {
    state: snoozeOver ? "OPEN" : stored.state,
    ownerId: stored.ownerId,
    ownerName: stored.ownerName,
    snoozedUntil: snoozeOver ? null : stored.snoozedUntil,
    commentCount: stored.commentCount,
    updatedAt: stored.updatedAt.getTime() === 0 ? null : stored.updatedAt.toISOString(),
  };
}

export interface QueueFilters {
  kind?: readonly string[];
  state?: readonly RiskState[];
  owner?: number | "none";
}

/** What the filters and the ranking read of an item. */
type Rankable = Pick<ComputedRisk, "key" | "kind" | "companyId" | "overdue" | "daysLeft" | "money">;

/**
 * The items with their handling, filtered and ranked (money at risk and days left). Described items
 * come back as RiskItem; the queue passes undescribed ones (./queue.ts, RankedRisk) and describes its page.
 */
export function withHandling<T extends Rankable>(items: readonly T[], handlings: ReadonlyMap<string, StoredHandling>, today: string, filters: QueueFilters): (T & { handling: RiskHandling })[] {
  return rankRisks(handledInOrder(items, handlings, today, filters));
}

/**
 * The items with their handling, filtered, in the order given. The ranking reads only an item's own
 * fields (never its handling) and is a total order (the key breaks ties), so filtering an already
 * ranked list keeps it ranked: the queue ranks once per computed snapshot (./snapshot.ts), not per request.
 */
export function handledInOrder<T extends Rankable>(items: readonly T[], handlings: ReadonlyMap<string, StoredHandling>, today: string, filters: QueueFilters): (T & { handling: RiskHandling })[] {
  const states = new Set<RiskState>(filters.state ?? ACTIVE_RISK_STATES);
  const kinds = filters.kind ? new Set(filters.kind) : null;
  const kept: (T & { handling: RiskHandling })[] = [];
  for (const item of items) {
    if (kinds && !kinds.has(item.kind)) continue;
    const handling = effectiveHandling(handlings.get(handlingKey(item.companyId, item.key)), today);
    if (!states.has(handling.state)) continue;
    if (filters.owner !== undefined && (filters.owner === "none" ? handling.ownerId !== null : handling.ownerId !== filters.owner)) continue;
    kept.push({ ...item, handling });
  }
  return kept;
}

const collator = new Intl.Collator();

/**
 * The items in compareRisks' order, with each item's band and money read once instead of at every
 * comparison (the sort was a third of ranking ~300 items). `collator.compare` is `localeCompare`
 * without arguments, built once.
 */
export function rankRisks<T extends Rankable>(items: readonly T[]): T[] {
  const keyed = items.map((item) => ({ item, band: riskBand(item), money: Number(item.money ?? 0), days: item.daysLeft ?? 99_999 }));
  keyed.sort((a, b) => a.band - b.band || b.money - a.money || a.days - b.days || collator.compare(a.item.key, b.item.key));
  return keyed.map((k) => k.item);
}

/** The handling rows closed (DONE) since a day, for the monthly report's "what was done". */
export async function doneSince(db: Db, ids: readonly number[] | null, since: Date): Promise<StoredHandling[]> {
  const map = await handlingsOf(db, ids);
  const done = await db
    .select({ companyId: riskHandlings.companyId, itemKey: riskHandlings.itemKey })
    .from(riskHandlings)
    .where(and(inCompanies(riskHandlings.companyId, ids), eq(riskHandlings.state, "DONE"), gte(riskHandlings.doneAt, since)));
  return done.map((d) => map.get(handlingKey(d.companyId, d.itemKey))!).filter(Boolean);
}
