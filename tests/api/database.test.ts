import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { isDatabaseUnavailable } from "../../server/lib/errors";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";

const serverUrl = process.env.TEST_DATABASE_URL;

/** Only a PostgreSQL server can drop a connection under the pool; PGlite has none to drop. */
describe.skipIf(!serverUrl)("PostgreSQL connections", () => {
  const name = `sol_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const databaseUrl = () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const terminateOthers = () =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);

  it("survives the server terminating an idle connection, and the next query reconnects", async () => {
    const database = await openDatabase({ databaseUrl: databaseUrl() });
    try {
      await database.db.execute(sql`select 1`);
      const { rowCount } = await terminateOthers();
      expect(rowCount).toBeGreaterThan(0);
      // Give the pool time to hear the termination: unhandled, it would be an uncaught error here.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = (await database.db.execute(sql`select 41 + 1 as answer`)) as unknown as { rows: { answer: number }[] };
      expect(result.rows[0].answer).toBe(42);
    } finally {
      await database.close();
    }
  });

  it("closes every connection before close() resolves, so the database can be dropped at once", async () => {
    const database = await openDatabase({ databaseUrl: databaseUrl() });
    await Promise.all(Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    await database.close();
    // A connection still closing would be terminated by this and report an error to nobody.
    await terminateOthers();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
});

/** Hole 4: PostgreSQL dropping connections during writes costs a 503, never the process. */
describe.skipIf(!serverUrl)("PostgreSQL dropping connections under the server", () => {
  let ctx: TestContext;
  let manager: ReturnType<typeof as>;
  const admin = new pg.Client({ connectionString: serverUrl });
  beforeAll(async () => {
    ctx = await createTestContext();
    manager = as(ctx.app, await sessionCookie(ctx.app, "gestor@demo.local"));
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await ctx?.close();
  });
  const terminateApp = (except: number[] = []) =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> all($2::int[])", [ctx.databaseName, except]);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("a connection dropped while a transaction waits between statements fails that transaction as 'unavailable', and the pool goes on", async () => {
    let caught: unknown;
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await terminateApp();
        // The checked-out client hears the termination now, with no query of its own running.
        await sleep(200);
        await tx.execute(sql`select 2`);
      })
      .catch((error) => (caught = error));
    expect(isDatabaseUnavailable(caught)).toBe(true);
    const result = (await ctx.database.db.execute(sql`select 41 + 1 as answer`)) as unknown as { rows: { answer: number }[] };
    expect(result.rows[0].answer).toBe(42);
  });

  it("a write whose connection is terminated answers 503 in pt-BR, and the next write succeeds", async () => {
    // Hold the row the write needs, so its UPDATE is certainly in flight when its connection dies.
    const locker = new pg.Client({ connectionString: new URL(`/${ctx.databaseName}`, serverUrl).toString() });
    await locker.connect();
    const lockerPid = (await locker.query("select pg_backend_pid() as pid")).rows[0].pid as number;
    await locker.query("begin");
    await locker.query("select 1 from users where id = 3 for update");
    const pending = manager({ method: "PATCH", url: "/api/users/3", payload: { phone: "(12) 90000-0001" } });
    for (let i = 0; i < 50; i++) {
      const waiting = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'", [ctx.databaseName]);
      if (waiting.rows[0].n > 0) break;
      await sleep(50);
    }
    await terminateApp([lockerPid]);
    const res = await pending;
    await locker.query("rollback");
    await locker.end();
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("O banco de dados está indisponível no momento. Tente novamente em instantes.");
    expect(res.headers["retry-after"]).toBe("5");
    const next = await manager({ method: "PATCH", url: "/api/users/3", payload: { phone: "(12) 90000-0002" } });
    expect(next.statusCode).toBe(200);
    expect(next.json().phone).toBe("(12) 90000-0002");
  });

  it("under repeated terminations during parallel writes every answer is 200 or 503, and all succeed afterwards", async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const writes = Array.from({ length: 6 }, (_, i) =>
        manager({ method: "PATCH", url: "/api/users/3", payload: { name: `Usuária Teste ${round}${i}` } }).then((res) => statuses.push(res.statusCode)),
      );
      await sleep(5 + round * 7);
      await terminateApp();
      await Promise.all(writes);
    }
    expect(statuses).toHaveLength(30);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const after = await Promise.all(Array.from({ length: 6 }, (_, i) => manager({ method: "PATCH", url: "/api/users/3", payload: { name: `Usuária Final ${i}` } })));
    expect(after.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
  });
});
