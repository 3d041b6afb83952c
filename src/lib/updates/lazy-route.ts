import { lazy, type ComponentType } from "react";
import { createPreloadQueue } from "./preload-queue";

type Importer = () => Promise<{ default: ComponentType }>;

const importers = new Set<Importer>();
const queue = createPreloadQueue();

/**
 * A lazily loaded route page that can be preloaded. Pages declared with it are fetched in the
 * background once the app is idle, at most 4 at a time (spec section 9).
 */
export function lazyRoute(importer: Importer) {
  importers.add(importer);
  return lazy(importer);
}

/** Preloads every registered route page, 4 in parallel. */
export function preloadRoutes(): Promise<void> {
  return Promise.all([...importers].map((importer) => queue.add(importer))).then(() => undefined);
}
