import { expect, type Page } from "@playwright/test";

/**
 * What the crawls of the admin share (the chosen-client crawl and the layout crawl): the path of a link,
 * the page's heading, the wait for a page to be drawn and the menu with every group opened.
 */

/** São José dos Campos, the demo client an ADMIN chooses before crawling. */
export const SJC = "1_46643466000106";

/** An href's path, without its query. */
export const pathOf = (href: string) => new URL(href, "http://x").pathname;

/** The page's heading (its one h1), to tell the next page from this one. */
export const heading = (page: Page) =>
  page
    .locator("main h1")
    .first()
    .textContent({ timeout: 5_000 })
    .catch(() => null);

/**
 * Waits until a page opened in the app has drawn: the address, a heading other than the last page's (a
 * navigation keeps the last page on screen while the next one loads) and its data (no spinner left).
 */
export async function drawn(page: Page, path: string, previous: string | null) {
  await expect(page).toHaveURL((url) => url.pathname.startsWith(path));
  await page
    .waitForFunction(
      (before) => {
        const now = document.querySelector("main h1")?.textContent;
        return !!now && now !== before;
      },
      previous,
      { timeout: 10_000 },
    )
    .catch(() => undefined); // two pages may share a title: their content is then waited for below
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton-active"))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
}

/** The menu, with every group opened (antd draws a closed group's entries only when it opens). */
export async function openMenu(page: Page) {
  const menu = page.getByRole("menu", { name: "Menu principal" });
  const closed = menu.locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  for (let count = await closed.count(); count > 0; count = await closed.count()) await closed.first().click();
  return menu;
}

/** Every admin link in `main` (or the whole page), as written in its href. */
export async function adminLinks(page: Page, scope = "main"): Promise<string[]> {
  return page.locator(`${scope} a[href^='/admin']`).evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
}

/** The first record a list at `list` links to (its show or edit page, under the list's path), if any. */
export function firstRecordLink(hrefs: string[], list: string): string | undefined {
  return hrefs.find((href) => {
    const path = pathOf(href);
    return path.startsWith(`${list}/`) && !/(\/create|-add)$/.test(path);
  });
}
