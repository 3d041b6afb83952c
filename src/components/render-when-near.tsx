import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * How far below the screen content starts to mount: one screen's height, so a quick scroll finds it
 * already drawn, and a desktop screen (the dashboard's lower cards start about 1,200 px down under a
 * 720 px screen) mounts it at once, while a phone's first screen (they start 2,400 px down) does not.
 */
export const NEAR_MARGIN = "100%";

/**
 * Mounts `children` once the spot where they go comes within {@link NEAR_MARGIN} of the screen, and
 * keeps them mounted from then on. Content far under the first screen of a phone (the dashboard's
 * lower cards, antd's Table among them) then costs nothing on a first load: neither its code, nor its
 * requests, nor its render, which on a slow phone blocked the page for hundreds of milliseconds
 * (issue 36, item 7). Where the browser cannot tell (no IntersectionObserver) it mounts at once.
 */
export function RenderWhenNear({ children }: { children: ReactNode }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const element = spot.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${NEAR_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return near ? children : <div ref={spot} data-testid="render-when-near" />;
}
