import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { kindFigures, type DashboardSummary } from "../../src/domain/dashboard";
import { formatMoney } from "../../src/lib/format";

/** A built SPA as the build leaves it: the entry in index.html, antd's sheets in its meta tag, and the manifest the server reads. */
function builtSpa(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-admin-preload-"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><title>SOL</title><meta name="description" content="x" />' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<meta name="antd-style-sheet" content="/assets/antd-a.css /assets/antd-b.css"></head><body></body></html>',
  );
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(
    path.join(dir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-1.js" },
      "src/admin/App.tsx": { file: "assets/App-2.js", imports: ["index.html", "_format.js"], css: ["assets/App-2.css"] },
      "_format.js": { file: "assets/format-3.js" },
      "src/pages/dashboard/index.tsx": { file: "assets/dashboard-4.js", imports: ["_format.js", "_table.js"] },
      "_table.js": { file: "assets/table-5.js" },
      "src/resources/transfers/list.tsx": { file: "assets/list-6.js", imports: ["_format.js"] },
    }),
  );
  return dir;
}

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext({ spaDir: builtSpa() });
  // As after the sign-in screen: the httpOnly session and its page-readable hint (server/auth/session.ts).
  for (const email of ["gestor@demo.local", "admin@demo.local", "camara@demo.local"]) cookies[email] = `${await sessionCookie(ctx.app, email)}; sol_session=1`;
});
afterAll(async () => ctx?.close());

const html = (url: string, cookie?: string) => as(ctx.app, cookie)({ method: "GET", url });
const linksOf = (body: string) => body.match(/<link [^>]+>/g) ?? [];
const dataLinks = (body: string) => linksOf(body).filter((l) => l.includes('as="fetch"')).map((l) => /href="([^"]+)"/.exec(l)![1].replace(/&amp;/g, "&"));

describe("a signed-in admin visit's HTML announces what the app asks for first (issue 36, item 7)", () => {
  it("lists the session and the dashboard's data first, then the admin app's and the page's code and antd's sheets, each once", async () => {
    const res = await html("/admin/dashboard", cookies["gestor@demo.local"]);
    expect(res.statusCode).toBe(200);
    // The summary is not announced: the HTML carries it at its end (the figures are painted from it).
    expect(res.body).toContain('<meta name="sol-carried-answers" content="/api/dashboard/summary" />');
    expect(linksOf(res.body)).toEqual([
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/auth/me" />',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/programs/open?_end=1" />',
      '<link rel="modulepreload" crossorigin href="/assets/App-2.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/format-3.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/dashboard-4.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/table-5.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/App-2.css" />',
      '<link rel="preload" as="style" href="/assets/antd-a.css" />',
      '<link rel="preload" as="style" href="/assets/antd-b.css" />',
    ]);
    // The HTML is this session's: no shared cache keeps it for another visitor.
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("announces addresses only: each answers the session's data with its cookie and 401 without it", async () => {
    const announced = dataLinks((await html("/admin/transactions-imposition", cookies["gestor@demo.local"])).body);
    expect(announced).toHaveLength(3);
    for (const url of announced) {
      expect([url, (await html(url, cookies["gestor@demo.local"])).statusCode]).toEqual([url, 200]);
      expect([url, (await html(url)).statusCode]).toEqual([url, 401]);
    }
  });

  it("announces a transfer list's first page and totals, the same URLs the SPA's first load asks for", async () => {
    const res = await html("/admin/transactions-imposition", cookies["gestor@demo.local"]);
    expect(dataLinks(res.body)).toEqual(["/api/auth/me", "/api/imposition-transfers?_start=0&_end=10&_sort=year&_order=desc", "/api/imposition-transfers/totals"]);
    expect(linksOf(res.body)).toContain('<link rel="modulepreload" crossorigin href="/assets/list-6.js" />');
    for (const url of dataLinks(res.body)) expect([url, (await html(url, cookies["gestor@demo.local"])).statusCode]).toEqual([url, 200]);
  });

  it("announces the app's code and the session for any other admin screen", async () => {
    const res = await html("/admin/regularity", cookies["gestor@demo.local"]);
    expect(dataLinks(res.body)).toEqual(["/api/auth/me"]);
    expect(linksOf(res.body)).toContain('<link rel="modulepreload" crossorigin href="/assets/App-2.js" />');
  });

  it("announces no data when the URL has a query: filters ask for other URLs, and a chosen client goes in a header a preload cannot carry", async () => {
    for (const url of ["/admin/transactions-imposition?current=2&pageSize=10", "/admin/dashboard?authComp=2_51885242000140"]) {
      const res = await html(url, cookies["admin@demo.local"]);
      expect([url, dataLinks(res.body)]).toEqual([url, []]);
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/App-2.js" />');
    }
  });

  it("announces from the cookies alone, as the entry script decides (its fetch() takes every announced answer): the HTML waits for no session lookup", async () => {
    // The Câmara's session is sent on from the dashboard by the SPA, whose entry still asks for the dashboard's data.
    // (The summary is named as carried, not preloaded; its answer is missing at the end, so the entry asks for it.)
    const camara = (await html("/admin/dashboard", cookies["camara@demo.local"])).body;
    expect(dataLinks(camara)).toEqual(["/api/auth/me", "/api/programs/open?_end=1"]);
    expect(camara).toContain('<meta name="sol-carried-answers" content="/api/dashboard/summary" />');
    expect(camara).not.toContain("data-carried-answer");
    // A forged cookie gets the addresses, and nothing behind them.
    const forged = "__session=forjado; sol_session=1";
    const announced = dataLinks((await html("/admin/transactions-imposition", forged)).body);
    expect(announced).toHaveLength(3);
    for (const url of announced) expect([url, (await html(url, forged)).statusCode]).toEqual([url, 401]);
  });
});

describe("a visit without a session gets the page as it is, announcing nothing", () => {
  it.each([
    ["no cookie", undefined],
    ["only the page-readable hint", "sol_session=1"],
  ])("%s", async (_name, cookie) => {
    const res = await html("/admin/dashboard", cookie);
    expect(res.statusCode).toBe(200);
    expect(linksOf(res.body)).toEqual([]);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("a session without its hint cookie (the entry script would ask for nothing), the sign-in pages, the public site or an unknown path", async () => {
    const gestorOnly = cookies["gestor@demo.local"].replace("; sol_session=1", "");
    for (const [url, cookie] of [
      ["/admin/dashboard", gestorOnly],
      ["/admin/auth/login", cookies["gestor@demo.local"]],
      ["/transparency/campinas/nao-existe", cookies["gestor@demo.local"]],
      ["/admin/nao-existe", cookies["gestor@demo.local"]],
    ] as const) {
      expect([url, linksOf((await html(url, cookie)).body)]).toEqual([url, []]);
    }
  });
});

describe("the dashboard's HTML paints the session's own figures before any script (issue 36, item 7)", () => {
  const figuresOf = (body: string) => [...body.matchAll(/<div class="first-paint__value">([^<]*)<\/div>/g)].map((m) => m[1]);
  const expectedFigures = async (cookie: string) => {
    const summary = (await html("/api/dashboard/summary", cookie)).json<DashboardSummary>();
    return (["imposition", "voluntary", "fund"] as const).map((kind) => formatMoney(kindFigures(summary.totals, "all", kind).planned));
  };

  it("a manager's HTML carries the planned amount of each kind, the same figures the API answers for the session, hidden from screen readers", async () => {
    const res = await html("/admin/dashboard", cookies["gestor@demo.local"]);
    expect(res.body).toMatch(/<div class="first-paint" data-first-paint aria-hidden="true">/);
    const figures = figuresOf(res.body);
    expect(figures).toEqual(await expectedFigures(cookies["gestor@demo.local"]));
    expect(figures.some((figure) => figure !== "R$ 0,00")).toBe(true);
    for (const kind of ["Transferências especiais", "Transferências voluntárias", "Fundo a fundo"]) expect(res.body).toContain(kind);
    // At the end of the body, outside the app's root: the app's first render does not replace them.
    expect(res.body).toMatch(/data-first-paint[^]*<\/div>\n<script type="application\/json" data-carried-answer="\/api\/dashboard\/summary">[^<]*<\/script>\n<\/body>/);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it("carries the summary's whole answer, the one the API gives the session, for the page to read instead of asking again", async () => {
    const res = await html("/admin/dashboard", cookies["gestor@demo.local"]);
    const carried = /<script type="application\/json" data-carried-answer="\/api\/dashboard\/summary">([^<]*)<\/script>/.exec(res.body);
    expect(JSON.parse(carried![1])).toEqual((await html("/api/dashboard/summary", cookies["gestor@demo.local"])).json());
  });

  it("an ADMIN without a chosen client gets every client's figures, as the page shows them", async () => {
    expect(figuresOf((await html("/admin/dashboard", cookies["admin@demo.local"])).body)).toEqual(await expectedFigures(cookies["admin@demo.local"]));
  });

  it("paints nothing for a session that may not read the figures, a forged cookie, a URL with a query, another page or an address that redirects", async () => {
    for (const [url, cookie] of [
      ["/admin/dashboard", cookies["camara@demo.local"]],
      ["/admin/dashboard", "__session=forjado; sol_session=1"],
      ["/admin/dashboard?authComp=1", cookies["admin@demo.local"]],
      ["/admin/transactions-imposition", cookies["gestor@demo.local"]],
      ["/admin", cookies["gestor@demo.local"]],
      ["/", cookies["gestor@demo.local"]],
      ["/admin/dashboard", undefined],
    ] as const) {
      const res = await html(url, cookie);
      expect([url, cookie, res.statusCode, res.body.includes("data-first-paint")]).toEqual([url, cookie, 200, false]);
    }
  });
});
