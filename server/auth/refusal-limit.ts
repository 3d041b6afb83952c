/**
 * Counts refusals that could reveal something (an e-mail already taken) per actor, so nobody can
 * probe many of them: past `max` refusals within `windowMs`, the actor is refused outright until the
 * oldest ones age out. In memory, per server instance.
 */
export interface RefusalLimit {
  exceeded(key: string | number): boolean;
  record(key: string | number): void;
}

export function refusalLimit(options: { max: number; windowMs: number; now: () => number }): RefusalLimit {
  const refusals = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = options.now() - options.windowMs;
    const kept = (refusals.get(key) ?? []).filter((at) => at > since);
    if (kept.length) refusals.set(key, kept);
    else refusals.delete(key);
    return kept;
  };
  return {
    exceeded: (key) => recent(String(key)).length >= options.max,
    record(key) {
      const k = String(key);
      if (refusals.size >= 10_000 && !refusals.has(k)) refusals.delete(refusals.keys().next().value!);
      refusals.set(k, [...recent(k), options.now()]);
    },
  };
}
