import { lazy, type ComponentType } from "react";
import { createPreloadQueue } from "./preload-queue";

type Importer = () => Promise<{ default: ComponentType }>;

const importers = new Set<Importer>();
const queue = createPreloadQueue();

/**
 * A lazily loaded route page that can be preloaded. The public site preloads its pages with
 * `preloadRoutes` once the visitor reaches for a link; the admin app preloads its files one request at a time instead, after
 * the page's data (./preload-files.ts), since one admin page's import fans out into many requests.
 */
export function lazyRoute(importer: Importer) {
  importers.add(importer);
  return lazy(importer);
}

/** Preloads every registered route page, 4 in parallel. */
export function preloadRoutes(): Promise<void> {
  return Promise.all([...importers].map((importer) => queue.add(importer))).then(() => undefined);
}
