import { afterEach, describe, expect, it, vi } from "vitest";
import { act } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import { RenderWhenNear } from "@/components/render-when-near";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A stand-in IntersectionObserver whose callback the test calls, as the browser would on a scroll. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    public callback: (entries: { isIntersecting: boolean }[]) => void,
    public options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe("content mounted when the reader scrolls near it (issue 36, item 7)", () => {
  it("is not rendered while its spot lies far below the screen", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    render(
      <RenderWhenNear>
        <p>cartões de baixo</p>
      </RenderWhenNear>,
    );
    expect(screen.queryByText("cartões de baixo")).toBeNull();
    expect(FakeObserver.last?.observed).toEqual([screen.getByTestId("render-when-near")]);
    expect(FakeObserver.last?.options.rootMargin).toBe("0px 0px 100% 0px");
  });

  it("renders once its spot comes near the screen, and stays rendered", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    render(
      <RenderWhenNear>
        <p>cartões de baixo</p>
      </RenderWhenNear>,
    );
    const observer = FakeObserver.last!;
    act(() => observer.callback([{ isIntersecting: false }]));
    expect(screen.queryByText("cartões de baixo")).toBeNull();
    act(() => observer.callback([{ isIntersecting: true }]));
    expect(screen.getByText("cartões de baixo")).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it("renders at once where the browser cannot observe the screen", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <RenderWhenNear>
        <p>cartões de baixo</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText("cartões de baixo")).toBeTruthy();
  });
});
