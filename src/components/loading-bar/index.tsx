import { useEffect, useSyncExternalStore } from "react";
import { LOADING_BAR, loadingBar } from "./loading-bar";
import "./loading-bar.css";

export { LOADING_BAR, loadingBar, createLoadingBar } from "./loading-bar";

/**
 * The green bar at the top of the page (plain markup: the public site uses it too). It is a visual
 * cue only: screens announce their own 'Carregando...', and a progressbar outside every landmark
 * would be noise for screen readers (axe's region rule).
 */
export function LoadingBar() {
  const { visible, progress } = useSyncExternalStore(loadingBar.subscribe, loadingBar.getState, loadingBar.getState);
  return (
    <div
      className="loading-bar"
      data-visible={visible}
      aria-hidden="true"
      style={{ height: LOADING_BAR.heightPx, background: LOADING_BAR.color, opacity: visible ? 1 : 0, transform: `scaleX(${progress / 100})` }}
    />
  );
}

/** A Suspense fallback that runs the bar while a lazy route's code loads. */
export function RouteLoading() {
  useEffect(() => {
    loadingBar.start();
    return () => loadingBar.finish();
  }, []);
  return null;
}
