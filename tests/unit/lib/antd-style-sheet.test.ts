import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module: it adds the stylesheet once per page. */
const freshLoader = async () => {
  vi.resetModules();
  return (await import("@/lib/antd-style-sheet")).loadAntdStyleSheet;
};

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute("href"));

describe("the admin app's antd stylesheet", () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
  });

  it("is not loaded where the build named none (the dev server): antd writes its styles at runtime", async () => {
    const load = await freshLoader();
    await expect(load()).resolves.toBeUndefined();
    expect(links()).toEqual(["/assets/index.css"]);
  });

  it("is added once, before the app's own CSS so that the app's overrides win, and the app waits until it has loaded", async () => {
    document.head.insertAdjacentHTML("afterbegin", '<meta name="antd-style-sheet" content="/assets/antd-abc.css">');
    const load = await freshLoader();
    let loaded = false;
    const first = load().then(() => (loaded = true));
    const second = load();
    expect(links()).toEqual(["/assets/antd-abc.css", "/assets/index.css"]);
    await Promise.resolve();
    expect(loaded).toBe(false);
    document.head.querySelector('link[href="/assets/antd-abc.css"]')!.dispatchEvent(new Event("load"));
    await Promise.all([first, second]);
    expect(loaded).toBe(true);
  });

  it("does not hold the app back when the file fails to load (offline, a deploy in between): antd falls back to runtime styles", async () => {
    document.head.insertAdjacentHTML("afterbegin", '<meta name="antd-style-sheet" content="/assets/antd-gone.css">');
    const load = await freshLoader();
    const done = load();
    document.head.querySelector('link[href="/assets/antd-gone.css"]')!.dispatchEvent(new Event("error"));
    await expect(done).resolves.toBeUndefined();
  });
});
