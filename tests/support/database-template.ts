import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../../server/db/client";
import { seedDemo, writeDemoFiles } from "../../server/db/seed";
import { diskStore } from "../../server/storage/disk";

/**
 * Every API test file starts from the same database: migrated and seeded with the demo data. Doing that
 * once per run instead of once per file (about 30 files) saves the migrations and the seed each time:
 * on PGlite a file then loads a copy of the data directory (about 1 s instead of 5–6 s), on PostgreSQL
 * it is `CREATE DATABASE … TEMPLATE` (a file copy). Made by the API project's global setup; the files
 * find it through these variables.
 */
const PGLITE_TEMPLATE = "SOL_TEST_PGLITE_TEMPLATE";
const PG_TEMPLATE = "SOL_TEST_PG_TEMPLATE";
const UPLOADS_TEMPLATE = "SOL_TEST_UPLOADS_TEMPLATE";

/**
 * The seed's second half, done once for the run too: the demo records' files (models, project photos
 * and documents, quote evidence: PDFs, DOCX, XLSX, JPEGs) written to a folder every test file copies,
 * with the file sizes they record in the database. Made per file, they cost 4–9 s of CPU each (pdfmake
 * and the image encoder), about a third of a small file's fixed cost.
 */
async function writeTemplateFiles(database: Database, dir: string): Promise<void> {
  const uploads = path.join(dir, "uploads");
  await writeDemoFiles(database.db, diskStore(uploads)).all;
  process.env[UPLOADS_TEMPLATE] = uploads;
}

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
    const dir = mkdtempSync(path.join(os.tmpdir(), "sol-template-"));
    await seedDemo(database.db);
    await writeTemplateFiles(database, dir);
    await database.close();
    process.env[PG_TEMPLATE] = name;
    return async () => {
      rmSync(dir, { recursive: true, force: true });
      await run(`drop database if exists ${name} with (force)`);
    };
  }
  const database = await openDatabase({});
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-template-"));
  await seedDemo(database.db);
  await writeTemplateFiles(database, dir);
  // PGlite's own client, which drizzle keeps as $client: its dumpDataDir copies the whole database.
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  await database.close();
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

/**
 * Copies this run's demo files into a test file's upload folder, if the global setup made them: the
 * seed's writeDemoFiles then finds every file in place (it writes only missing ones) and the database
 * copy already records their sizes. Returns whether it copied.
 */
export function copyTemplateUploads(uploadsDir: string): boolean {
  const source = process.env[UPLOADS_TEMPLATE];
  if (!source) return false;
  cpSync(source, uploadsDir, { recursive: true });
  return true;
}
