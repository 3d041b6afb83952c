import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { countHit } from "../limits/shared-store";

/**
 * Counts refusals that could reveal something (an e-mail already taken) per actor, so nobody can
 * probe many of them: past `max` refusals within `windowMs`, the actor is refused outright until the
 * refusals age out. In memory on one process (PGlite); in the database's rate_limits table when the
 * instances share a PostgreSQL server, so that N instances allow `max`, not N × `max`.
 */
export interface RefusalLimit {
  exceeded(key: string | number): Promise<boolean>;
  record(key: string | number): Promise<void>;
}

export interface RefusalLimitOptions {
  max: number;
  windowMs: number;
  now: () => number;
  /** Names the limit in the shared table (keys of two limits never meet). */
  name: string;
  /** The database to count in, when the instances share one; in memory when omitted. */
  shared?: Db;
}

export function refusalLimit(options: RefusalLimitOptions): RefusalLimit {
  return options.shared ? sharedRefusalLimit(options.shared, options) : memoryRefusalLimit(options);
}

/** Sliding window per process: each refusal ages out `windowMs` after it happened. */
function memoryRefusalLimit(options: RefusalLimitOptions): RefusalLimit {
  const refusals = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = options.now() - options.windowMs;
    const kept = (refusals.get(key) ?? []).filter((at) => at > since);
    if (kept.length) refusals.set(key, kept);
    else refusals.delete(key);
    return kept;
  };
  return {
    exceeded: async (key) => recent(String(key)).length >= options.max,
    async record(key) {
      const k = String(key);
      if (refusals.size >= 10_000 && !refusals.has(k)) refusals.delete(refusals.keys().next().value!);
      refusals.set(k, [...recent(k), options.now()]);
    },
  };
}

/** A window that starts at the first refusal and lasts `windowMs`, counted by the database for every instance. */
function sharedRefusalLimit(db: Db, options: RefusalLimitOptions): RefusalLimit {
  const keyOf = (key: string | number) => `refusal:${options.name}|${key}`;
  return {
    async exceeded(key) {
      const [row] = await db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, keyOf(key)), gt(rateLimits.resetsAt, sql`now()`)));
      return (row?.hits ?? 0) >= options.max;
    },
    async record(key) {
      await countHit(db, keyOf(key), options.windowMs);
    },
  };
}
