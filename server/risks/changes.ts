import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { dataChangeHorizon, dataChanges } from "../db/schema";
import { prepareText, rowsOf, runPrepared } from "./sql";

/**
 * The log of changes the risk queue's cache is checked against (./cache.ts): `data_changes`, filled
 * by a statement-level trigger on every table the queue reads (migration 0047), one row per client a
 * committed statement touched, stamped with its transaction id. Two questions are asked of it:
 * whether anything of some clients changed since a snapshot (`changedSince`), and which rows no cache
 * can need any more (`pruneDataChanges`, every ten minutes).
 */

/** A `pg_current_snapshot()` as text ("xmin:xmax:xip,…"). */
export type DbSnapshot = string;

/**
 * Whether a change to the clients (null: any client) was committed that `snapshot` does not see.
 * Rows of transactions older than the snapshot's xmin are all visible to it (finished before it was
 * taken), so the index on txid narrows the search to the transactions since. A row this query sees is
 * committed (or this transaction's own); one invisible to the snapshot committed after it was taken.
 *
 * Written as "the newest such row" rather than EXISTS: as a prepared statement PostgreSQL soon runs
 * its generic plan, which cannot know how few rows follow the snapshot's xmin and, for EXISTS, chose
 * a sequential scan of the whole log (5 ms with 28,000 rows, against 0.02 ms); ORDER BY txid DESC
 * LIMIT 1 keeps the index in every plan (tests/api/risks-cache.test.ts).
 */
const changedStatement = prepareText(
  "data_changed_since",
  sql`select (
    select d.txid from ${dataChanges} d
    where d.txid >= pg_snapshot_xmin(${sql.placeholder("snapshot")}::pg_snapshot)
      and (d.company_id is null or ${sql.placeholder("all")}::boolean or d.company_id = any(${sql.placeholder("ids")}::int[]))
      and not pg_visible_in_snapshot(d.txid, ${sql.placeholder("snapshot")}::pg_snapshot)
    order by d.txid desc limit 1
  ) is not null as changed`,
);

/** The check's SQL text (for the test that reads its plan). */
export const changedSinceText = changedStatement.text;

export async function changedSince(db: Db, snapshot: DbSnapshot, ids: readonly number[] | null): Promise<boolean> {
  const [row] = await runPrepared<{ changed: boolean }>(db, changedStatement, { snapshot, all: ids === null, ids: ids === null ? [] : [...ids] });
  return row.changed;
}

/**
 * How old the pruner's previous snapshot must be before the rows older than it go. A cache entry is
 * trusted for at most a minute (./cache.ts, MAX_AGE_MS), so every entry still in use was taken after
 * a snapshot two minutes old: each row older than that snapshot's xmin belongs to a transaction that
 * had ended before the entry's snapshot, which therefore already sees it. Checked in SQL on the
 * database's clock, so runs too close together (a schedule fired twice, two instances) prune nothing.
 */
export const PRUNE_MIN_AGE = "2 minutes";
export const PRUNE_JOB = "data-changes-prune";
export const PRUNE_SCHEDULE = "*/10 * * * *";

/** Deletes the rows every live cache entry already sees, and remembers this run's snapshot for the next. Answers how many went. */
export async function pruneDataChanges(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with previous as (
      select h.snapshot from ${dataChangeHorizon} h where h.id and h.taken_at <= now() - interval '${sql.raw(PRUNE_MIN_AGE)}'
    ), pruned as (
      delete from ${dataChanges} d where d.txid < (select pg_snapshot_xmin(p.snapshot::pg_snapshot) from previous p) returning 1
    ), remembered as (
      insert into ${dataChangeHorizon} (id, snapshot, taken_at) values (true, pg_current_snapshot()::text, now())
      on conflict (id) do update set snapshot = excluded.snapshot, taken_at = excluded.taken_at
        where ${dataChangeHorizon.takenAt} <= now() - interval '${sql.raw(PRUNE_MIN_AGE)}'
      returning 1
    )
    select (select count(*) from pruned)::int as pruned`);
  return rowsOf<{ pruned: number }>(result)[0].pruned;
}

/** The pruning on the job runner: on PostgreSQL pg-boss fires it once per due time across instances. */
export function scheduleDataChangesPruning(app: FastifyInstance): void {
  app.jobs.define({
    name: PRUNE_JOB,
    schedule: PRUNE_SCHEDULE,
    timeoutMinutes: 5,
    handler: async () => {
      const pruned = await pruneDataChanges(app.db);
      if (pruned > 0) app.log.debug({ pruned }, "data_changes podado");
    },
  });
}
