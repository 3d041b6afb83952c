import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BREAKPOINTS, useIsDesktop } from "@/components/theme";

/** A window as wide as `width`, whose matchMedia answers min-width queries and reports resizes. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    get matches() {
      const min = query.match(/min-width: (\d+)px/);
      return min ? width >= Number(min[1]) : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    resize(next: number) {
      width = next;
      listeners.forEach((listener) => listener());
    },
    restore: () => (window.matchMedia = original),
  };
}

describe("useIsDesktop", () => {
  let screen: ReturnType<typeof windowOf> | undefined;
  afterEach(() => screen?.restore());

  it("answers in the first render, so a desktop's layout is not rendered as a phone's first and again at once", () => {
    screen = windowOf(1366);
    const answers: boolean[] = [];
    renderHook(() => answers.push(useIsDesktop()));
    expect(answers).toEqual([true]);
  });

  it("follows the window across antd's lg breakpoint", () => {
    screen = windowOf(1366);
    const { result } = renderHook(() => useIsDesktop());
    act(() => screen!.resize(390));
    expect(result.current).toBe(false);
    act(() => screen!.resize(992));
    expect(result.current).toBe(true);
    expect(BREAKPOINTS.lg).toBe("(min-width: 992px)");
  });
});
