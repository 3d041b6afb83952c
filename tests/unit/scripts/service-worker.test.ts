import { describe, expect, it, vi } from "vitest";
import { serviceWorkerSource } from "../../../scripts/build-meta";

type Listener = (event: Record<string, unknown>) => void;

/** Runs the worker's source against a stand-in `self` and returns its event listeners. */
function loadWorker(): Map<string, Listener> {
  const listeners = new Map<string, Listener>();
  const self = { addEventListener: (type: string, listener: Listener) => listeners.set(type, listener), location: { origin: "http://sol.test" } };
  const caches = { open: vi.fn(async () => ({ addAll: vi.fn(async () => undefined) })) };
  new Function("self", "caches", serviceWorkerSource("build-1", ["/"]))(self, caches);
  return listeners;
}

/** Dispatches `install` with the given addRoutes and waits for what it asked the browser to wait for. */
async function install(addRoutes?: (rules: unknown[]) => Promise<void>): Promise<void> {
  let waited: Promise<unknown> = Promise.resolve();
  loadWorker().get("install")!({ waitUntil: (promise: Promise<unknown>) => (waited = promise), ...(addRoutes && { addRoutes }) });
  await waited;
}

describe("the service worker", () => {
  it("sends every request but a page load straight to the network, so a page's scripts and data never wait for the worker", async () => {
    const addRoutes = vi.fn(async () => undefined);
    await install(addRoutes);
    expect(addRoutes).toHaveBeenCalledWith([{ condition: { not: { requestMode: "navigate" } }, source: "network" }]);
  });

  it("falls back to routing the code, the API, the build files and the icons by address where the browser knows no 'not' condition", async () => {
    const addRoutes = vi.fn(async (rules: unknown[]) => {
      if (JSON.stringify(rules).includes('"not"')) throw new TypeError("unknown condition");
    });
    await install(addRoutes);
    expect(addRoutes).toHaveBeenLastCalledWith(["/assets/*", "/api/*", "/builds/*", "/icons/*"].map((urlPattern) => ({ condition: { urlPattern }, source: "network" })));
  });

  it("still installs, caching the shell, in a browser without static routes or where they are refused", async () => {
    await expect(install()).resolves.toBeUndefined();
    await expect(install(async () => Promise.reject(new TypeError("no")))).resolves.toBeUndefined();
  });
});
