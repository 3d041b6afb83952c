import { useEffect, useRef } from "react";
import { LOADING_BAR, loadingBar, type LoadingBarState } from "./loading-bar";
import "./loading-bar.css";

export { LOADING_BAR, loadingBar, createLoadingBar } from "./loading-bar";

function paint(element: HTMLDivElement, { visible, progress }: LoadingBarState) {
  element.dataset.visible = String(visible);
  element.style.opacity = visible ? "1" : "0";
  element.style.transform = `scaleX(${progress / 100})`;
}

/**
 * The green bar at the top of the page (plain markup: the public site uses it too). It is a visual
 * cue only: screens announce their own 'Carregando...', and a progressbar outside every landmark
 * would be noise for screen readers (axe's region rule).
 *
 * The bar ticks every 100 ms while work goes on, so it paints its element directly instead of
 * re-rendering through React: a store update that often is a synchronous render, and on a slow phone
 * it kept interrupting the page it was waiting for (a heavy list never finished its first render).
 */
export function LoadingBar() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const update = () => bar.current && paint(bar.current, loadingBar.getState());
    update();
    return loadingBar.subscribe(update);
  }, []);
  return <div ref={bar} className="loading-bar" data-visible="false" aria-hidden="true" style={{ height: LOADING_BAR.heightPx, background: LOADING_BAR.color, opacity: 0, transform: "scaleX(0)" }} />;
}

/** A Suspense fallback that runs the bar while a lazy route's code loads. */
export function RouteLoading() {
  useEffect(() => {
    loadingBar.start();
    return () => loadingBar.finish();
  }, []);
  return null;
}
