import type { Db } from "../db/client";
import { changedSince, type DbSnapshot } from "./changes";

/**
 * A cache of computed results that is never stale (issue 33: the risk queue of 30 clients within
 * 100 ms p95). Most requests for the queue find nothing changed since the previous one; recomputing
 * it (the statement, then ranking ~540 rows in Node) was ~10 ms of CPU each. So each process keeps
 * the last results, and before using one asks the database, in one cheap query, whether it still
 * holds:
 *
 * - The statement that computed the result also returned `pg_current_snapshot()`: inside one
 *   statement it is that statement's own snapshot, the exact set of transactions whose writes the
 *   result saw (committed before it was taken) and did not see (running or not yet begun).
 * - Every table the statement reads has triggers that add, in the writing transaction, a row to
 *   `data_changes` per client it touched, with that transaction's id (./changes.ts).
 * - A result is reused only when no row of its clients (or of no client: every client) is visible
 *   now yet invisible to its snapshot: such a row is a write committed after the result was taken.
 *
 * Why that is enough, without locks or a shared counter: a write and its `data_changes` row commit
 * together, so a write is either committed (the row is visible to the check, which then refuses the
 * result) or not (invisible to both the result and the check, as it would be to a fresh statement).
 * A rolled-back write never shows. The proof lives in the database, so a write through another
 * instance behind the proxy, a job or a psql session invalidates this process's results the same way.
 * A result computed by a transaction that already wrote is not kept (it saw its own uncommitted writes).
 *
 * What the database cannot vouch for is time: the queue reads `today` (part of the key) and, for the
 * sync kind, `now` by hours (a source turns stale three days after its last read). So a result is
 * trusted for at most MAX_AGE_MS, which also bounds how long the pruner must keep rows (./changes.ts).
 * Entries are bounded (least recently used out first) and frozen: callers share them.
 */

/** How long a result may be reused (the sync kind's `now` moves by the hour; a minute is invisible there). */
export const MAX_AGE_MS = 60_000;
export const MAX_ENTRIES = 200;

/** A freshly computed result, with what proves it current. */
export interface Computed<T> {
  value: T;
  /** The snapshot the result was read in. */
  snapshot: DbSnapshot;
  /** False when the computing transaction had written (its uncommitted writes are in the result). */
  cacheable: boolean;
}

interface Entry<T> {
  value: T;
  snapshot: DbSnapshot;
  /** performance.now() when the computation started (the snapshot is no older). */
  storedAt: number;
  /** The caller's clock (the app's `now`, which tests move) when it was computed. */
  clock: number;
}

export interface CacheStats {
  hits: number;
  /** No entry, or one too old. */
  misses: number;
  /** An entry the database said was stale. */
  invalidations: number;
}

export interface CacheRequest {
  key: string;
  /** The clients the result covers (null: every client): a change to any of them invalidates it. */
  ids: readonly number[] | null;
  /** The caller's clock in ms. */
  clock: number;
}

export class ValidatedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  readonly stats: CacheStats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxAgeMs = MAX_AGE_MS,
    /** Whether the clients changed since a snapshot (the database's answer; replaced only in unit tests). */
    private readonly changed: (db: Db, snapshot: DbSnapshot, ids: readonly number[] | null) => Promise<boolean> = changedSince,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The entry's value when the database proves it current; otherwise `compute`'s, kept when it may be. */
  async get(db: Db, request: CacheRequest, compute: () => Promise<Computed<T>>): Promise<T> {
    const started = performance.now();
    const entry = this.entries.get(request.key);
    if (entry && this.young(entry, started, request.clock)) {
      if (!(await this.changed(db, entry.snapshot, request.ids))) {
        this.stats.hits++;
        // Most recently used last: the Map's order is the eviction order.
        this.entries.delete(request.key);
        this.entries.set(request.key, entry);
        return entry.value;
      }
      this.stats.invalidations++;
    } else {
      this.stats.misses++;
    }
    const fresh = await compute();
    if (fresh.cacheable) this.store(request.key, { value: fresh.value, snapshot: fresh.snapshot, storedAt: started, clock: request.clock });
    else this.entries.delete(request.key);
    return fresh.value;
  }

  clear(): void {
    this.entries.clear();
  }

  private young(entry: Entry<T>, now: number, clock: number): boolean {
    return now - entry.storedAt < this.maxAgeMs && Math.abs(clock - entry.clock) < this.maxAgeMs;
  }

  private store(key: string, entry: Entry<T>): void {
    // A slower computation may finish after a newer one stored its result: keep the newer snapshot.
    const current = this.entries.get(key);
    if (current && current.storedAt > entry.storedAt) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** One cache per database handle (tests open several databases in one process; a transaction is a handle of its own). */
export function cachePerDb<T>(): (db: Db) => ValidatedCache<T> {
  const caches = new WeakMap<Db, ValidatedCache<T>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new ValidatedCache<T>();
      caches.set(db, cache);
    }
    return cache;
  };
}
