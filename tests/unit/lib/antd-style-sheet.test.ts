import { beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the module: it adds the sheets once per page. */
const freshLoader = async () => {
  vi.resetModules();
  return (await import("@/lib/antd-style-sheet")).loadAntdStyleSheet;
};

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute("href"));
const sheet = (href: string) => document.head.querySelector(`link[href="${href}"]`)!;

describe("the admin app's antd stylesheets", () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
  });

  it("are not loaded where the build named none (the dev server): antd writes its styles at runtime", async () => {
    const load = await freshLoader();
    await expect(load()).resolves.toBeUndefined();
    expect(links()).toEqual(["/assets/index.css"]);
  });

  it("are added once, in order and before the app's own CSS so that the app's overrides win, and the app waits until all have loaded", async () => {
    document.head.insertAdjacentHTML("afterbegin", '<meta name="antd-style-sheet" content="/assets/antd-a.css /assets/antd-b.css">');
    const load = await freshLoader();
    let done = false;
    const first = load().then(() => (done = true));
    const second = load();
    // One sheet per task: the parse of each (preloaded by the HTML) is its own piece of main-thread work.
    expect(links()).toEqual(["/assets/antd-a.css", "/assets/index.css"]);
    await nextTask();
    expect(links()).toEqual(["/assets/antd-a.css", "/assets/antd-b.css", "/assets/index.css"]);
    sheet("/assets/antd-a.css").dispatchEvent(new Event("load"));
    await nextTask();
    expect(done).toBe(false);
    sheet("/assets/antd-b.css").dispatchEvent(new Event("load"));
    await Promise.all([first, second]);
    expect(done).toBe(true);
    expect(links()).toEqual(["/assets/antd-a.css", "/assets/antd-b.css", "/assets/index.css"]);
  });

  it("are taken out again when one fails to load (offline, a deploy in between), so that antd writes every style itself instead of trusting the last sheet's list", async () => {
    document.head.insertAdjacentHTML("afterbegin", '<meta name="antd-style-sheet" content="/assets/antd-a.css /assets/antd-gone.css">');
    const load = await freshLoader();
    const done = load();
    await nextTask();
    sheet("/assets/antd-a.css").dispatchEvent(new Event("load"));
    sheet("/assets/antd-gone.css").dispatchEvent(new Event("error"));
    await expect(done).resolves.toBeUndefined();
    expect(links()).toEqual(["/assets/index.css"]);
  });
});
