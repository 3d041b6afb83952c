import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { and, eq, isNotNull } from "drizzle-orm";
import { companies, impositionTransfers, transactionPayments, voluntaryTransfers } from "../../server/db/schema";
import { registerSpa } from "../../server/spa";
import { describePublicPage } from "../../server/public-head";
import { DEFAULT_TRANSPARENCY, type Transparency, type TransparencySection } from "../../src/domain/companies";
import { publicMunicipalitySchema } from "../../src/domain/transparency";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";

/**
 * The public site and API obey each municipality's transparency settings (sections published,
 * payments shown, welcome text). Settings change only through the real admin API (PATCH the company).
 */

let ctx: TestContext;
let admin: ReturnType<typeof as>;
const ids: Record<string, number> = {};

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  for (const row of await ctx.database.db.select({ id: companies.id, slug: companies.slug }).from(companies)) ids[row.slug] = row.id;
});
afterAll(async () => ctx?.close());
// Every test starts from the defaults (everything published).
afterEach(async () => {
  for (const slug of ["campinas", "sao-jose-dos-campos"]) await setTransparency(slug, DEFAULT_TRANSPARENCY);
});

/** PATCH /api/companies/{id} as the ADMIN, as the company's transparency tab does. */
async function setTransparency(slug: string, change: Partial<Omit<Transparency, "sections">> & { sections?: Partial<Transparency["sections"]> }) {
  const current = (await admin({ method: "GET", url: `/api/companies/${ids[slug]}` })).json().transparency as Transparency;
  const transparency = { ...current, ...change, sections: { ...current.sections, ...change.sections } };
  const res = await admin({ method: "PATCH", url: `/api/companies/${ids[slug]}`, payload: { transparency } });
  expect(res.statusCode).toBe(200);
  expect(res.json().transparency).toEqual(transparency);
}

/** A public transfer of the company that has payments. */
async function transferWithPayments(kind: "imposition" | "voluntary", slug: string) {
  const table = kind === "imposition" ? impositionTransfers : voluntaryTransfers;
  const link = kind === "imposition" ? transactionPayments.impositionTransferId : transactionPayments.voluntaryTransferId;
  const [row] = await ctx.database.db
    .select({ nr: table.nrTransfer, document: transactionPayments.documentNumber })
    .from(table)
    .innerJoin(transactionPayments, eq(link, table.id))
    .where(and(eq(table.companyId, ids[slug]), eq(table.isPublic, true), isNotNull(transactionPayments.documentNumber)))
    .limit(1);
  expect(row).toBeDefined();
  return row;
}

const hiddenMessage = (section: string) => `A seção “${section}” não é publicada por Campinas.`;

/** Every public endpoint of each section (lists, filter options, exports, details, dashboard, indicators). */
async function endpointsOf(section: TransparencySection): Promise<string[]> {
  const base = "/api/public/campinas";
  switch (section) {
    case "dashboard":
      return [`${base}/summary`, `${base}/summary?year=2025`];
    case "fiscalIndicators":
      return [`${base}/fiscal-indicators`];
    case "impositionTransfers": {
      const { nr } = await transferWithPayments("imposition", "campinas");
      const p = `${base}/imposition-transfers`;
      return [p, `${p}?_start=0&_end=5&year=2025`, `${p}/options`, `${p}.csv`, `${p}.json`, `${p}.xlsx`, `${p}/${nr}`, `${p}/00000000-000000`];
    }
    case "voluntaryTransfers": {
      const { nr } = await transferWithPayments("voluntary", "campinas");
      const p = `${base}/voluntary-transfers`;
      return [p, `${p}/options`, `${p}.csv?status=EM_EXECUCAO`, `${p}.json`, `${p}/${nr}`];
    }
  }
}

const SECTIONS: [TransparencySection, string][] = [
  ["dashboard", "Painel"],
  ["fiscalIndicators", "Indicadores fiscais"],
  ["impositionTransfers", "Transferências especiais"],
  ["voluntaryTransfers", "Transferências voluntárias"],
];

describe("the municipality's public settings", () => {
  it("tells the public site which sections are published, whether payments are shown and the welcome text", async () => {
    const before = (await get("/api/public/campinas")).json();
    expect(before).toMatchObject({ sections: DEFAULT_TRANSPARENCY.sections, showPayments: true, welcomeText: null });
    const welcomeText = "Bem-vindo ao portal de Campinas.\nAqui você acompanha cada centavo.";
    await setTransparency("campinas", { sections: { fiscalIndicators: false }, showPayments: false, welcomeText });
    const res = await get("/api/public/campinas");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sections: { dashboard: true, fiscalIndicators: false, impositionTransfers: true, voluntaryTransfers: true },
      showPayments: false,
      welcomeText,
    });
    // Another municipality keeps its own settings.
    expect((await get("/api/public/sao-jose-dos-campos")).json()).toMatchObject({ sections: DEFAULT_TRANSPARENCY.sections, showPayments: true, welcomeText: null });
  });

  it("gives the welcome text back as plain text, exactly as typed (markup is the site's to escape)", async () => {
    const welcomeText = 'Olá <b>cidadão</b> & "visitante"\n\nSegunda linha';
    await setTransparency("campinas", { welcomeText });
    const res = await get("/api/public/campinas");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json().welcomeText).toBe(welcomeText);
  });

  it("exposes nothing private of the company or of its settings", async () => {
    const secretEmail = "alertas-internos@campinas.sp.gov.br";
    const patch = await admin({
      method: "PATCH",
      url: `/api/companies/${ids.campinas}`,
      payload: { mayorName: "Prefeito Secreto", parametrization: { validityAlertDays: 77, accountabilityAlertDays: 30, caucAlertDays: 15, alertEmails: [secretEmail] } },
    });
    expect(patch.statusCode).toBe(200);
    await setTransparency("campinas", { welcomeText: "Bem-vindo." });
    const res = await get("/api/public/campinas");
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(publicMunicipalitySchema.shape).sort());
    expect(Object.keys(body.sections).sort()).toEqual(["dashboard", "fiscalIndicators", "impositionTransfers", "voluntaryTransfers"]);
    expect(res.body).not.toMatch(/alertas-internos|Prefeito Secreto|parametrization|validityAlertDays|publicPortalEnabled|"transparency"|"id"/);
  });
});

describe("a section the municipality does not publish", () => {
  it.each(SECTIONS)("answers every endpoint of %s with 404 and a pt-BR message, leaving the other sections and municipalities as they were", async (section, label) => {
    const mine = await endpointsOf(section);
    const others = (await Promise.all(SECTIONS.filter(([s]) => s !== section).map(([s]) => endpointsOf(s)))).flat();
    const okBefore = new Map<string, number>();
    for (const url of others) okBefore.set(url, (await get(url)).statusCode);

    await setTransparency("campinas", { sections: { [section]: false } });
    for (const url of mine) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: hiddenMessage(label) });
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers["content-disposition"], url).toBeUndefined();
    }
    for (const url of others) expect((await get(url)).statusCode, url).toBe(okBefore.get(url));
    // The same section of another municipality is still there.
    for (const url of mine.map((u) => u.replace("/campinas/", "/sao-jose-dos-campos/")).filter((u) => !/\/\d|xlsx/.test(u))) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get("/api/public/campinas")).json().sections[section]).toBe(false);

    // Published again, it answers again.
    await setTransparency("campinas", { sections: { [section]: true } });
    expect((await get(mine[0])).statusCode).toBe(200);
  });

  it("leaves the dashboard's totals and rankings when it is a kind of transfer", async () => {
    type Summary = { byYear: { kind: string; count: number }[]; topParliamentarians: { count: number }[] };
    const all = (await get("/api/public/campinas/summary")).json() as Summary;
    expect(all.byYear.some((r) => r.kind === "imposition")).toBe(true);
    await setTransparency("campinas", { sections: { impositionTransfers: false } });
    const without = (await get("/api/public/campinas/summary")).json() as Summary;
    expect(without.byYear.map((r) => r.kind)).not.toContain("imposition");
    expect(without.byYear.filter((r) => r.kind === "voluntary")).toEqual(all.byYear.filter((r) => r.kind === "voluntary"));
    const parliamentarians = (s: Summary) => s.topParliamentarians.reduce((n, p) => n + p.count, 0);
    expect(parliamentarians(without)).toBeLessThan(parliamentarians(all));
  });

  it("no longer dates 'dados atualizados em' from its data", async () => {
    const future = new Date("2036-05-06T07:08:09.000Z");
    const [row] = await ctx.database.db
      .select({ id: voluntaryTransfers.id })
      .from(voluntaryTransfers)
      .where(and(eq(voluntaryTransfers.companyId, ids.campinas), eq(voluntaryTransfers.isPublic, true)))
      .limit(1);
    await ctx.database.db.update(voluntaryTransfers).set({ updatedAt: future }).where(eq(voluntaryTransfers.id, row.id));
    expect((await get("/api/public/campinas")).json().updatedAt).toBe(future.toISOString());
    await setTransparency("campinas", { sections: { voluntaryTransfers: false } });
    expect((await get("/api/public/campinas")).json().updatedAt).not.toBe(future.toISOString());
  });
});

describe("payments switched off (showPayments false)", () => {
  it("leaves the payment history out of every detail, and no payment reaches any public answer", async () => {
    const imposition = await transferWithPayments("imposition", "sao-jose-dos-campos");
    const voluntary = await transferWithPayments("voluntary", "sao-jose-dos-campos");
    const base = "/api/public/sao-jose-dos-campos";
    const details = [`${base}/imposition-transfers/${imposition.nr}`, `${base}/voluntary-transfers/${voluntary.nr}`];
    for (const url of details) expect(((await get(url)).json().payments as unknown[]).length, url).toBeGreaterThan(0);
    expect((await get(details[0])).body).toContain(imposition.document);

    await setTransparency("sao-jose-dos-campos", { showPayments: false });
    for (const url of details) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().payments, url).toBeNull();
      // The transfer itself stays public.
      expect(res.json().nrTransfer, url).toBe(url.split("/").pop());
    }
    const everywhere = [
      base,
      `${base}/summary`,
      `${base}/fiscal-indicators`,
      ...details,
      ...["imposition-transfers", "voluntary-transfers"].flatMap((p) => [`${base}/${p}?_end=1000`, `${base}/${p}/options`, `${base}/${p}.csv`, `${base}/${p}.json`]),
    ];
    for (const url of everywhere) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      for (const document of [imposition.document, voluntary.document]) expect(res.body, url).not.toContain(document);
      expect(res.body, url).not.toMatch(/payeeName|payeeDocument|documentNumber/);
    }
    expect((await get(base)).json().showPayments).toBe(false);
  });

  it("no longer dates 'dados atualizados em' from a payment", async () => {
    const future = new Date("2037-01-01T00:00:00.000Z");
    const { document } = await transferWithPayments("imposition", "sao-jose-dos-campos");
    await ctx.database.db.update(transactionPayments).set({ updatedAt: future }).where(and(eq(transactionPayments.companyId, ids["sao-jose-dos-campos"]), eq(transactionPayments.documentNumber, document)));
    expect((await get("/api/public/sao-jose-dos-campos")).json().updatedAt).toBe(future.toISOString());
    await setTransparency("sao-jose-dos-campos", { showPayments: false });
    expect((await get("/api/public/sao-jose-dos-campos")).json().updatedAt).not.toBe(future.toISOString());
  });
});

describe("caching follows the settings", () => {
  /** The answer's ETag, and proof that a client holding the old one now gets a fresh 200. */
  async function etagChanges(url: string, change: () => Promise<void>) {
    const before = await get(url);
    expect(before.statusCode).toBe(200);
    const tag = String(before.headers.etag);
    expect((await get(url, { "if-none-match": tag })).statusCode).toBe(304);
    await change();
    const after = await get(url, { "if-none-match": tag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toMatch(/^W\/".+"$/);
    expect(after.headers.etag).not.toBe(tag);
    expect(after.headers["cache-control"]).toBe("public, no-cache");
    return tag;
  }

  it("changes the municipality's ETag when its welcome text or sections change", async () => {
    const original = await etagChanges("/api/public/campinas", () => setTransparency("campinas", { welcomeText: "Novo texto." }));
    await etagChanges("/api/public/campinas", () => setTransparency("campinas", { sections: { dashboard: false } }));
    // Back to the same settings, back to the same version.
    await setTransparency("campinas", DEFAULT_TRANSPARENCY);
    expect((await get("/api/public/campinas")).headers.etag).toBe(original);
  });

  it("changes a detail's ETag when payments are switched off", async () => {
    const { nr } = await transferWithPayments("voluntary", "campinas");
    await etagChanges(`/api/public/campinas/voluntary-transfers/${nr}`, () => setTransparency("campinas", { showPayments: false }));
  });

  it("changes the dashboard's ETag when a kind of transfer is hidden", async () => {
    await etagChanges("/api/public/campinas/summary", () => setTransparency("campinas", { sections: { voluntaryTransfers: false } }));
  });
});

describe("public pages served by the server", () => {
  it("answers a hidden section's pages with 404 and says it is not published; the rest stays 200", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sol-public-settings-"));
    writeFileSync(path.join(dir, "index.html"), '<!doctype html><html><head><meta name="description" content="x" /><title>x</title></head><body></body></html>');
    const spa = Fastify();
    await registerSpa(spa, dir, { describePage: (pathname) => describePublicPage(ctx.database.db, pathname) });
    await spa.ready();
    try {
      const { nr } = await transferWithPayments("voluntary", "campinas");
      await setTransparency("campinas", { sections: { voluntaryTransfers: false, fiscalIndicators: false }, showPayments: false });
      for (const url of ["/transparency/campinas/transactions-voluntary", `/transparency/campinas/transactions-voluntary/info/${nr}`, "/transparency/campinas/indicadores-fiscais"]) {
        const res = await spa.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toContain("<title>Seção não publicada | Prefeitura de Campinas (SP) – Portal da Transparência</title>");
      }
      expect((await spa.inject({ method: "GET", url: "/transparency/campinas/indicadores-fiscais" })).body).toContain(
        `<meta name="description" content="A seção “Indicadores fiscais” não é publicada por Campinas." />`,
      );
      for (const url of ["/transparency/campinas", "/transparency/campinas/dashboard", "/transparency/campinas/transactions-imposition", "/transparency/sao-jose-dos-campos/transactions-voluntary"]) {
        expect((await spa.inject({ method: "GET", url })).statusCode, url).toBe(200);
      }
    } finally {
      await spa.close();
    }
  });
});
