/** The page loading bar's constants (spec sections 2 and 9). */
export const LOADING_BAR = {
  color: "#4fad32",
  /** Work shorter than this never shows the bar. */
  throttleMs: 200,
  /** Time the bar takes to get most of the way while work goes on. */
  durationMs: 2000,
  heightPx: 3,
  /** How long the full bar stays after the work ends. */
  hideDelayMs: 500,
  /** After hiding, when progress goes back to 0. */
  resetDelayMs: 400,
  tickMs: 100,
} as const;

export interface LoadingBarState {
  visible: boolean;
  /** 0 to 100. */
  progress: number;
}

export interface LoadingBar {
  getState(): LoadingBarState;
  subscribe(listener: () => void): () => void;
  /** One more piece of work began (navigation, a chunk, a request). */
  start(): void;
  /** One piece of work ended. The bar completes when none is left. */
  finish(): void;
  /** Runs the bar for the life of a promise. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once no work is pending (at once when none is). */
  whenIdle(): Promise<void>;
}

/** Progress while loading: approaches 100 without reaching it (an arctangent over the duration). */
export function estimatedProgress(elapsedMs: number, durationMs: number): number {
  return Math.min(99, (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50));
}

/**
 * idle → (throttle) → loading → finished at 100% → hidden after the hide delay → reset to 0 after
 * the reset delay (spec section 4). Concurrent work is counted, so the bar completes once, at the end.
 */
export function createLoadingBar(options: Partial<typeof LOADING_BAR> = {}): LoadingBar {
  const { throttleMs, durationMs, hideDelayMs, resetDelayMs, tickMs } = { ...LOADING_BAR, ...options };
  let state: LoadingBarState = { visible: false, progress: 0 };
  let pending = 0;
  let startedAt = 0;
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let reset: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  let idleWaiters: (() => void)[] = [];

  const set = (next: LoadingBarState) => {
    if (next.visible === state.visible && next.progress === state.progress) return;
    state = next;
    listeners.forEach((listener) => listener());
  };
  const clear = () => {
    clearTimeout(throttle);
    clearInterval(ticker);
    clearTimeout(hide);
    clearTimeout(reset);
    throttle = ticker = hide = reset = undefined;
  };
  const show = () => {
    throttle = undefined;
    startedAt = Date.now();
    set({ visible: true, progress: 0 });
    ticker = setInterval(() => set({ visible: true, progress: estimatedProgress(Date.now() - startedAt, durationMs) }), tickMs);
  };

  const bar: LoadingBar = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      pending += 1;
      if (pending > 1 || ticker || throttle) return;
      clear();
      if (state.visible) show(); // a new load while the previous one was still fading
      else throttle = setTimeout(show, throttleMs);
    },
    finish() {
      if (pending === 0) return;
      pending -= 1;
      if (pending > 0) return;
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
      if (throttle) {
        clear(); // finished before the throttle: never shown
        return;
      }
      clear();
      set({ visible: true, progress: 100 });
      hide = setTimeout(() => {
        set({ visible: false, progress: 100 });
        reset = setTimeout(() => set({ visible: false, progress: 0 }), resetDelayMs);
      }, hideDelayMs);
    },
    track(work) {
      bar.start();
      return work.finally(() => bar.finish());
    },
    whenIdle() {
      return pending === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
  return bar;
}

/** The page's loading bar, shared by navigation, lazy routes and data requests. */
export const loadingBar = createLoadingBar();
