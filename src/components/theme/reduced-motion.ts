import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

const media = () => (typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(QUERY) : undefined);

function subscribe(listener: () => void): () => void {
  const list = media();
  list?.addEventListener("change", listener);
  return () => list?.removeEventListener("change", listener);
}

const reduced = () => media()?.matches ?? false;

/**
 * Whether the person asked the system for less motion (WCAG 2.3.3): antd's zooms, slides and click
 * waves are then left out, which also spares a slow phone the frames. Follows a change of the setting.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
