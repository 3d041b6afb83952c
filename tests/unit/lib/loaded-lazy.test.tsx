import { afterEach, describe, expect, it, vi } from "vitest";
import { Suspense, act } from "react";
import { cleanup, render, screen } from "@testing-library/react";
import { loadedLazy } from "@/lib/updates/lazy-route";

// act() from React itself (as Testing Library does): the test tells React it runs in an act environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const Page = () => <p>página</p>;

/** Renders the lazy page inside a Suspense boundary and records whether its fallback was ever drawn. */
async function renderCountingFallbacks(Component: React.ComponentType) {
  const fallback = vi.fn(() => <p>carregando</p>);
  const Fallback = () => fallback();
  await act(async () => {
    render(
      <Suspense fallback={<Fallback />}>
        <Component />
      </Suspense>,
    );
  });
  return fallback;
}

describe("a lazy page whose code has already loaded (issue 36, item 7)", () => {
  it("renders at once, without its Suspense fallback, which React would hold the page back behind for up to 300 ms", async () => {
    const page = loadedLazy(async () => ({ default: Page }));
    await page.load();
    const fallback = await renderCountingFallbacks(page.Component);
    expect(screen.getByText("página")).toBeTruthy();
    expect(fallback).not.toHaveBeenCalled();
  });

  it("still suspends, showing its fallback, while its code is on its way, and loads it once", async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const page = loadedLazy(load);
    const fallback = await renderCountingFallbacks(page.Component);
    expect(fallback).toHaveBeenCalled();
    expect(await screen.findByText("página")).toBeTruthy();
    await page.load();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks again after a failed load (a chunk lost to a deploy or a dropped connection)", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("chunk")).mockResolvedValue({ default: Page });
    const page = loadedLazy(load);
    await expect(page.load()).rejects.toThrow("chunk");
    await expect(page.load()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
