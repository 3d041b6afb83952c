/**
 * Reloading the page at a route, guarded so that a page whose code keeps failing cannot reload in a
 * loop: a second reload within 10 s is refused (spec section 9, "payload reload guard 10 s").
 */
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = "sol:reload";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export interface ReloadDeps {
  storage?: KeyValueStorage;
  now?: () => number;
  navigate?: (url: string) => void;
}

/** Reloads at `target` unless the last guarded reload was less than 10 s ago. Returns whether it reloads. */
export function reloadAtRoute(target: string, deps: ReloadDeps = {}): boolean {
  const storage = deps.storage ?? safeSessionStorage();
  const now = (deps.now ?? Date.now)();
  const last = Number(storage?.getItem(GUARD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  try {
    storage?.setItem(GUARD_KEY, String(now));
  } catch {
    return false; // without the guard a reload could loop: do not reload
  }
  (deps.navigate ?? ((url) => window.location.assign(url)))(target);
  return true;
}

function safeSessionStorage(): KeyValueStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function currentRoute(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether an error is a failed chunk (JS or CSS) load, i.e. the app's code changed on the server. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return CHUNK_ERROR.test(message);
}
