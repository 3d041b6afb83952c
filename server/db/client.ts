import path from "node:path";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: every query is written once. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** The connection string, for PostgreSQL (other clients of the same database: the job queue, COPY). */
  url?: string;
  /** PGlite: the bytes of the WebAssembly memory PostgreSQL runs in (it only grows). */
  wasmBytes?: () => number;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface OpenOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string;
  /**
   * PostgreSQL cancels any statement of the app's pool running longer than this (ms; 0: never). A
   * request then fails with 503 instead of holding a connection; migrations run on their own
   * connection without it. PGlite runs one statement at a time in this process and has no timer.
   */
  statementTimeoutMs?: number;
  /** PGlite: start from this copy of a database (PGlite's `dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}

/**
 * PGlite runs PostgreSQL inside this process's WebAssembly memory, which grows to PostgreSQL's highest
 * use and never gives memory back. What PostgreSQL caches and may take for one operation is capped so
 * the server stays small after load (README, "PGlite's memory"): the buffer cache (PostgreSQL's
 * default here is 160 MB; the operating system's file cache still holds the data files), index builds
 * and ANALYZE, and each sort or hash. Measured with `npm run bench`.
 */
export const PGLITE_MEMORY_CAPS = ["shared_buffers=48MB", "maintenance_work_mem=16MB", "work_mem=4MB", "temp_buffers=8MB"];

/** The default of DB_STATEMENT_TIMEOUT_MS. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/** Opens the database and applies every pending migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pg = await import("pg");
    // numeric stays a string (exact money); int8 counts fit in a JS number here.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    const migrator = new pg.default.Client({ connectionString: options.databaseUrl });
    await migrator.connect();
    try {
      await migrate(drizzle(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const pool = new pg.default.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    });
    watchIdleErrors(pool);
    releaseDeadCheckouts(pool);
    const sockets = openSockets(pool);
    const db = drizzle(pool, { schema });
    return { db: db as unknown as Db, driver: "postgres", url: options.databaseUrl, close: () => endPool(pool, sockets) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_CAPS.flatMap((setting) => ["-c", setting])],
    extensions: { unaccent, pg_trgm, btree_gin },
    parsers: { 20: (v: string) => Number(v) },
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // PGlite keeps its Emscripten module protected; its memory size is read for the footprint figures only.
  const wasmBytes = () => (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0;
  return { db: db as unknown as Db, driver: "pglite", wasmBytes, close: () => client.close() };
}

type Pool = import("pg").Pool;
type Socket = import("node:net").Socket;

/**
 * An idle connection the server drops (a restart, an admin's terminate, a dropped database) makes
 * the pool emit "error"; unheard, that would crash the process. The pool discards that connection
 * and opens a new one on the next query, so a warning is all it needs.
 */
function watchIdleErrors(pool: Pool): void {
  pool.on("error", (error) => {
    if (pool.ending) return;
    process.emitWarning(`Conexão ociosa com o PostgreSQL encerrada: ${error.message}`);
  });
  // A checked-out connection (a transaction waiting between statements) has no pool listener: its
  // "error" would be unheard and crash the process. The statement in flight, or the next one, fails
  // with the error instead (a 503, server/lib/errors.ts), and the pool drops the broken client on release.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
}

/**
 * A checked-out connection the server cuts goes back to the pool at once (which discards it), and
 * its holder's own release later does nothing. Without this, a transaction whose BEGIN fails on a
 * cut connection never releases it (drizzle runs BEGIN outside its try/finally): each such failure
 * would keep one of the pool's connections forever, until every request waited for one.
 */
function releaseDeadCheckouts(pool: Pool): void {
  const connect = pool.connect.bind(pool);
  const guarded = async () => {
    const client = await connect();
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener("end", onEnd);
      release(error);
    };
    const onEnd = () => releaseOnce(new Error("Connection terminated unexpectedly"));
    client.once("end", onEnd);
    client.release = releaseOnce;
    return client;
  };
  // drizzle's transactions check out with connect() and no callback; pool.query passes one.
  pool.connect = ((callback?: Parameters<Pool["connect"]>[0]) => (callback ? connect(callback) : guarded())) as Pool["connect"];
}

/** The sockets of the pool's connections that are still open, from the moment each connects. */
function openSockets(pool: Pool): Set<Socket> {
  const open = new Set<Socket>();
  pool.on("connect", (client) => {
    // node-postgres keeps the socket of a client on its connection (not in its typings).
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  return open;
}

/**
 * pool.end() resolves before its connections have closed; wait until every socket has. Waiting on
 * the sockets themselves (not on the pool's "remove" events) also covers a connection the server
 * already cut, whose client may never report its end.
 */
async function endPool(pool: Pool, sockets: Set<Socket>): Promise<void> {
  await pool.end();
  await Promise.all([...sockets].map((socket) => (socket.closed ? undefined : new Promise((resolve) => socket.once("close", resolve)))));
}
