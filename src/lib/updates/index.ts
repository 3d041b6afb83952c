import { useEffect, useRef, useSyncExternalStore } from "react";
import { createUpdateChecker, fetchJson } from "./build-check";
import { currentRoute, isChunkLoadError, reloadAtRoute } from "./reload";
import { registerServiceWorker } from "./service-worker";

export { reloadAtRoute, isChunkLoadError, currentRoute } from "./reload";
export { lazyRoute, preloadRoutes } from "./lazy-route";

/** The id of this build (the Vite build writes it into the bundle and into builds/latest.json). */
export const BUILD_ID: string | undefined = import.meta.env.VITE_BUILD_ID || undefined;

let outdated = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Flags that a newer build is live; the next navigation reloads the page. */
export function markOutdated() {
  outdated = true;
  listeners.forEach((listener) => listener());
}

/** Service worker, build check and chunk-failure reloads. Called once by the entry point. */
export function startUpdates() {
  // A stylesheet or chunk that fails to preload ('Unable to preload CSS for …') means a new deploy
  // removed the old files: reload at the route being opened, at most once per 10 s.
  window.addEventListener("vite:preloadError", (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    console.error(error);
    if (reloadAtRoute(currentRoute())) event.preventDefault();
  });
  if (!import.meta.env.PROD || !BUILD_ID) return;
  const worker = registerServiceWorker();
  createUpdateChecker({
    currentBuildId: BUILD_ID,
    fetchJson,
    onUpdate: () => {
      worker.checkForUpdate();
      markOutdated();
    },
  }).start();
}

/**
 * Reloads at the next navigation once a newer build was seen. Each app passes its router's path (the
 * admin's React Router, the public site's own), so this module depends on neither.
 */
export function useReloadWhenOutdated(pathname: string) {
  const isOutdated = useSyncExternalStore(subscribe, () => outdated, () => outdated);
  const seen = useRef(pathname);
  useEffect(() => {
    if (pathname === seen.current) return;
    seen.current = pathname;
    if (isOutdated) window.location.reload();
  }, [pathname, isOutdated]);
}

/** An error from a failed chunk reloads at the current route (once per 10 s); other errors do not. */
export function recoverFromChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadAtRoute(currentRoute());
}
