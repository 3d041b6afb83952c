import { useMediaQuery } from "./media-query";

/**
 * Whether the person asked the system for less motion (WCAG 2.3.3): antd's zooms, slides and click
 * waves are then left out, which also spares a slow phone the frames. Follows a change of the setting.
 */
export const usePrefersReducedMotion = (): boolean => useMediaQuery("(prefers-reduced-motion: reduce)");
