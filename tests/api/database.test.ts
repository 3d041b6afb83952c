import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";

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
