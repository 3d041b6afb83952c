import { RouteLoading } from "@/components/loading-bar";
import { isSignedInAdminVisit } from "@/lib/session-hint";

/**
 * The screen shown while the app's code loads: the same markup index.html paints before any script
 * (its styles are inline there), so swapping one for the other changes nothing on screen.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <img src="/icons/icon.svg" width="48" height="48" alt="" />
      <span className="boot__name">SOL Transferências</span>
      <span>Carregando…</span>
    </div>
  );
}

/** The Suspense fallback while the app's code loads: the boot screen, with the loading bar running. */
export function AppLoading() {
  return (
    <>
      <RouteLoading />
      <BootScreen />
    </>
  );
}

/** A visit that will open the signed-in admin layout: the boot screen draws its frame (index.html's styles). */
export function markAdminBoot(where: Pick<Location, "pathname"> = window.location, cookie: string = document.cookie): void {
  if (isSignedInAdminVisit(where.pathname, cookie)) document.documentElement.classList.add("boot-admin");
}
