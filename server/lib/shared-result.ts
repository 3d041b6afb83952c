/**
 * Shares one computation among concurrent callers and keeps its result for `ttlMs`. For figures that
 * are expensive and need not be live to the second (the consultancy-wide dashboard over every
 * municipality): ten simultaneous requests run one query, and the next minute's requests none.
 *
 * Past `ttlMs` and up to `staleMs`, a caller still gets the last result at once while one refresh runs
 * behind it; so after the first computation nobody waits for the slow query again.
 */
export function sharedResult<T>(ttlMs: number, now: () => number = Date.now, staleMs = 10 * ttlMs) {
  interface Entry {
    at: number;
    value: Promise<T>;
    /** The value resolved: it may be served stale while a refresh runs. */
    settled: boolean;
    refreshing: boolean;
  }
  const entries = new Map<string, Entry>();

  function start(key: string, compute: () => Promise<T>): Entry {
    const entry: Entry = { at: now(), value: compute(), settled: false, refreshing: false };
    entry.value.then(
      () => {
        entry.settled = true;
        if (entries.get(key) !== entry) entries.set(key, entry);
      },
      // A failure is not kept: the next caller tries again (an older result stays until then).
      () => entries.get(key) === entry && entries.delete(key),
    );
    return entry;
  }

  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    const age = hit ? now() - hit.at : Infinity;
    if (hit && age < ttlMs) return hit.value;
    if (hit?.settled && age < staleMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        // The fresh entry replaces this one once it resolves; on failure the stale one may try again.
        start(key, compute).value.catch(() => (hit.refreshing = false));
      }
      return hit.value;
    }
    const entry = start(key, compute);
    entries.set(key, entry);
    if (entries.size > 100) entries.delete(entries.keys().next().value!);
    return entry.value;
  };
}
