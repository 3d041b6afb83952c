import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UPDATE_CHECK, createUpdateChecker } from "@/lib/updates/build-check";
import { RELOAD_GUARD_MS, isChunkLoadError, reloadAtRoute } from "@/lib/updates/reload";
import { MAX_PARALLEL_PRELOADS, createPreloadQueue } from "@/lib/updates/preload-queue";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function fakeServer(latest: { buildId: string }) {
  const calls: string[] = [];
  const fetchJson = vi.fn(async (url: string) => {
    calls.push(url);
    if (url.startsWith("/builds/meta/")) return { buildId: "build-a", timestamp: 1 };
    return { ...latest, timestamp: 2 };
  });
  return { calls, fetchJson };
}

describe("the build update checker", () => {
  it("loads its own build's metadata about 1 s after start, then builds/latest.json", async () => {
    const server = fakeServer({ buildId: "build-a" });
    const checker = createUpdateChecker({ currentBuildId: "build-a", fetchJson: server.fetchJson, onUpdate: vi.fn(), now: () => 42 });
    checker.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual(["/builds/meta/build-a.json", "/builds/latest.json?t=42"]);
    expect(checker.metadata).toEqual({ buildId: "build-a", timestamp: 1 });
  });

  it("checks again every 60 minutes while the build id is the same", async () => {
    const server = fakeServer({ buildId: "build-a" });
    const onUpdate = vi.fn();
    createUpdateChecker({ currentBuildId: "build-a", fetchJson: server.fetchJson, onUpdate }).start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK.firstCheckDelayMs);
    expect(server.calls.filter((url) => url.startsWith("/builds/latest.json"))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
    expect(server.calls.filter((url) => url.startsWith("/builds/latest.json"))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.filter((url) => url.startsWith("/builds/latest.json"))).toHaveLength(2);
    expect(server.calls.filter((url) => url.startsWith("/builds/meta/"))).toHaveLength(1);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it("signals an update once when the latest build id differs, and stops checking", async () => {
    const server = fakeServer({ buildId: "build-a" });
    const onUpdate = vi.fn();
    createUpdateChecker({ currentBuildId: "build-a", fetchJson: server.fetchJson, onUpdate }).start();
    await vi.advanceTimersByTimeAsync(1000);
    server.fetchJson.mockImplementation(async (url: string) => (server.calls.push(url), { buildId: "build-b", timestamp: 3 }));
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK.intervalMs);
    expect(onUpdate).toHaveBeenCalledWith({ buildId: "build-b", timestamp: 3 });
    const count = server.calls.length;
    await vi.advanceTimersByTimeAsync(3 * UPDATE_CHECK.intervalMs);
    expect(server.calls.length).toBe(count);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it("keeps checking after a failed request (offline, mid-deploy) and ignores answers that are not build files", async () => {
    const fetchJson = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("<!doctype html>");
    const onUpdate = vi.fn();
    const checker = createUpdateChecker({ currentBuildId: "build-a", fetchJson, onUpdate });
    checker.start();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK.intervalMs);
    expect(fetchJson.mock.calls.length).toBeGreaterThanOrEqual(3);
    expect(onUpdate).not.toHaveBeenCalled();
    checker.stop();
    const count = fetchJson.mock.calls.length;
    await vi.advanceTimersByTimeAsync(2 * UPDATE_CHECK.intervalMs);
    expect(fetchJson.mock.calls.length).toBe(count);
  });
});

describe("reloading at a route after a failed chunk", () => {
  function memory() {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  }

  it("reloads at the target route, but not again within 10 s", () => {
    const storage = memory();
    const navigate = vi.fn();
    let now = 1_000_000;
    expect(reloadAtRoute("/admin/access-logs?authComp=1_x", { storage, navigate, now: () => now })).toBe(true);
    expect(navigate).toHaveBeenCalledWith("/admin/access-logs?authComp=1_x");
    now += RELOAD_GUARD_MS - 1;
    expect(reloadAtRoute("/admin/access-logs", { storage, navigate, now: () => now })).toBe(false);
    now += 1;
    expect(reloadAtRoute("/admin/access-logs", { storage, navigate, now: () => now })).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it("recognizes failed chunk and stylesheet loads, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/list-1.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/App-1.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});

describe("the route preload queue", () => {
  it("runs at most 4 preloads in parallel and starts the next as one ends", async () => {
    expect(MAX_PARALLEL_PRELOADS).toBe(4);
    const queue = createPreloadQueue();
    const releases: Array<() => void> = [];
    const done = Array.from({ length: 6 }, () => queue.add(() => new Promise<void>((resolve) => releases.push(resolve))));
    expect(queue.running).toBe(4);
    expect(queue.waiting).toBe(2);
    releases[0]();
    await Promise.resolve();
    await Promise.resolve();
    expect(queue.running).toBe(4);
    expect(queue.waiting).toBe(1);
    releases.slice(1).forEach((release) => release());
    await vi.runAllTimersAsync();
    releases.slice(4).forEach((release) => release());
    await Promise.all(done);
    expect(queue.running).toBe(0);
  });

  it("does not stop on a failed preload", async () => {
    const queue = createPreloadQueue(1);
    const second = vi.fn(async () => undefined);
    await Promise.all([queue.add(() => Promise.reject(new Error("404"))), queue.add(second)]);
    expect(second).toHaveBeenCalled();
  });
});
