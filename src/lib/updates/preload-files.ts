import { nextTask } from "../next-task";
import { createPreloadQueue, MAX_PARALLEL_PRELOADS } from "./preload-queue";

/**
 * The admin app's other pages, loaded into the HTTP cache in the background so that the next click
 * does not wait (spec section 9), without crowding the page being opened (issue 12, item 7):
 * - it begins only once the page's own data has arrived (nothing pending on the loading bar) and the
 *   browser is idle;
 * - it counts files, not pages: at most 4 requests in flight (one page's import fans out into many);
 * - it pauses while anything else loads: a page opened meanwhile gets the connections for its own
 *   code and data instead of queueing behind the preloads (a click on a slow phone during the
 *   preload waited seconds for its chunks);
 * - it skips what the page already loaded, and asks at low priority.
 * The list of files is the build's (builds/files/{buildId}.json, scripts/build-meta.ts).
 */
export interface PreloadFilesDeps {
  /** Resolves once nothing is loading (the page's data and code are in). */
  whenIdle: () => Promise<void>;
  /** The browser's idle time after that. */
  idle: () => Promise<void>;
  listFiles: () => Promise<string[]>;
  /** Files this page already requested. */
  loaded: () => Set<string>;
  fetchFile: (url: string) => Promise<unknown>;
  limit?: number;
}

export async function preloadFiles(deps: PreloadFilesDeps): Promise<number> {
  // The page mounted: its requests go out in the effects that follow; wait for them to come back.
  await nextTask();
  await deps.whenIdle();
  await deps.idle();
  await deps.whenIdle();
  const loaded = deps.loaded();
  const files = (await deps.listFiles()).filter((file) => !loaded.has(file));
  const queue = createPreloadQueue(deps.limit ?? MAX_PARALLEL_PRELOADS);
  await Promise.all(
    files.map((file) =>
      queue.add(async () => {
        await deps.whenIdle();
        await deps.fetchFile(file);
      }),
    ),
  );
  return files.length;
}

const browserIdle = () =>
  new Promise<void>((resolve) => (window.requestIdleCallback ? window.requestIdleCallback(() => resolve(), { timeout: 3000 }) : window.setTimeout(resolve, 1000)));

/**
 * One file into the HTTP cache as a `<link rel="prefetch">`: the browser fetches it at idle priority
 * and keeps it without handing the body to the page's main thread, as reading a `fetch()` did.
 */
function prefetchFile(url: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = url;
    link.onload = link.onerror = () => {
      link.remove();
      resolve();
    };
    document.head.append(link);
  });
}

/** The browser's side: the build's file list, the resource timing of this page, idle-priority prefetches. */
export function browserPreloadDeps(buildId: string, whenIdle: () => Promise<void>): PreloadFilesDeps {
  return {
    whenIdle,
    idle: browserIdle,
    listFiles: async () => {
      const res = await fetch(`/builds/files/${buildId}.json`);
      if (!res.ok) return [];
      return ((await res.json()) as { admin?: string[] }).admin ?? [];
    },
    loaded: () => new Set(performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname)),
    fetchFile: prefetchFile,
  };
}
