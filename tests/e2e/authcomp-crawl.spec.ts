import { expect, test, type Page } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { chooseOption } from "./support/select";

/**
 * Spec section 2: the chosen client (`?authComp=`) rides along on every admin navigation except the
 * companies area, login and logout, and every link the product builds carries it (issue 30, item 5).
 * An ADMIN chooses a client, then every page of the menu and the first record of each list is opened;
 * every admin link on them and every navigation or redirect the browser makes must name the client.
 */

const SJC = "1_46643466000106";
/** Where authComp is not carried: the companies area, login and logout. */
const EXEMPT = /^\/admin\/(companies(\/|$)|auth\/(login|logout)(\/|$))/;

interface Drop {
  url: string;
  on: string;
  kind: "link" | "navigation";
}

/** Whether an admin URL drops the client: under /admin, not exempt, and without authComp. */
function drops(href: string): boolean {
  const url = new URL(href, "http://x");
  return url.pathname.startsWith("/admin") && !EXEMPT.test(url.pathname) && url.searchParams.get("authComp") !== SJC;
}

const pathOf = (href: string) => new URL(href, "http://x").pathname;

/** Every admin link on the page, as written in its href. */
async function adminLinks(page: Page): Promise<string[]> {
  return page.locator("a[href^='/admin']").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
}

/** The page's heading (its one h1), to tell the next page from this one. */
const heading = (page: Page) => page.locator("main h1").first().textContent({ timeout: 5_000 }).catch(() => null);

/**
 * Waits until a page opened in the app has drawn: the address, a heading other than the last page's (a
 * navigation keeps the last page on screen while the next one loads) and its data (no spinner left).
 */
async function drawn(page: Page, path: string, previous: string | null) {
  await expect(page).toHaveURL((url) => url.pathname.startsWith(path));
  await page
    .waitForFunction((before) => {
      const now = document.querySelector("main h1")?.textContent;
      return !!now && now !== before;
    }, previous, { timeout: 10_000 })
    .catch(() => undefined); // two pages may share a title: their content is then waited for below
  await expect(page.locator("main h1").first()).toBeVisible();
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton-active")).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
}

/** The menu, with every group opened (antd draws a closed group's entries only when it opens). */
async function openMenu(page: Page) {
  const menu = page.getByRole("menu", { name: "Menu principal" });
  const closed = menu.locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  for (let count = await closed.count(); count > 0; count = await closed.count()) await closed.first().click();
  return menu;
}

test("an ADMIN with a client chosen keeps it on every admin link and navigation of the menu's pages and their first records", async ({ browser }) => {
  test.slow();
  const page = await signedInPage(browser, "admin@demo.local");
  const found: Drop[] = [];
  const seenLinks = new Set<string>();
  let current = "";
  const collect = async (on: string) => {
    for (const href of await adminLinks(page)) {
      if (seenLinks.has(`${on} ${href}`)) continue;
      seenLinks.add(`${on} ${href}`);
      if (drops(href)) found.push({ url: href, on, kind: "link" });
    }
  };

  // The client is chosen as a person chooses it: in the header's switcher. From then on, every
  // navigation the browser makes (links, buttons, redirects) is watched.
  await page.goto("/admin/dashboard");
  await chooseOption(page.getByRole("combobox", { name: "Cliente ativo" }), /São José dos Campos/, "São José");
  await expect(page).toHaveURL(new RegExp(`authComp=${SJC}`));
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    if (drops(url.pathname + url.search)) found.push({ url: url.pathname + url.search, on: current, kind: "navigation" });
  });
  current = "/admin/dashboard";
  await drawn(page, current, null);
  await collect(current);

  const menu = await openMenu(page);
  const entries = (await menu.locator("a[href^='/admin']").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))).filter(
    (href) => !EXEMPT.test(pathOf(href)),
  );
  expect(entries.length, "menu entries").toBeGreaterThan(15);
  const visited = new Set<string>([current]);
  for (const entry of [...new Set(entries)]) {
    if (visited.has(pathOf(entry))) continue;
    visited.add(pathOf(entry));
    // Each page is opened from the menu, as a person opens it (a menu link without the client is a finding already).
    current = pathOf(entry);
    const before = await heading(page);
    await (await openMenu(page)).locator(`a[href="${entry}"]`).click();
    await drawn(page, current, before);
    current = pathOf(page.url()); // after a redirect (settings → its first tab)
    await collect(current);

    // The first record the list links to (its show or edit page, under the list's path), opened with a click.
    const list = current;
    const recordHref = (await page.locator("main a[href^='/admin']").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""))).find((href) => {
      const path = pathOf(href);
      return path.startsWith(`${list}/`) && !/(\/create|-add)$/.test(path);
    });
    if (!recordHref || visited.has(pathOf(recordHref))) continue;
    visited.add(pathOf(recordHref));
    current = pathOf(recordHref);
    const listHeading = await heading(page);
    await page.locator(`main a[href="${recordHref}"]`).first().click({ timeout: 15_000 });
    await drawn(page, current, listHeading);
    await collect(current);
  }

  console.log(`authComp crawl: ${visited.size} pages, ${seenLinks.size} links`);
  expect(visited.size, "pages opened").toBeGreaterThan(20);
  expect(found, "admin links or navigations without authComp").toEqual([]);
});
