/**
 * Shares one computation among concurrent callers and keeps its result for `ttlMs`. For figures that
 * are expensive and need not be live to the second (the consultancy-wide dashboard over every
 * municipality): ten simultaneous requests run one query, and the next minute's requests none.
 */
export function sharedResult<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = compute();
    entries.set(key, { at: now(), value });
    // A failure is not kept: the next caller tries again.
    value.catch(() => entries.get(key)?.value === value && entries.delete(key));
    if (entries.size > 100) entries.delete(entries.keys().next().value!);
    return value;
  };
}
