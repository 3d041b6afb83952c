import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../server/db/client";
import { seedDemo } from "../../server/db/seed";

/**
 * Every API test file starts from the same database: migrated and seeded with the demo data. Doing that
 * once per run instead of once per file (about 30 files) saves the migrations and the seed each time:
 * on PGlite a file then loads a copy of the data directory (about 1 s instead of 5–6 s), on PostgreSQL
 * it is `CREATE DATABASE … TEMPLATE` (a file copy). Made by the API project's global setup; the files
 * find it through these variables.
 */
const PGLITE_TEMPLATE = "SOL_TEST_PGLITE_TEMPLATE";
const PG_TEMPLATE = "SOL_TEST_PG_TEMPLATE";

/** Builds the template for this run and returns its removal. */
export async function buildDatabaseTemplate(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const pg = await import("pg");
    const name = `sol_template_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const run = async (statement: string) => {
      const client = new pg.default.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await run(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await seedDemo(database.db);
    await database.close();
    process.env[PG_TEMPLATE] = name;
    return () => run(`drop database if exists ${name} with (force)`);
  }
  const database = await openDatabase({});
  await seedDemo(database.db);
  // PGlite's own client, which drizzle keeps as $client: its dumpDataDir copies the whole database.
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-template-"));
  const file = path.join(dir, "pglite.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE] = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** This run's PostgreSQL template database, if the global setup made one. */
export const postgresTemplate = (): string | undefined => process.env[PG_TEMPLATE];

/** A copy of this run's PGlite template, if the global setup made one. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE];
  return file ? new Blob([readFileSync(file)]) : undefined;
}
