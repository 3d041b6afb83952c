import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";

const preloadRoutes = vi.fn(() => Promise.resolve());
vi.mock("@/lib/updates", () => ({ preloadRoutes, lazyRoute: () => () => null }));
const { PreloadPages } = await import("@/transparency/App");

afterEach(() => {
  cleanup();
  preloadRoutes.mockClear();
});

describe("the public site's other pages", () => {
  it("are not fetched while the visitor only reads, however long the page stays idle", async () => {
    vi.useFakeTimers();
    render(<PreloadPages />);
    await vi.advanceTimersByTimeAsync(30_000);
    vi.useRealTimers();
    document.body.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(preloadRoutes).not.toHaveBeenCalled();
  });

  it("are fetched once, when a pointer, a finger or the keyboard's focus reaches a link", () => {
    const link = document.createElement("a");
    link.href = "/transparency/sao-jose-dos-campos/transactions-imposition";
    link.innerHTML = "<span>Transferências especiais</span>";
    document.body.append(link);
    render(<PreloadPages />);
    link.firstElementChild!.dispatchEvent(new Event("touchstart", { bubbles: true }));
    link.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(preloadRoutes).toHaveBeenCalledTimes(1);
    link.remove();
  });
});
