import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../server/db/client";
import { ValidatedCache, type Computed } from "../../../server/risks/cache";

/**
 * The risk queue's cache without a database: the database's answer ("changed since this snapshot?")
 * is a stub, so these tests pin what the cache does with it: bounded, least recently used out first,
 * never older than its age limit, never keeping a result read by a transaction that had written.
 */

const db = {} as Db;
const computed = (value: string, snapshot = "10:10:", cacheable = true): Computed<string> => ({ value, snapshot, cacheable });

function cacheWith(changed: (snapshot: string, ids: readonly number[] | null) => boolean, maxEntries = 3, maxAgeMs = 60_000) {
  const check = vi.fn(async (_db: Db, snapshot: string, ids: readonly number[] | null) => changed(snapshot, ids));
  return { cache: new ValidatedCache<string>(maxEntries, maxAgeMs, check), check };
}

afterEach(() => vi.useRealTimers());

describe("the risk queue's cache", () => {
  it("reuses a result while the database says nothing changed, asking it about the result's own snapshot and clients", async () => {
    const { cache, check } = cacheWith(() => false);
    const compute = vi.fn(async () => computed("fila"));
    expect(await cache.get(db, { key: "a", ids: [1, 2], clock: 0 }, compute)).toBe("fila");
    expect(await cache.get(db, { key: "a", ids: [1, 2], clock: 0 }, compute)).toBe("fila");
    expect(compute).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith(db, "10:10:", [1, 2]);
    expect(cache.stats).toEqual({ hits: 1, misses: 1, invalidations: 0 });
  });

  it("recomputes when the database says the clients changed, and keeps the new result", async () => {
    let changed = true;
    const { cache } = cacheWith(() => changed);
    await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("antes", "10:10:"));
    expect(await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("depois", "12:12:"))).toBe("depois");
    changed = false;
    expect(await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("nunca"))).toBe("depois");
    expect(cache.stats).toEqual({ hits: 1, misses: 1, invalidations: 1 });
  });

  it("does not keep a result computed by a transaction that had written", async () => {
    const { cache } = cacheWith(() => false);
    await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("não confirmado", "10:10:", false));
    expect(cache.size).toBe(0);
    expect(await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("confirmado"))).toBe("confirmado");
  });

  it("recomputes a result older than its age limit, on the process's clock or the caller's", async () => {
    vi.useFakeTimers();
    const { cache, check } = cacheWith(() => false, 3, 60_000);
    await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("1"));
    // The caller's clock (the app's `now`) moved a minute: too old, whatever the process's clock says.
    expect(await cache.get(db, { key: "a", ids: null, clock: 60_000 }, async () => computed("2"))).toBe("2");
    vi.advanceTimersByTime(61_000);
    expect(await cache.get(db, { key: "a", ids: null, clock: 60_000 }, async () => computed("3"))).toBe("3");
    expect(check).not.toHaveBeenCalled();
    expect(cache.stats.misses).toBe(3);
  });

  it("holds at most its bound of entries, dropping the least recently used", async () => {
    const { cache } = cacheWith(() => false, 3);
    for (const key of ["a", "b", "c"]) await cache.get(db, { key, ids: null, clock: 0 }, async () => computed(key));
    // "a" used again: "b" is now the least recently used.
    await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("outro"));
    await cache.get(db, { key: "d", ids: null, clock: 0 }, async () => computed("d"));
    expect(cache.size).toBe(3);
    expect(await cache.get(db, { key: "a", ids: null, clock: 0 }, async () => computed("recalculado"))).toBe("a");
    expect(await cache.get(db, { key: "b", ids: null, clock: 0 }, async () => computed("recalculado"))).toBe("recalculado");
  });
});
