import { act, render, screen } from "@testing-library/react";
import { theme } from "antd";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdminThemeProvider } from "@/admin/theme-provider";

/** A system setting that can change while the page is open, as a browser's matchMedia reports it. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: "(prefers-reduced-motion: reduce)",
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => (query === list.media ? list : original(query))) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      listeners.forEach((listener) => listener());
    },
    restore: () => (window.matchMedia = original),
  };
}

function Motion() {
  const { token } = theme.useToken();
  return <span>{token.motion ? "com animação" : "sem animação"}</span>;
}

const renderMotion = () =>
  render(
    <AdminThemeProvider>
      <Motion />
    </AdminThemeProvider>,
  );

describe("the system's reduced-motion setting", () => {
  let setting: ReturnType<typeof systemMotionSetting> | undefined;
  afterEach(() => setting?.restore());

  it("turns antd's motion off, and back on when the person changes it", () => {
    setting = systemMotionSetting(true);
    renderMotion();
    expect(screen.getByText("sem animação")).toBeTruthy();
    act(() => setting!.change(false));
    expect(screen.getByText("com animação")).toBeTruthy();
  });

  it("keeps the animations when nothing was asked", () => {
    setting = systemMotionSetting(false);
    renderMotion();
    expect(screen.getByText("com animação")).toBeTruthy();
  });
});
