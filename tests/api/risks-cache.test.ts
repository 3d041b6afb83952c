import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { as, sessionCookie } from "../support/api";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { dataChangeHorizon, dataChanges, regularityItems, users } from "../../server/db/schema";
import { changedSince, changedSinceText, pruneDataChanges } from "../../server/risks/changes";
import { riskQueue, type QueueRequest } from "../../server/risks/queries";
import { queueSnapshot, queueSnapshotCache, queueStatementFor } from "../../server/risks/snapshot";
import { rowsOf } from "../../server/risks/sql";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { RISK_STATES, type RiskQueue } from "../../src/domain/risks";

/**
 * The risk queue's cache (server/risks/cache.ts) is never stale: a result is reused only while the
 * database proves that nothing it read changed (data_changes, filled by triggers on every table the
 * queue's statement reads, against the statement's own snapshot). On PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL, where a second connection plays another server instance.
 */

const api = demoApi();
const db = () => api.ctx.database.db;
const stats = () => ({ ...queueSnapshotCache(db()).stats });
const serverUrl = process.env.TEST_DATABASE_URL;

async function adminQueue(): Promise<RiskQueue> {
  const res = await (await api.admin())({ method: "GET", url: `/api/risks?_start=0&_end=1000&state=${RISK_STATES.join(",")}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** What one read did to the cache: served it (hit) or recomputed it (invalidation or miss). */
async function readAndWatch(): Promise<{ queue: RiskQueue; hit: boolean; recomputed: boolean }> {
  const before = stats();
  const queue = await adminQueue();
  const after = stats();
  return { queue, hit: after.hits > before.hits, recomputed: after.invalidations + after.misses > before.invalidations + before.misses };
}

/** Another connection to the same database: a second pg client on PostgreSQL; on PGlite (one connection) the same instance. */
async function otherConnection(): Promise<{ query(text: string): Promise<unknown>; close(): Promise<void> }> {
  if (!serverUrl) {
    return { query: (text) => db().execute(sql.raw(text)), close: async () => undefined };
  }
  const pg = await import("pg");
  const url = new URL(serverUrl);
  url.pathname = `/${api.ctx.databaseName}`;
  const client = new pg.default.Client({ connectionString: url.toString() });
  await client.connect();
  return { query: (text) => client.query(text), close: () => client.end() };
}

/** The tables a statement reads: every quoted name after FROM or JOIN (drizzle quotes every table it renders). */
function tablesOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\b(?:from|join)\s+"([a-z_0-9]+)"/gi)].map((m) => m[1]))].sort();
}

describe("the risk queue's cache", () => {
  it("serves a second read with nothing changed from the cache, the same answer, and its shared snapshot cannot be changed", async () => {
    const first = await readAndWatch();
    const second = await readAndWatch();
    expect(second.hit).toBe(true);
    expect(second.recomputed).toBe(false);
    expect(second.queue).toEqual(first.queue);
    const now = new Date();
    const snapshot = await queueSnapshot(db(), { ids: null, allowed: null, options: { today: todayInSaoPaulo(now), now, includeSync: true } });
    expect(Object.isFrozen(snapshot.ranked)).toBe(true);
    expect(() => (snapshot.ranked as unknown[]).push({})).toThrow();
    expect(() => Object.assign(snapshot.ranked[0], { money: "0" })).toThrow();
    expect(() => Object.assign(snapshot.clients[0], { name: "outro" })).toThrow();
  });

  it("shows, on the very next read and with no wait, changes made through the API: an owner, a comment, a CAUC item and the owner's new name", async () => {
    const admin = await api.admin();
    const before = (await readAndWatch()).queue;
    const item = before.items.find((i) => i.kind === "cauc" && i.handling.ownerId === null)!;
    const owner = before.owners[0];

    const assigned = await admin({ method: "POST", url: "/api/risks/assign", payload: { keys: [item.key], ownerId: owner.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    let read = await readAndWatch();
    expect(read.recomputed).toBe(true);
    expect(read.queue.items.find((i) => i.key === item.key)!.handling.ownerId).toBe(owner.id);

    const commented = await admin({ method: "POST", url: "/api/risks/comments", payload: { key: item.key, body: "Certidão pedida à prefeitura." } });
    expect(commented.statusCode, commented.body).toBe(201);
    read = await readAndWatch();
    expect(read.queue.items.find((i) => i.key === item.key)!.handling.commentCount).toBe(1);

    const renamed = await admin({ method: "PATCH", url: `/api/users/${owner.id}`, payload: { name: `${owner.name} Renomeada` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    read = await readAndWatch();
    expect(read.queue.items.find((i) => i.key === item.key)!.handling.ownerName).toBe(`${owner.name} Renomeada`);
    expect(read.queue.owners.map((o) => o.name)).toContain(`${owner.name} Renomeada`);

    // The municipality proves the CAUC item regular for the year: it leaves the queue.
    const regularityId = Number(item.key.split(":")[1]);
    const [row] = await db().select().from(regularityItems).where(eq(regularityItems.id, regularityId));
    const [company] = before.companies.filter((c) => c.id === item.companyId);
    const [managerOf] = await db().select().from(users).where(eq(users.companyId, company.id));
    expect(managerOf).toBeDefined();
    const today = todayInSaoPaulo(new Date());
    const cnpj = item.link.match(/authComp=\d+_(\d+)/)![1];
    const proved = await admin({
      method: "PATCH",
      url: `/api/regularity-items/${regularityId}?authComp=${company.id}_${cnpj}`,
      payload: { status: "REGULAR", validUntil: `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`, checkedOn: today, version: row.version },
    });
    expect(proved.statusCode, proved.body).toBe(200);
    read = await readAndWatch();
    expect(read.recomputed).toBe(true);
    expect(read.queue.items.some((i) => i.key === item.key)).toBe(false);
  });

  it("is invalidated by a write committed by another connection, and not by one rolled back or still uncommitted", async () => {
    const before = (await readAndWatch()).queue;
    const item = before.items.find((i) => i.kind === "cauc")!;
    const id = Number(item.key.split(":")[1]);
    const other = await otherConnection();
    try {
      // Rolled back: nothing to see, and the cache stays.
      if (serverUrl) {
        await other.query("begin");
        await other.query(`update regularity_items set label = 'Desfeito' where id = ${id}`);
        await other.query("rollback");
      } else {
        await db()
          .transaction(async (tx) => {
            await tx.update(regularityItems).set({ label: "Desfeito" }).where(eq(regularityItems.id, id));
            throw new Error("desfeito");
          })
          .catch(() => undefined);
      }
      let read = await readAndWatch();
      expect(read.hit).toBe(true);
      expect(read.queue).toEqual(before);

      if (serverUrl) {
        // In progress on another connection: this read does not see it (nor would a fresh statement); once committed, the next read does.
        await other.query("begin");
        await other.query(`update regularity_items set label = 'Em andamento' where id = ${id}`);
        read = await readAndWatch();
        expect(read.hit).toBe(true);
        expect(read.queue.items.find((i) => i.key === item.key)!.title).toBe(item.title);
        await other.query("commit");
        read = await readAndWatch();
        expect(read.recomputed).toBe(true);
        expect(read.queue.items.find((i) => i.key === item.key)!.title).toBe("Em andamento");
      }

      // Committed outside the app (a psql session, another instance, a job): the next read shows it.
      await other.query(`update regularity_items set label = 'Certidão do FGTS (outra conexão)' where id = ${id}`);
      read = await readAndWatch();
      expect(read.recomputed).toBe(true);
      expect(read.queue.items.find((i) => i.key === item.key)!.title).toBe("Certidão do FGTS (outra conexão)");
      // A change to a table with no client of its own (the impediment calendar) reaches every client's entry.
      await other.query("update risk_calendar set notes = coalesce(notes, '') || '.'");
      expect((await readAndWatch()).recomputed).toBe(true);
    } finally {
      await other.close();
    }
  });

  it.skipIf(!serverUrl)("shows on this instance, at once, what a second server instance on the same database wrote (PostgreSQL, two instances behind a proxy)", async () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${api.ctx.databaseName}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sol-risks-cache-"));
    const database = await openDatabase({ databaseUrl: url.toString() });
    const second = await buildApp({ config: loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir }), db: database.db, identity: api.ctx.identity });
    try {
      await second.ready();
      const adminThere = as(second, await sessionCookie(second, "admin@demo.local"));
      const before = (await readAndWatch()).queue;
      expect((await readAndWatch()).hit).toBe(true);
      const item = before.items.find((i) => i.handling.state === "OPEN")!;
      const snoozed = await adminThere({ method: "POST", url: "/api/risks/state", payload: { keys: [item.key], state: "IN_PROGRESS" } });
      expect(snoozed.statusCode, snoozed.body).toBe(200);
      const read = await readAndWatch();
      expect(read.recomputed).toBe(true);
      expect(read.queue.items.find((i) => i.key === item.key)!.handling.state).toBe("IN_PROGRESS");
    } finally {
      await second.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps a municipality's entry when another client changes, and drops it when its own data does", async () => {
    const now = new Date();
    const request = (companyId: number): QueueRequest => ({ allowed: [companyId], today: todayInSaoPaulo(now), now, includeSync: false });
    const all = (await readAndWatch()).queue;
    const [a, b] = [...new Set(all.items.filter((i) => i.kind === "cauc").map((i) => i.companyId))];
    const filters = { state: RISK_STATES, limit: 1000 };
    await riskQueue(db(), request(a), filters);
    const hits = stats().hits;
    await db().execute(sql`update regularity_items set label = label || '.' where company_id = ${b}`);
    await riskQueue(db(), request(a), filters);
    expect(stats().hits).toBe(hits + 1);
    await db().execute(sql`update regularity_items set label = label || '.' where company_id = ${a}`);
    const mine = await riskQueue(db(), request(a), filters);
    expect(stats().hits).toBe(hits + 1);
    expect(mine.items.filter((i) => i.kind === "cauc").every((i) => i.title.endsWith("."))).toBe(true);
  });

  it("does not keep a result read inside a transaction that had written (its writes may still be undone)", async () => {
    const now = new Date();
    const request: QueueRequest = { allowed: null, today: todayInSaoPaulo(now), now, includeSync: true };
    const filters = { state: RISK_STATES, limit: 1000 };
    const before = await riskQueue(db(), request, filters);
    const item = before.items.find((i) => i.kind === "cauc")!;
    await db()
      .transaction(async (tx) => {
        await tx.update(regularityItems).set({ label: "Só nesta transação" }).where(eq(regularityItems.id, Number(item.key.split(":")[1])));
        const inside = await riskQueue(tx, request, filters);
        expect(inside.items.find((i) => i.key === item.key)!.title).toBe("Só nesta transação");
        throw new Error("desfeito");
      })
      .catch(() => undefined);
    const after = await riskQueue(db(), request, filters);
    expect(after.items.find((i) => i.key === item.key)!.title).toBe(item.title);
  });

  it("recomputes an entry older than a minute even when nothing changed (the sync kind reads the clock)", async () => {
    const now = new Date();
    const request = (at: Date): QueueRequest => ({ allowed: null, today: todayInSaoPaulo(now), now: at, includeSync: true });
    const filters = { limit: 50 };
    await riskQueue(db(), request(now), filters);
    const before = stats();
    await riskQueue(db(), request(new Date(now.getTime() + 30_000)), filters);
    expect(stats().hits).toBe(before.hits + 1);
    await riskQueue(db(), request(new Date(now.getTime() + 61_000)), filters);
    expect(stats().misses).toBe(before.misses + 1);
  });

  it("has the change triggers, with a column of the table, on every table the queue's statement reads", async () => {
    const now = new Date();
    const options = { today: todayInSaoPaulo(now), now, includeSync: true };
    const read = new Set([
      ...tablesOf(queueStatementFor({ ids: null, allowed: null, options }).statement.text),
      ...tablesOf(queueStatementFor({ ids: [1], allowed: [1], options }).statement.text),
    ]);
    // The statement reads (at least) these: a parser that found fewer would prove nothing.
    for (const table of ["companies", "users", "risk_handlings", "risk_comments", "regularity_items", "accountability_obligations", "sync_source_freshness"]) expect([...read]).toContain(table);
    const triggers = rowsOf<{ table: string; name: string; args: string }>(
      await db().execute(sql`
        select c.relname as table, t.tgname as name, encode(t.tgargs, 'escape') as args
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'record_data_change' and not t.tgisinternal`),
    );
    const columns = rowsOf<{ table: string; column: string }>(await db().execute(sql`select table_name as table, column_name as column from information_schema.columns where table_schema = 'public'`));
    for (const table of read) {
      const mine = triggers.filter((t) => t.table === table);
      expect(mine.map((t) => t.name).sort(), table).toEqual(["delete", "insert", "truncate", "update"].map((op) => `${table}_changes_${op}`));
      // The argument names the client: one of the table's columns, or null::int (every client).
      const client = mine[0].args.replace(/\\000$/, "").replace(/\0$/, "");
      if (client !== "null::int") expect(columns.some((c) => c.table === table && c.column === client), `${table}.${client}`).toBe(true);
    }
  });

  it("records one row per client a statement touched, and one without a client for a table of no client", async () => {
    const [{ snapshot: first }] = rowsOf<{ snapshot: string }>(await db().execute(sql`select pg_current_snapshot()::text as snapshot`));
    const two = rowsOf<{ company_id: number }>(await db().execute(sql`select distinct company_id from regularity_items order by 1 limit 2`)).map((r) => r.company_id);
    await db().execute(sql`update regularity_items set label = label where company_id in (${sql.join(two.map((id) => sql`${id}`), sql`, `)})`);
    await db().execute(sql`update programs set name = name where id = (select min(id) from programs)`);
    const rows = rowsOf<{ company_id: number | null }>(
      await db().execute(sql`select company_id from data_changes where not pg_visible_in_snapshot(txid, ${first}::pg_snapshot) order by company_id nulls last`),
    );
    expect(rows.map((r) => r.company_id)).toEqual([...two, null]);
    expect(await changedSince(db(), first, [two[0]])).toBe(true);
    expect(await changedSince(db(), first, [-1])).toBe(true); // the programs' row concerns every client
  });

  it.skipIf(!serverUrl)("checks an entry through the log's index even in the generic plan a prepared statement ends up with (PostgreSQL)", async () => {
    const other = await otherConnection();
    try {
      // A log of some size, all of it older than the snapshot checked.
      await other.query("begin");
      await other.query("insert into data_changes (company_id) select g % 1000 from generate_series(1, 20000) g");
      await other.query("analyze data_changes");
      await other.query("set local plan_cache_mode = force_generic_plan");
      // Its parameters: the snapshot, every client or not, the clients, the snapshot again.
      await other.query(`prepare changed_check(text, boolean, int[], text) as ${changedSinceText}`);
      const plan = (await other.query("explain execute changed_check(pg_current_snapshot()::text, false, '{1,2}', pg_current_snapshot()::text)")) as { rows: { "QUERY PLAN": string }[] };
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toContain("data_changes_txid_idx");
      expect(text).not.toContain("Seq Scan");
      await other.query("rollback");
    } finally {
      await other.close();
    }
  });

  it("prunes, every run, only the rows every cache entry already sees: older than the previous run's snapshot taken two minutes before", async () => {
    await db().delete(dataChangeHorizon);
    await db().execute(sql`update regularity_items set label = label where id = (select min(id) from regularity_items)`);
    const count = async () => rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from data_changes`))[0].n;
    expect(await count()).toBeGreaterThan(0);
    // The first run only remembers its snapshot.
    expect(await pruneDataChanges(db())).toBe(0);
    const [horizon] = await db().select().from(dataChangeHorizon);
    // A cached entry taken now, then a write after the horizon's snapshot.
    const now = new Date();
    const request: QueueRequest = { allowed: null, today: todayInSaoPaulo(now), now, includeSync: true };
    await riskQueue(db(), request, { limit: 10 });
    await db().execute(sql`update regularity_items set label = label where id = (select max(id) from regularity_items)`);
    const after = await count();
    // Too soon (another instance, a schedule fired twice): nothing pruned, the horizon kept.
    expect(await pruneDataChanges(db())).toBe(0);
    expect((await db().select().from(dataChangeHorizon))[0].snapshot).toBe(horizon.snapshot);
    // Two minutes on: the rows before the horizon go, the newer write stays and still invalidates the entry.
    await db().update(dataChangeHorizon).set({ takenAt: sql`now() - interval '3 minutes'` });
    const pruned = await pruneDataChanges(db());
    expect(pruned).toBeGreaterThan(0);
    expect(await count()).toBe(after - pruned);
    const kept = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from ${dataChanges} where not pg_visible_in_snapshot(txid, ${horizon.snapshot}::pg_snapshot)`))[0].n;
    expect(kept).toBeGreaterThan(0);
    const misses = stats().invalidations;
    await riskQueue(db(), request, { limit: 10 });
    expect(stats().invalidations).toBe(misses + 1);
    expect((await db().select().from(dataChangeHorizon))[0].snapshot).not.toBe(horizon.snapshot);
  });
});
