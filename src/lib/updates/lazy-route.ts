import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { createPreloadQueue } from "./preload-queue";

type Importer = () => Promise<{ default: ComponentType }>;

/**
 * React.lazy that renders at once when its module has already loaded, and the loader that loads it.
 *
 * React's own lazy suspends on its first render even when the code is already here (the import's
 * promise settles a moment later): the nearest Suspense boundary shows its fallback, and React then
 * holds the content back until 300 ms after that fallback appeared (its fallback throttle). On the
 * admin's first load that cost up to 300 ms per boundary (the app's, then the page's) with the code
 * and the data already in. Its lazy accepts any thenable: once `load` has settled, it is given one
 * that answers at once, so the first render has the module and no fallback is shown.
 */
export function loadedLazy<T extends ComponentType>(load: () => Promise<{ default: T }>): { Component: LazyExoticComponent<T>; load: () => Promise<{ default: T }> } {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // the next render asks again (a chunk lost to a deploy or a dropped connection)
        throw error;
      },
    ));
  const settled = (module: { default: T }) => ({ then: (resolve: (value: { default: T }) => void) => resolve(module) }) as unknown as Promise<{ default: T }>;
  const Component = lazy(() => (loaded ? settled(loaded) : loadOnce()));
  return { Component, load: loadOnce };
}

const importers = new Set<Importer>();
const queue = createPreloadQueue();

/**
 * A lazily loaded route page that can be preloaded. The public site preloads its pages with
 * `preloadRoutes` once the visitor reaches for a link; the admin app preloads its files one request at a time instead, after
 * the page's data (./preload-files.ts), since one admin page's import fans out into many requests.
 */
export function lazyRoute(importer: Importer) {
  const route = loadedLazy(importer);
  importers.add(route.load);
  return route.Component;
}

/** Preloads every registered route page, 4 in parallel. */
export function preloadRoutes(): Promise<void> {
  return Promise.all([...importers].map((importer) => queue.add(importer))).then(() => undefined);
}
