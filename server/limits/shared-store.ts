import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

/** What @fastify/rate-limit (v10) asks of a store: count one hit on a key and say how long its window has left. */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type ChildOptions = Parameters<FastifyRateLimitStore["child"]>[0];
/**
 * The plugin's types call `child`'s argument route options; at run time (v10) it is the route's merged
 * limit settings, with the route itself under `routeInfo` (what its own Redis store keys by).
 */
interface StoreRoute {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Rows past their reset are deleted at most this often per instance (the next hit would restart them anyway). */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Counts one hit on `key` within a window of `windowMs`, in one statement, so that any number of
 * instances incrementing the same key at once each see a distinct count: the first hit (or the first
 * after the window ended) starts the window at 1, the others add 1. The database's clock decides the
 * window, so instances with drifting clocks still agree. Answers the count and the window's remaining ms.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = (await db.execute(sql`
    insert into rate_limits as r (key, hits, resets_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::bigint as ttl
  `)) as unknown as { rows: { hits: number; ttl: string | number }[] };
  const [row] = result.rows;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/**
 * A store for @fastify/rate-limit whose counters live in PostgreSQL, so N instances behind a load
 * balancer enforce one limit (with the default in-memory store each would allow `max` on its own, N
 * times looser, and a restart would forget). The plugin builds it with `new`, once, then asks a child
 * per limited route: the child's keys carry the route, as the plugin's own stores do.
 */
export function sharedRateLimitStore(db: Db, now: () => number = Date.now) {
  let lastSweep = now();
  const sweep = () => {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    // A failed sweep loses nothing: the rows are swept on a later one.
    void db
      .delete(rateLimits)
      .where(lt(rateLimits.resetsAt, sql`now()`))
      .catch(() => undefined);
  };

  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(_options?: unknown, prefix = "") {
      this.prefix = prefix;
    }

    /** The plugin passes the route's window (ms) and max after the callback; the window defaults to its own default, a minute. */
    incr(key: string, callback: IncrCallback, timeWindow = 60_000): void {
      sweep();
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: ChildOptions): SharedRateLimitStore {
      const route = options as unknown as StoreRoute;
      const method = [route.routeInfo?.method ?? ""].flat().join(",");
      return new SharedRateLimitStore(undefined, `${this.prefix}${method} ${route.routeInfo?.url ?? ""}|`);
    }
  }
  return SharedRateLimitStore;
}
