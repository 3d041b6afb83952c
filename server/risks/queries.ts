import { and, asc, eq, sql } from "drizzle-orm";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { RiskHandling, RiskItem, RiskQueue, RiskState } from "../../src/domain/risks";
import { RISK_STATES } from "../../src/domain/risks";
import type { Db } from "../db/client";
import { riskComments, riskHandlings, users } from "../db/schema";
import { forbidden, unprocessable } from "../lib/errors";
import { doneSince, handledInOrder, type QueueFilters } from "./handling";
import type { ComputedRisk, RankedRisk } from "./queue";
import { ownersCondition, queueSnapshot } from "./snapshot";

/**
 * The risk area's queries, the ones other areas read: the queue for a set of clients, the items of
 * the monthly client report (`riskItemsFor`), and the writes of the batch actions. Every write
 * resolves its keys against the queue the caller may see, so a key of another client is refused.
 */

export interface QueueRequest {
  /** The clients the caller may see: null is every client (the consultancy without a chosen one). */
  allowed: readonly number[] | null;
  /** The clients asked for (a subset of `allowed`). */
  companyIds?: readonly number[];
  today: string;
  now: Date;
  includeSync: boolean;
}

/** The clients a request covers: what it asked for, within what it may see (asking for another: 403). */
export function coveredCompanies(request: Pick<QueueRequest, "allowed" | "companyIds">): readonly number[] | null {
  const { allowed, companyIds } = request;
  if (!companyIds || companyIds.length === 0) return allowed;
  if (allowed !== null && companyIds.some((id) => !allowed.includes(id))) throw forbidden("Você só pode ver os riscos dos seus clientes.");
  return companyIds;
}

/** The queue: filtered, ranked, at most `limit` items from `offset` (with the total and the money of all that passed). */
export async function riskQueue(db: Db, request: QueueRequest, filters: QueueFilters & { limit: number; offset?: number }): Promise<RiskQueue> {
  const ids = coveredCompanies(request);
  const { clients, ranked, handlings, owners } = await queueSnapshot(db, { ids, allowed: request.allowed, options: request });
  const items = handledInOrder(ranked, handlings, request.today, filters);
  const totalMoney = items.reduce((sum, item) => sum + Math.round(Number(item.money ?? 0) * 100), 0);
  const offset = filters.offset ?? 0;
  return {
    today: request.today,
    total: items.length,
    totalMoney: (totalMoney / 100).toFixed(2),
    // Only the page's items are described (their words and links are most of the queue's JavaScript).
    items: items.slice(offset, offset + filters.limit).map(described),
    // A copy: the snapshot is shared with other requests (./cache.ts).
    owners: [...owners],
    companies: clients.map((c) => ({ id: c.id, name: c.name })),
  };
}

/** A ranked item with its handling, as the queue answers it. */
const described = (item: RankedRisk & { handling: RiskHandling }): RiskItem => ({ ...item.describe(), handling: item.handling });

/** Who an item can be assigned to: the consultancy's people, and for one municipality its own. */
export async function ownersFor(db: Db, allowed: readonly number[] | null): Promise<{ id: number; name: string }[]> {
  const ownerCompany = allowed && allowed.length === 1 ? allowed[0] : null;
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(ownersCondition(sql`${ownerCompany}`))
    .orderBy(asc(users.name));
}

/**
 * The risk items of clients for the monthly client report (issue 33 item 4): every current item
 * whatever its state, plus, with `includeDoneSince`, the items closed since that day whose data no
 * longer raises them (kept as their key, kind and handling: nothing of their data is copied).
 */
export async function riskItemsFor(
  db: Db,
  companyIds: readonly number[] | null,
  options: { includeDoneSince?: Date; today?: string; now?: Date } = {},
): Promise<{ current: RiskItem[]; closed: { companyId: number; key: string; kind: string; ownerName: string | null; doneAt: string | null; commentCount: number }[] }> {
  const now = options.now ?? new Date();
  const today = options.today ?? todayInSaoPaulo(now);
  const { clients, ranked, handlings } = await queueSnapshot(db, { ids: companyIds, allowed: companyIds, options: { today, now, includeSync: true } });
  const ids = clients.map((c) => c.id);
  const current = handledInOrder(ranked, handlings, today, { state: RISK_STATES }).map(described);
  if (!options.includeDoneSince) return { current, closed: [] };
  const present = new Set(current.map((i) => `${i.companyId}|${i.key}`));
  const closed = (await doneSince(db, ids, options.includeDoneSince))
    .filter((h) => !present.has(`${h.companyId}|${h.itemKey}`))
    .map((h) => ({ companyId: h.companyId, key: h.itemKey, kind: h.itemKey.split(":")[0], ownerName: h.ownerName, doneAt: h.doneAt?.toISOString() ?? null, commentCount: h.commentCount }));
  return { current, closed };
}

/** The items named by `keys` in the queue the caller may see (any state); an unknown key is a 422 naming it. */
export async function resolveKeys(db: Db, request: QueueRequest, keys: readonly string[]): Promise<ComputedRisk[]> {
  const { ranked } = await queueSnapshot(db, { ids: request.allowed, allowed: request.allowed, options: request });
  const byKey = new Map(ranked.map((item) => [item.key, item]));
  const missing = [...new Set(keys)].filter((key) => !byKey.has(key));
  if (missing.length > 0) {
    const message = `Item não encontrado na fila de riscos: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? "…" : ""}.`;
    throw unprocessable(message, { keys: message });
  }
  return [...new Set(keys)].map((key) => byKey.get(key)!.describe());
}

/** The writes of one batch: each item's handling row created or changed, all in one transaction. */
export async function updateHandlings(
  db: Db,
  items: readonly ComputedRisk[],
  change: { ownerUserId?: number | null; state?: RiskState; snoozedUntil?: string | null },
  actorId: number,
  now: Date,
): Promise<number> {
  const set = {
    ...(change.ownerUserId !== undefined ? { ownerUserId: change.ownerUserId } : {}),
    ...(change.state !== undefined
      ? { state: change.state, snoozedUntil: change.state === "SNOOZED" ? change.snoozedUntil! : null, doneAt: change.state === "DONE" ? now : null }
      : {}),
    updatedByUserId: actorId,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    for (let i = 0; i < items.length; i += 200) {
      const chunk = items.slice(i, i + 200);
      await tx
        .insert(riskHandlings)
        .values(chunk.map((item) => ({ companyId: item.companyId, itemKey: item.key, ...set, createdAt: now })))
        .onConflictDoUpdate({
          target: [riskHandlings.companyId, riskHandlings.itemKey],
          set: { ...set, version: sql`${riskHandlings.version} + 1` },
        });
    }
  });
  return items.length;
}

/** An owner must be an active person the queue offers (the consultancy's, or the one client's own). */
export async function checkOwner(db: Db, allowed: readonly number[] | null, ownerId: number): Promise<void> {
  const owners = await ownersFor(db, allowed);
  if (!owners.some((o) => o.id === ownerId)) {
    const message = "Responsável inválido: escolha uma pessoa da consultoria (ou do próprio município).";
    throw unprocessable(message, { ownerId: message });
  }
}

export async function commentsOf(db: Db, item: ComputedRisk) {
  const rows = await db
    .select({ id: riskComments.id, itemKey: riskComments.itemKey, authorName: riskComments.authorName, body: riskComments.body, createdAt: riskComments.createdAt })
    .from(riskComments)
    .where(and(eq(riskComments.companyId, item.companyId), eq(riskComments.itemKey, item.key)))
    .orderBy(asc(riskComments.createdAt), asc(riskComments.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
