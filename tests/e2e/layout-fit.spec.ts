import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import { signedInPage } from "./support/auth";
import { adminLinks, drawn, firstRecordLink, heading, openMenu, pathOf, SJC } from "./support/crawl";

/**
 * Issue 31, item 4: every admin page fits the desk (1366×768) and the phone (390×844). An ADMIN with a
 * client chosen opens every page of the menu, the first record of each list, its create and edit forms and
 * every tab, at both sizes, and each page is measured in one `page.evaluate` (`measure`, below): text of a
 * table cell over its neighbour's, a word broken across lines ("prorrogaçã o", "29/01/2│025"), row actions
 * covered or clipped, the page wider than the screen, a title cut, a card whose content runs out of it.
 */

const SIZES: { name: string; device: BrowserContextOptions }[] = [
  { name: "1366", device: { viewport: { width: 1366, height: 768 } } },
  { name: "390", device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

/** Pages left out: outside the admin frame (login, logout) or an action rather than a page. */
const SKIPPED = /^\/admin\/(auth\/|logout)/;

interface Offence {
  what: string;
  text: string;
}

/**
 * Measures the page as drawn, in the browser, in one call (no round trip per element). Self-contained:
 * Playwright sends its source to the page.
 */
function measure(): Offence[] {
  const found: Offence[] = [];
  const add = (what: string, text: string) => found.push({ what, text: text.replace(/\s+/g, " ").trim().slice(0, 80) });
  const TOLERANCE = 1;
  const viewportWidth = window.innerWidth;
  type Box = { left: number; right: number; top: number; bottom: number };
  const intersect = (a: Box, b: Box): Box | null => {
    const box = { left: Math.max(a.left, b.left), right: Math.min(a.right, b.right), top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom) };
    return box.right - box.left > TOLERANCE && box.bottom - box.top > TOLERANCE ? box : null;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.visibility !== "hidden" && style.display !== "none" && box.width > 0 && box.height > 0;
  };
  /** The part of `box` left once every clipping ancestor of `node` (up to the document) has clipped it. */
  const clipped = (node: Node, box: Box): Box | null => {
    let result: Box | null = box;
    for (let element = node.parentElement; element && element !== document.body && result; element = element.parentElement) {
      const style = getComputedStyle(element);
      if (style.overflowX !== "visible" || style.overflowY !== "visible") result = intersect(result, element.getBoundingClientRect());
    }
    return result;
  };
  const textNodes = (root: Element): Text[] => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, { acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT) });
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    return nodes;
  };
  const range = document.createRange();
  const textBox = (node: Text): Box | null => {
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? clipped(node, box) : null;
  };

  // 1. Text of a table cell over a neighbouring cell's text, or under a fixed column's cell.
  for (const row of document.querySelectorAll("main .ant-table-tbody > tr.ant-table-row")) {
    const cells = [...row.children].filter((cell) => visible(cell));
    const texts = cells.map((cell) => textNodes(cell).flatMap((node) => { const box = textBox(node); return box ? [{ node, box }] : []; }));
    for (let i = 0; i < cells.length; i++) {
      for (let j = i + 1; j < cells.length; j++) {
        const fixed = cells[j].classList.contains("ant-table-cell-fix-right") || cells[i].classList.contains("ant-table-cell-fix-left");
        const coverer = fixed ? cells[j].classList.contains("ant-table-cell-fix-right") ? j : i : -1;
        for (const a of texts[i]) for (const b of texts[j]) if (intersect(a.box, b.box)) add("texto sobreposto", `${a.node.textContent} × ${b.node.textContent}`);
        if (coverer >= 0) {
          const covered = coverer === j ? texts[i] : texts[j];
          const cover = cells[coverer].getBoundingClientRect();
          for (const t of covered) if (intersect(t.box, cover)) add("coluna fixa cobre texto", t.node.textContent ?? "");
        }
      }
    }
  }

  // 2. Words broken across lines: a cell, title, label or value that wraps inside a word, and figures
  //    (money, dates, numbers, CNPJ) that wrap at all.
  const FIGURE = /^\s*(R\$\s*)?-?[\d.,/:%\s-]*\d[\d.,/:%-]*\s*$/;
  for (const node of textNodes(document.body)) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, flowise-chatbot, .ant-select-dropdown, .ant-picker-dropdown, [aria-hidden='true']")) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
    if (rects.length < 2) continue;
    const tops = new Set(rects.map((rect) => Math.round(rect.top)));
    if (tops.size < 2 || !visible(parent)) continue;
    const text = node.textContent ?? "";
    if (FIGURE.test(text)) {
      add("número quebrado", text);
      continue;
    }
    // Where each line starts: a line that starts right after a letter (no space or hyphen before it) broke a word.
    let previousTop: number | null = null;
    for (let i = 0; i < text.length; i++) {
      if (/\s/.test(text[i])) continue;
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getBoundingClientRect();
      if (box.width === 0) continue;
      const top = Math.round(box.top);
      if (previousTop !== null && top > previousTop + 2 && i > 0 && !/[\s\-/–—]/.test(text[i - 1])) {
        const before = /\S*$/.exec(text.slice(0, i))![0];
        const after = /^\S*/.exec(text.slice(i))![0];
        // Long tokens (links, e-mails, keys) may break where they must; a word a person reads may not.
        if (before.length + after.length <= 30) add("palavra quebrada", `${before}│${after}`);
        break;
      }
      previousTop = top;
    }
  }

  // 3. Row actions (links and buttons of the last or a right-fixed column) reachable: inside the screen and every
  //    clipping box once scrolled to, and the element at their centre is themselves.
  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const scrolled = [...document.querySelectorAll<HTMLElement>("main .ant-table-content, main .ant-table-body")].map((element) => [element, element.scrollLeft, element.scrollTop] as const);
  for (const row of document.querySelectorAll("main .ant-table-tbody > tr.ant-table-row")) {
    const cells = [...row.children].filter((cell) => cell === row.lastElementChild || cell.classList.contains("ant-table-cell-fix-right"));
    for (const action of cells.flatMap((cell) => [...cell.querySelectorAll<HTMLElement>("a, button")])) {
      if (!visible(action)) continue;
      action.scrollIntoView({ block: "center", inline: "nearest" });
      const box = action.getBoundingClientRect();
      const name = action.getAttribute("aria-label") ?? action.textContent ?? "";
      const inside = clipped(action, box);
      if (!inside || inside.right - inside.left < box.width - TOLERANCE || inside.bottom - inside.top < box.height - TOLERANCE || box.left < 0 || box.right > viewportWidth + TOLERANCE) {
        add("ação cortada", name);
        continue;
      }
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!top || !(action === top || action.contains(top))) add("ação coberta", `${name} por ${top ? `${top.tagName.toLowerCase()}.${[...top.classList].join(".")} ${(top.textContent ?? "").slice(0, 30)}` : "nada"}`);
    }
  }
  for (const [element, left, top] of scrolled) element.scrollTo(left, top);
  window.scrollTo(scrollX, scrollY);

  // 4. The page wider than the screen: what sticks out (the outermost element past the right edge).
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > viewportWidth + TOLERANCE) {
    const out = [...document.querySelectorAll("body *")].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.right > viewportWidth + TOLERANCE && box.width > 0 && clipped(element, box)?.right !== undefined && clipped(element, box)!.right > viewportWidth + TOLERANCE;
    });
    const outermost = out.filter((element) => !out.some((other) => other !== element && other.contains(element)));
    add("página mais larga que a tela", `${scroller.scrollWidth}px: ${outermost.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join(".")}`).join(", ")}`);
  }

  // 5. Titles cut: the page's heading and card titles must wrap, never hide behind "…".
  for (const title of document.querySelectorAll<HTMLElement>("main h1, main .ant-page-header-heading-title, main .ant-card-head-title")) {
    if (!visible(title)) continue;
    const box = title.getBoundingClientRect();
    if (title.scrollWidth > title.clientWidth + TOLERANCE || box.right > viewportWidth + TOLERANCE) add("título cortado", title.textContent ?? "");
  }

  // 6. A card whose content runs out of it (a table or figure wider than the card on a phone).
  for (const card of document.querySelectorAll<HTMLElement>("main .ant-card-body")) {
    if (visible(card) && card.scrollWidth > card.clientWidth + TOLERANCE) add("conteúdo sai do cartão", card.closest(".ant-card")?.querySelector(".ant-card-head-title")?.textContent ?? card.textContent ?? "");
  }
  return found;
}

/** Opens an admin address inside the running app (the router follows history), as a link would, without reloading the app. */
async function openInApp(page: Page, href: string) {
  const before = await heading(page);
  await page.evaluate((to) => {
    window.history.pushState({}, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, href);
  await drawn(page, pathOf(href), before);
}

/**
 * Waits for a tab's content: its address (a tab that is a route) and, after the next frame has been
 * drawn, no spinner or skeleton left (the tab's data).
 */
async function settled(page: Page, before: string) {
  await page.waitForURL((url) => url.href !== before, { timeout: 2_000 }).catch(() => undefined); // a tab that is not a route keeps the address
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton-active")).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
}

/** The tabs of the page (antd's), by their visible names. */
const tabNames = (page: Page) => page.locator("main [role='tab']:not([aria-disabled='true'])").evaluateAll((tabs) => tabs.map((tab) => tab.textContent?.trim() ?? ""));

test.describe("screens that fit", () => {
  for (const { name: size, device } of SIZES) {
    test(`every admin page at ${size} px: no overlapping text, broken word, hidden action, page overflow or cut title`, async ({ browser }) => {
      test.slow();
      const began = Date.now();
      const page = await signedInPage(browser, "admin@demo.local", device);
      await page.goto(`/admin/dashboard?authComp=${SJC}`);
      await drawn(page, "/admin/dashboard", null);
      // The pages: the menu's (its links are in the page at both sizes once its groups are open: on a phone, in the drawer).
      if (device.isMobile) await page.getByRole("button", { name: "Abrir menu" }).click();
      const menu = await openMenu(page);
      const entries = [...new Set(await menu.locator("a[href^='/admin']").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? "")))].filter((href) => !SKIPPED.test(pathOf(href)));
      if (device.isMobile) await page.keyboard.press("Escape");
      expect(entries.length, "menu entries").toBeGreaterThan(15);

      const offences: string[] = [];
      const measured = new Set<string>();
      const check = async (label: string) => {
        if (measured.has(label)) return;
        measured.add(label);
        const start = Date.now();
        if (process.env.LAYOUT_TRACE) console.log(`measuring ${label}`);
        const found = await page.evaluate(measure);
        if (process.env.LAYOUT_TRACE) console.log(`  ${Date.now() - start} ms`);
        for (const offence of found) offences.push(`${label} · ${size} · ${offence.what} · ${offence.text}`);
      };
      /** Measures the page, then each of its tabs. */
      const checkWithTabs = async (path: string) => {
        await check(path);
        const tabs = await tabNames(page);
        for (const tab of tabs.slice(1)) {
          const target = page.locator("main [role='tab']").filter({ hasText: tab }).first();
          if (await target.getAttribute("aria-selected") === "true") continue;
          const before = page.url();
          // A click in the page, not through the pointer: on a phone the tabs that do not fit sit in antd's "…" menu.
          await target.evaluate((tab: HTMLElement) => tab.click());
          await expect(target).toHaveAttribute("aria-selected", "true");
          await settled(page, before);
          await check(`${pathOf(page.url())} [${tab}]`);
        }
      };

      const opened = new Set<string>();
      const open = async (href: string) => {
        const path = pathOf(href);
        if (opened.has(path)) return false;
        opened.add(path);
        await openInApp(page, href);
        return true;
      };
      for (const entry of entries) {
        if (!(await open(entry))) continue;
        const list = pathOf(page.url());
        await checkWithTabs(list);
        const links = await adminLinks(page);
        const create = links.find((href) => pathOf(href).startsWith(`${list}/create`) || /-add$/.test(pathOf(href)));
        const edit = links.find((href) => pathOf(href).startsWith(`${list}/edit/`));
        const record = firstRecordLink(links, list);
        for (const href of [record, create, edit]) {
          if (!href || !(await open(href))) continue;
          const path = pathOf(page.url());
          await checkWithTabs(path);
          // A show page's edit (its header button) when the list had none.
          const editOfRecord = (await adminLinks(page)).find((link) => pathOf(link).startsWith(`${list}/edit/`));
          if (editOfRecord && (await open(editOfRecord))) await check(pathOf(page.url()));
        }
      }

      console.log(`layout at ${size}: ${measured.size} pages and tabs in ${Math.round((Date.now() - began) / 1000)} s, ${offences.length} offences`);
      for (const offence of offences) console.log(offence);
      expect(measured.size, "pages measured").toBeGreaterThan(40);
      expect(offences, "what does not fit").toEqual([]);
      await page.context().close();
    });
  }
});
