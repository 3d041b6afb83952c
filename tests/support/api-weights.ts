/**
 * The API files that run far longer than the rest, with their usual seconds on PGlite (reports/api.json
 * of a run at load 6–12). A file not listed counts as LIGHT_FILE_SECONDS.
 *
 * Why it matters: on a fresh clone Vitest has no timings cached and starts the largest files (by bytes)
 * first; fuzz.test.ts (5–6 min) then started late and ran alone at the end while the other worker sat
 * idle. And `--shard` splits files by a hash of their path, which could put fuzz, the sync files and the
 * production start in one shard. With these weights the long files start first and the shards get
 * about the same amount of work.
 */
export const HEAVY_FILES: Record<string, number> = {
  "fuzz.test.ts": 340,
  "transferegov-sync.test.ts": 120,
  "production-start.test.ts": 90,
  "transferegov-work-plans.test.ts": 75,
  "transferegov-money-trail.test.ts": 60,
  "readiness.test.ts": 50,
  "vocabulary-contract.test.ts": 30,
  "companies.test.ts": 30,
  "auth.test.ts": 25,
  "security-gates.test.ts": 22,
  "security-limits.test.ts": 20,
};
export const LIGHT_FILE_SECONDS = 10;

export const weightOf = (name: string) => HEAVY_FILES[name] ?? LIGHT_FILE_SECONDS;

/**
 * Deals files to `count` shards, heaviest first, each to the shard with the least work so far (ties:
 * the lower shard). The same input always gives the same split, so shard 1/2 and 2/2 of one run cover
 * every file exactly once.
 */
export function balancedShards<T>(items: T[], name: (item: T) => string, count: number): T[][] {
  const ordered = [...items].sort((a, b) => weightOf(name(b)) - weightOf(name(a)) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
  const shards = Array.from({ length: count }, () => ({ items: [] as T[], seconds: 0 }));
  for (const item of ordered) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.items.push(item);
    lightest.seconds += weightOf(name(item));
  }
  return shards.map((shard) => shard.items);
}
