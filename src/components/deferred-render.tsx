import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * Mounts `children` in a transition, one effect after `fallback` has painted. React then renders
 * the subtree in slices, yielding to the browser between them, instead of in one long task: a big
 * subtree (the admin layout and its menu, a page full of cards) that appears because a query
 * answered would otherwise render synchronously and freeze a phone for the whole render.
 */
export function DeferredRender({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : fallback;
}
