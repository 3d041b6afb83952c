import { useSyncExternalStore } from "react";
import { themeStore } from "./theme-store";
import type { ThemeSettings } from "./settings";

export { themeStore } from "./theme-store";
export * from "./settings";

/** The current theme settings; re-renders when any changes. */
export function useThemeSettings(): ThemeSettings {
  return useSyncExternalStore(themeStore.subscribe, themeStore.getState, themeStore.getState);
}
export { usePrefersReducedMotion } from "./reduced-motion";
export { BREAKPOINTS, useIsDesktop, useMediaQuery } from "./media-query";
