import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { askForPreloadedAnswers, fetchPublic, usePublicApi } from "@/transparency/lib/api";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.head.innerHTML = "";
});

function answering(body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json", "x-total-count": "1" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** Every state a screen draws, in order. */
function Screen({ url, drawn }: { url: string; drawn: string[] }) {
  const state = usePublicApi<{ name: string }>(url);
  drawn.push(state.status === "done" ? state.result.data.name : state.status);
  return null;
}

describe("a public screen whose answer arrived before it", () => {
  it("asks at once for what the HTML preloads, and draws the answer in its first render, once", async () => {
    const fetch = answering({ name: "Campinas" });
    document.head.innerHTML = '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/public/campinas/first-render" /><link rel="preload" as="style" href="/x.css" />';
    askForPreloadedAnswers();
    expect(fetch).toHaveBeenCalledTimes(1);
    await fetchPublic("/api/public/campinas/first-render");

    const drawn: string[] = [];
    await act(async () => {
      render(<Screen url="/api/public/campinas/first-render" drawn={drawn} />);
    });
    // StrictMode is off here: one render per state. No "loading" before the answer, no second render for it.
    expect(drawn).toEqual(["Campinas"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("still shows loading, then the answer, when it has not arrived", async () => {
    answering({ name: "Belo Horizonte" });
    const drawn: string[] = [];
    await act(async () => {
      render(<Screen url="/api/public/belo-horizonte/first-render" drawn={drawn} />);
    });
    expect(drawn[0]).toBe("loading");
    expect(drawn.at(-1)).toBe("Belo Horizonte");
  });
});
