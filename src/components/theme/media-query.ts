import { useCallback, useMemo, useSyncExternalStore } from "react";

const media = (query: string) => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query) : undefined);

/**
 * Whether a CSS media query matches, right in the first render and following changes. antd's
 * `Grid.useBreakpoint()` answers only from a layout effect: the first render is always the phone's,
 * and the right one follows synchronously in the same task, so a desktop's first load rendered and
 * committed the admin layout twice before it could paint.
 */
export function useMediaQuery(query: string): boolean {
  // One list per query for the component's life: React reads the snapshot on every render.
  const list = useMemo(() => media(query), [query]);
  const subscribe = useCallback(
    (listener: () => void) => {
      list?.addEventListener("change", listener);
      return () => list?.removeEventListener("change", listener);
    },
    [list],
  );
  const matches = useCallback(() => list?.matches ?? false, [list]);
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** antd's breakpoints (screenSM 576 px, screenMD 768 px, screenLG 992 px): from `lg` the sidebar is beside the content instead of a drawer. */
export const BREAKPOINTS = { sm: "(min-width: 576px)", md: "(min-width: 768px)", lg: "(min-width: 992px)" } as const;

export const useIsDesktop = () => useMediaQuery(BREAKPOINTS.lg);
