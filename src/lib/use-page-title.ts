import { useEffect, useState } from "react";
import { useLocation } from "react-router";

/** Titles of the screens on the page, by mount order: the innermost (last mounted) wins. */
const mounted = new Map<number, string>();
let sequence = 0;

function apply() {
  const innermost = Math.max(...mounted.keys());
  if (Number.isFinite(innermost)) document.title = mounted.get(innermost)!;
}

/**
 * The document title of a screen the app's title handler cannot name from its resource (nested
 * sections such as a company's tabs or the settings pages), as the spec's plain text. It runs after
 * that handler on every navigation, and a page nested in a section wins over the section's.
 */
export function usePageTitle(title: string | undefined) {
  const location = useLocation();
  const [order] = useState(() => ++sequence);
  useEffect(() => {
    if (!title) return;
    mounted.set(order, title);
    apply();
    return () => {
      mounted.delete(order);
    };
  }, [order, title, location]);
}
