import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { riskComments, riskHandlings, users } from "../../server/db/schema";
import { riskQueue, type QueueRequest } from "../../server/risks/queries";
import { addDays } from "../../server/risks/sql";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { RISK_STATES } from "../../src/domain/risks";
import { riskQueueBefore } from "../support/risk-queue-before";

/**
 * The risk queue became one prepared statement (server/risks/snapshot.ts) for issue 33's ≤ 100 ms
 * p95. It must answer exactly what the former ten statements answered (tests/support/risk-queue-before.ts),
 * items, handling, owners, clients and totals, on the demo's several clients with handled items.
 */

const api = demoApi();
const db = () => api.ctx.database.db;

async function compare(request: Omit<QueueRequest, "companyIds"> & { companyIds?: number[] }, filters: Parameters<typeof riskQueue>[2]) {
  const after = await riskQueue(db(), request, filters);
  const before = await riskQueueBefore(db(), { ids: request.companyIds?.length ? request.companyIds : request.allowed, allowed: request.allowed, today: request.today, now: request.now, includeSync: request.includeSync }, filters);
  expect(after).toEqual(before);
  return after;
}

describe("the risk queue in one statement", () => {
  it("answers what the former per-kind statements answered: every client, a set, one municipality, with handling, comments and filters, today and 45 days on", async () => {
    const now = new Date();
    const today = todayInSaoPaulo(now);
    const everything = { state: RISK_STATES, limit: 10_000 };
    const all = await compare({ allowed: null, today, now, includeSync: true }, everything);
    const clients = [...new Set(all.items.map((i) => i.companyId))];
    expect(clients.length).toBeGreaterThanOrEqual(2);
    for (const kind of ["work-plan", "cauc", "lc210", "idle-money", "sync"]) expect(all.items.map((i) => i.kind), kind).toContain(kind);

    // Handle items of two clients: an owner, a snooze (one over, one still on), done, and a comment on an unhandled item.
    const [admin] = await db().select().from(users).where(eq(users.email, "admin@demo.local"));
    const [a, b] = clients;
    const ofA = all.items.filter((i) => i.companyId === a);
    const ofB = all.items.filter((i) => i.companyId === b);
    await db()
      .insert(riskHandlings)
      .values([
        { companyId: a, itemKey: ofA[0].key, state: "IN_PROGRESS", ownerUserId: admin.id },
        { companyId: a, itemKey: ofA[1].key, state: "SNOOZED", snoozedUntil: addDays(today, 10) },
        { companyId: b, itemKey: ofB[0].key, state: "SNOOZED", snoozedUntil: today },
        { companyId: b, itemKey: ofB[1].key, state: "DONE", doneAt: now },
      ]);
    await db()
      .insert(riskComments)
      .values([
        { companyId: a, itemKey: ofA[0].key, authorName: "Ana", body: "Cobrei o ministério." },
        { companyId: b, itemKey: ofB[2].key, authorName: "Ana", body: "Aguardando a prefeitura." },
      ]);

    for (const day of [today, addDays(today, 45)]) {
      const at = { today: day, now: new Date(`${day}T15:00:00Z`) };
      const handled = await compare({ allowed: null, ...at, includeSync: true }, everything);
      // The comment on an item never handled counts on its row.
      if (day === today) expect(handled.items.some((i) => i.handling.commentCount > 0 && i.handling.updatedAt === null)).toBe(true);
      await compare({ allowed: null, ...at, includeSync: true }, { limit: 50 });
      await compare({ allowed: null, companyIds: [a, b], ...at, includeSync: true }, { ...everything, kind: ["cauc", "work-plan", "lc210"] });
      await compare({ allowed: null, ...at, includeSync: true }, { ...everything, owner: admin.id });
      await compare({ allowed: null, ...at, includeSync: true }, { ...everything, owner: "none" });
      // A MANAGER: its municipality, its own people among the owners, no sync sources.
      const own = await compare({ allowed: [a], ...at, includeSync: false }, everything);
      expect(own.owners.length).toBeGreaterThan(0);
      expect(own.items.every((i) => i.companyId === a && i.kind !== "sync")).toBe(true);
    }
  });
});
