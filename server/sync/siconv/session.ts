import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Db } from "../../db/client";
import type { StageRow } from "./tables";

/**
 * One database transaction for a whole import, on either driver. Staging rows go in by COPY on
 * PostgreSQL (pg-copy-streams, at the pace the file is read) and by multi-row INSERTs on PGlite,
 * which has no COPY FROM STDIN; everything else is plain SQL, the same on both.
 */
export interface ImportSession {
  readonly driver: "postgres" | "pglite";
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** A drizzle SQL object, rendered and run in the session. */
  run<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]>;
  /** Streams batches of rows into a staging table. */
  load(table: string, columns: string[], batches: AsyncIterable<StageRow[]>): Promise<void>;
}

const dialect = new PgDialect();

/** COPY text format: tab-separated, `\N` for null, backslash escapes. */
function copyField(value: StageRow[number]): string {
  if (value === null) return "\\N";
  const text = typeof value === "number" ? String(value) : value;
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r") : text;
}

async function* copyText(batches: AsyncIterable<StageRow[]>): AsyncGenerator<string> {
  for await (const batch of batches) {
    let chunk = "";
    for (const row of batch) chunk += row.map(copyField).join("\t") + "\n";
    yield chunk;
  }
}

function postgresSession(client: PoolClient): ImportSession {
  const query = async <Row>(text: string, params?: unknown[]) => (await client.query(text, params as unknown[])).rows as Row[];
  return {
    driver: "postgres",
    query,
    run: (statement) => {
      const rendered = dialect.sqlToQuery(statement);
      return query(rendered.sql, rendered.params);
    },
    async load(table, columns, batches) {
      const copy = client.query(copyFrom(`copy ${table} (${columns.join(", ")}) from stdin`));
      await pipeline(Readable.from(copyText(batches)), copy);
    },
  };
}

/** Rows per INSERT on PGlite (each row's values are parameters; 65,535 at most). */
const INSERT_ROWS = 1000;

function pgliteSession(tx: Transaction): ImportSession {
  const query = async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows;
  return {
    driver: "pglite",
    query,
    run: (statement) => {
      const rendered = dialect.sqlToQuery(statement);
      return query(rendered.sql, rendered.params);
    },
    async load(table, columns, batches) {
      for await (const batch of batches) {
        for (let start = 0; start < batch.length; start += INSERT_ROWS) {
          const rows = batch.slice(start, start + INSERT_ROWS);
          const params: unknown[] = [];
          const tuples = rows.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(", ")})`);
          await tx.query(`insert into ${table} (${columns.join(", ")}) values ${tuples.join(", ")}`, params);
        }
      }
    },
  };
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export async function withImportSession<T>(db: Db, work: (session: ImportSession) => Promise<T>): Promise<T> {
  // The drizzle instance keeps its driver's client: a pg Pool or a PGlite instance.
  const client = (db as unknown as { $client: Pool | PGlite }).$client;
  if ("connect" in client && "totalCount" in client) {
    const connection = await client.connect();
    try {
      await connection.query("begin");
      const result = await work(postgresSession(connection));
      await connection.query("commit");
      return result;
    } catch (error) {
      await connection.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }
  return (client as PGlite).transaction((tx) => work(pgliteSession(tx)));
}
