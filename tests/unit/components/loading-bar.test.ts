import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_BAR, createLoadingBar, estimatedProgress } from "@/components/loading-bar/loading-bar";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the loading bar", () => {
  it("has the spec's constants", () => {
    expect(LOADING_BAR).toMatchObject({ color: "#4fad32", throttleMs: 200, durationMs: 2000, heightPx: 3, hideDelayMs: 500, resetDelayMs: 400 });
  });

  it("stays hidden for work shorter than the 200 ms throttle", () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(199);
    bar.finish();
    vi.advanceTimersByTime(2000);
    expect(bar.getState()).toEqual({ visible: false, progress: 0 });
  });

  it("shows after the throttle, grows over the duration without reaching 100%", () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.getState().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: true, progress: 0 });
    vi.advanceTimersByTime(1000);
    const halfway = bar.getState().progress;
    expect(halfway).toBeCloseTo(50, 0);
    vi.advanceTimersByTime(1000);
    expect(bar.getState().progress).toBeGreaterThan(halfway);
    vi.advanceTimersByTime(60_000);
    expect(bar.getState().progress).toBeLessThan(100);
  });

  it("finishes at 100%, hides 500 ms later and resets to 0 after another 400 ms", () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(700);
    bar.finish();
    expect(bar.getState()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(499);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: false, progress: 100 });
    vi.advanceTimersByTime(399);
    expect(bar.getState().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ visible: false, progress: 0 });
  });

  it("counts overlapping work (navigation plus requests) and completes once, when all is done", () => {
    const bar = createLoadingBar();
    bar.start();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish();
    expect(bar.getState().progress).toBeLessThan(100);
    bar.finish();
    expect(bar.getState().progress).toBe(100);
    bar.finish(); // an extra finish does not go negative
    bar.start();
    vi.advanceTimersByTime(150);
    expect(bar.getState().visible).toBe(true); // restarted while fading: shows again at once
  });

  it("tracks a promise for its whole life, failed or not", async () => {
    const bar = createLoadingBar();
    const work = bar.track(new Promise((_, reject) => setTimeout(() => reject(new Error("x")), 500)));
    vi.advanceTimersByTime(250);
    expect(bar.getState().visible).toBe(true);
    vi.advanceTimersByTime(250);
    await expect(work).rejects.toThrow("x");
    expect(bar.getState().progress).toBe(100);
  });

  it("estimates progress on an arctangent curve", () => {
    expect(estimatedProgress(0, 2000)).toBe(0);
    expect(Math.round(estimatedProgress(1000, 2000))).toBe(50);
    expect(estimatedProgress(2000, 2000)).toBeCloseTo(70.5, 0);
  });
});
