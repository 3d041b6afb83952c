/** Route preloads run at most 4 at a time (spec section 9) so they never crowd out real work. */
export const MAX_PARALLEL_PRELOADS = 4;

export interface PreloadQueue {
  add(task: () => Promise<unknown>): Promise<void>;
  readonly running: number;
  readonly waiting: number;
}

export function createPreloadQueue(limit = MAX_PARALLEL_PRELOADS): PreloadQueue {
  const waiting: Array<() => void> = [];
  let running = 0;
  const next = () => {
    if (running >= limit) return;
    const run = waiting.shift();
    if (run) run();
  };
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    add(task) {
      return new Promise<void>((resolve) => {
        waiting.push(() => {
          running += 1;
          task()
            .catch(() => undefined) // a failed preload is retried by the real navigation
            .finally(() => {
              running -= 1;
              resolve();
              next();
            });
        });
        next();
      });
    },
  };
}
