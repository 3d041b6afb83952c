import { useEffect, useState } from "react";
import { useLocation } from "react-router";

const SUFFIX = " | SOL Transferências";

/** Titles of the screens on the page, by mount order: the innermost (last mounted) wins. */
const mounted = new Map<number, string>();
let sequence = 0;

function apply() {
  const innermost = Math.max(...mounted.keys());
  if (Number.isFinite(innermost)) document.title = `${mounted.get(innermost)}${SUFFIX}`;
}

/**
 * Sets the document title of a screen to the spec's text ('Nova cliente', 'Perfil'...). It runs
 * after the app's generic title handler on every navigation, so the screen's own title wins; a
 * page nested in a section (a tab's form inside a company) wins over the section's.
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
