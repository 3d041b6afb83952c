import { expect, test } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { adminLinks, drawn, firstRecordLink, heading, openMenu, pathOf, SJC } from "./support/crawl";
import { chooseOption } from "./support/select";

/**
 * Spec section 2: the chosen client (`?authComp=`) rides along on every admin navigation except the
 * companies area, login and logout, and every link the product builds carries it (issue 30, item 5).
 * An ADMIN chooses a client, then every page of the menu and the first record of each list is opened;
 * every admin link on them and every navigation or redirect the browser makes must name the client.
 */

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

test("an ADMIN with a client chosen keeps it on every admin link and navigation of the menu's pages and their first records", async ({ browser }) => {
  test.slow();
  const page = await signedInPage(browser, "admin@demo.local");
  const found: Drop[] = [];
  const seenLinks = new Set<string>();
  let current = "";
  const collect = async (on: string) => {
    for (const href of await adminLinks(page, "body")) {
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
    const recordHref = firstRecordLink(await adminLinks(page), list);
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
