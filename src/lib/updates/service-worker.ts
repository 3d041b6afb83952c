/**
 * Service worker updates (spec section 4): when a new version is waiting, the app flags a refresh,
 * asks it to take over, and reloads once it controls the page. The first install does not reload.
 */
export const SERVICE_WORKER_URL = "/sw.js";

export interface ServiceWorkerUpdates {
  /** Asks the browser to look for a new service worker now (after a new build was seen). */
  checkForUpdate(): void;
}

export function registerServiceWorker(reload: () => void = () => window.location.reload()): ServiceWorkerUpdates {
  const container = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  if (!container) return { checkForUpdate: () => undefined };
  let refreshing = false;
  let registration: ServiceWorkerRegistration | undefined;

  const promote = (worker: ServiceWorker) => {
    refreshing = true;
    worker.postMessage({ type: "SKIP_WAITING" });
  };
  container.addEventListener("controllerchange", () => {
    if (!refreshing) return;
    refreshing = false;
    reload();
  });
  container
    .register(SERVICE_WORKER_URL)
    .then((reg) => {
      registration = reg;
      if (reg.waiting && container.controller) promote(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed" && container.controller) promote(worker);
        });
      });
    })
    .catch((error) => console.error("Falha ao registrar o service worker", error));
  return { checkForUpdate: () => void registration?.update().catch(() => undefined) };
}
