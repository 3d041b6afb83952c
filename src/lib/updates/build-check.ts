/**
 * Build update check (spec sections 4 and 9): the build writes builds/latest.json and
 * builds/meta/{buildId}.json; about 1 s after start the app loads its own build's metadata, then
 * compares the latest build id with its own, and again every 60 minutes. A different id means a new
 * version was deployed: the app reloads at the next navigation.
 */
export const UPDATE_CHECK = {
  firstCheckDelayMs: 1000,
  intervalMs: 60 * 60 * 1000,
  latestUrl: "/builds/latest.json",
  metaUrl: (buildId: string) => `/builds/meta/${encodeURIComponent(buildId)}.json`,
} as const;

export interface BuildMeta {
  buildId: string;
  timestamp: number;
}

export interface UpdateCheckerOptions {
  currentBuildId: string;
  fetchJson: (url: string) => Promise<unknown>;
  onUpdate: (latest: BuildMeta) => void;
  now?: () => number;
}

export interface UpdateChecker {
  start(): void;
  stop(): void;
  /** One check now (also used by the timer). Resolves true when an update was found. */
  check(): Promise<boolean>;
  readonly metadata: BuildMeta | null;
}

function isBuildMeta(value: unknown): value is BuildMeta {
  return typeof value === "object" && value !== null && typeof (value as BuildMeta).buildId === "string";
}

export function createUpdateChecker({ currentBuildId, fetchJson, onUpdate, now = Date.now }: UpdateCheckerOptions): UpdateChecker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let found = false;
  let metadata: BuildMeta | null = null;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped && !found) timer = setTimeout(() => void checker.check(), ms);
  };

  const checker: UpdateChecker = {
    get metadata() {
      return metadata;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(UPDATE_CHECK.firstCheckDelayMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    async check() {
      try {
        if (!metadata) {
          const own = await fetchJson(UPDATE_CHECK.metaUrl(currentBuildId));
          if (isBuildMeta(own)) metadata = own;
        }
        const latest = await fetchJson(`${UPDATE_CHECK.latestUrl}?t=${now()}`);
        if (isBuildMeta(latest) && latest.buildId !== currentBuildId) {
          found = true;
          clearTimeout(timer);
          onUpdate(latest);
          return true;
        }
      } catch {
        // offline or between deploys: try again at the next interval
      }
      schedule(UPDATE_CHECK.intervalMs);
      return false;
    },
  };
  return checker;
}

/** GET returning JSON, refusing non-2xx answers (an index.html fallback is not a build file). */
export async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok || !res.headers.get("content-type")?.includes("json")) throw new Error(`${url}: ${res.status}`);
  return res.json();
}
