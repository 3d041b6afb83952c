import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { registerSpa, withHead } from "../../server/spa";
import { describePublicPage } from "../../server/public-head";
import { and, eq, sql } from "drizzle-orm";
import { companies, fiscalIndicators, impositionTransfers, transactionPayments, users, voluntaryTransfers } from "../../server/db/schema";
import {
  publicFiscalIndicatorSchema,
  publicImpositionDetailSchema,
  publicImpositionSchema,
  publicMunicipalitySchema,
  publicPaymentSchema,
  publicVoluntaryDetailSchema,
  publicVoluntarySchema,
} from "../../src/domain/transparency";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";

/** A marker written into every private column: no public answer may ever contain it. */
const SECRET = "SEGREDO-INTERNO-7f3a";

let ctx: TestContext;
let ids: Record<string, number>;

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });
const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape).sort();

beforeAll(async () => {
  // The tests speak as clients behind one proxy (app.inject comes from 127.0.0.1): their X-Forwarded-For names them.
  ctx = await createTestContext({ env: { TRUST_PROXY: "127.0.0.1" } });
  const db = ctx.database.db;
  const rows = await db.select({ id: companies.id, slug: companies.slug }).from(companies);
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, "gestor@demo.local"));
  await db.update(impositionTransfers).set({ internalNotes: SECRET });
  await db.update(voluntaryTransfers).set({ internalNotes: SECRET });
  await db.update(transactionPayments).set({ internalNotes: SECRET, createdBy: author.id });
});
afterAll(async () => ctx?.close());

/** The public nrTransfers of a company straight from the database. */
async function publicNrs(table: typeof impositionTransfers | typeof voluntaryTransfers, slug: string, isPublic = true) {
  const rows = await ctx.database.db
    .select({ nr: table.nrTransfer })
    .from(table)
    .where(and(eq(table.companyId, ids[slug]), eq(table.isPublic, isPublic)));
  return rows.map((r) => r.nr).sort();
}

describe("GET /api/public/:slug", () => {
  it("answers anyone, without a session, with the municipality's public identity only", async () => {
    const res = await get("/api/public/campinas");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(keysOf(publicMunicipalitySchema));
    expect(body).toMatchObject({ slug: "campinas", name: "Campinas", uf: "SP", cnpj: "51885242000140", ibgeCode: "3509502" });
    expect(body).not.toHaveProperty("id");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("stamps 'dados atualizados em' with the newest change of the municipality's public data", async () => {
    const at = new Date("2030-01-02T03:04:05.000Z");
    const [row] = await ctx.database.db
      .select({ id: impositionTransfers.id })
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.companyId, ids["belo-horizonte"]), eq(impositionTransfers.isPublic, true)))
      .limit(1);
    await ctx.database.db.update(impositionTransfers).set({ updatedAt: at }).where(eq(impositionTransfers.id, row.id));
    expect((await get("/api/public/belo-horizonte")).json().updatedAt).toBe(at.toISOString());
    // A private record's change is not a public update.
    const [hidden] = await ctx.database.db
      .update(voluntaryTransfers)
      .set({ isPublic: false, updatedAt: new Date("2031-01-01T00:00:00Z") })
      .where(eq(voluntaryTransfers.companyId, ids["belo-horizonte"]))
      .returning({ id: voluntaryTransfers.id });
    expect(hidden).toBeDefined();
    expect((await get("/api/public/belo-horizonte")).json().updatedAt).toBe(at.toISOString());
    await ctx.database.db.update(voluntaryTransfers).set({ isPublic: true }).where(eq(voluntaryTransfers.companyId, ids["belo-horizonte"]));
    // Other municipalities are not affected by it.
    expect((await get("/api/public/campinas")).json().updatedAt).not.toBe(at.toISOString());
  });

  it.each([
    "/api/public/nao-existe",
    "/api/public/nao-existe/summary",
    "/api/public/nao-existe/fiscal-indicators",
    "/api/public/nao-existe/imposition-transfers",
    "/api/public/nao-existe/imposition-transfers.csv",
    "/api/public/nao-existe/voluntary-transfers/options",
    "/api/public/NAO%20EXISTE/voluntary-transfers",
  ])("answers an unknown slug with 404 (%s)", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Município não encontrado.");
  });

  it("hides a municipality whose public portal is switched off, as if it did not exist", async () => {
    await ctx.database.db.update(companies).set({ publicPortalEnabled: false }).where(eq(companies.slug, "belo-horizonte"));
    try {
      for (const url of ["/api/public/belo-horizonte", "/api/public/belo-horizonte/imposition-transfers", "/api/public/belo-horizonte/fiscal-indicators"]) {
        const res = await get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe("Município não encontrado.");
      }
    } finally {
      await ctx.database.db.update(companies).set({ publicPortalEnabled: true }).where(eq(companies.slug, "belo-horizonte"));
    }
  });
});

describe("public lists", () => {
  it.each([
    ["imposition-transfers", impositionTransfers, publicImpositionSchema],
    ["voluntary-transfers", voluntaryTransfers, publicVoluntarySchema],
  ] as const)("%s lists exactly the municipality's public transfers with only public fields", async (path, table, schema) => {
    const res = await get(`/api/public/campinas/${path}?_start=0&_end=100`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(keysOf(schema));
    expect(rows.map((r) => r.nrTransfer).sort()).toEqual(await publicNrs(table, "campinas"));
    expect(Number(res.headers["x-total-count"])).toBe(rows.length);
    expect(res.body).not.toContain(SECRET);
    // Nothing private and nothing of another municipality.
    const hidden = await publicNrs(table, "campinas", false);
    const others = [...(await publicNrs(table, "sao-jose-dos-campos")), ...(await publicNrs(table, "belo-horizonte"))];
    for (const nr of [...hidden, ...others]) expect(rows.some((r) => r.nrTransfer === nr)).toBe(false);
  });

  it("the demo data has private transfers, so the tests above prove something", async () => {
    expect((await publicNrs(impositionTransfers, "campinas", false)).length + (await publicNrs(voluntaryTransfers, "campinas", false)).length).toBeGreaterThan(0);
  });

  it("pages with _start/_end, sorts, filters and searches like the admin API", async () => {
    const page = await get("/api/public/sao-jose-dos-campos/imposition-transfers?_start=5&_end=10&_sort=plannedValue&_order=desc");
    const rows = page.json() as { plannedValue: string }[];
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => Number(r.plannedValue))).toEqual([...rows.map((r) => Number(r.plannedValue))].sort((a, b) => b - a));
    const all = (await get("/api/public/sao-jose-dos-campos/imposition-transfers")).json() as { year: number; parliamentarianName: string }[];
    const year = all[0].year;
    const byYear = (await get(`/api/public/sao-jose-dos-campos/imposition-transfers?year=${year}`)).json() as { year: number }[];
    expect(byYear.length).toBe(all.filter((r) => r.year === year).length);
    const name = all[0].parliamentarianName;
    const searched = (await get(`/api/public/sao-jose-dos-campos/imposition-transfers?q=${encodeURIComponent(name.toLowerCase())}`)).json() as { parliamentarianName: string }[];
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((r) => r.parliamentarianName === name)).toBe(true);
  });

  it.each([
    ["companyId=1", "Filtro desconhecido: companyId"],
    ["isPublic=false", "Filtro desconhecido: isPublic"],
    ["internalNotes_like=a", "Filtro desconhecido: internalNotes_like"],
    ["_sort=internalNotes", "Campo de ordenação desconhecido: internalNotes"],
    ["year=dois-mil", "Valor inválido para o filtro \"year\": dois-mil"],
  ])("refuses ?%s with 400 and a pt-BR message, never filtering on private columns", async (query, message) => {
    const res = await get(`/api/public/campinas/imposition-transfers?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("ignores a forged session or company header: the slug alone decides the municipality", async () => {
    const cookie = await sessionCookie(ctx.app, "gestor@demo.local");
    const res = await as(ctx.app, cookie)({ method: "GET", url: "/api/public/campinas/voluntary-transfers?_end=100", headers: { "x-company-id": String(ids["sao-jose-dos-campos"]) } });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { nrTransfer: string }[]).map((r) => r.nrTransfer).sort()).toEqual(await publicNrs(voluntaryTransfers, "campinas"));
  });

  it("offers the years, parliamentarians and grantors present in the public list as filter options", async () => {
    const res = await get("/api/public/campinas/voluntary-transfers/options");
    expect(res.statusCode).toBe(200);
    const options = res.json() as { years: number[]; parliamentarians: string[]; grantors: { acronym: string }[] };
    const rows = (await get("/api/public/campinas/voluntary-transfers?_end=100")).json() as { year: number; grantorAcronym: string }[];
    expect(options.years).toEqual([...new Set(rows.map((r) => r.year))].sort((a, b) => b - a));
    expect(options.grantors.map((g) => g.acronym).sort()).toEqual([...new Set(rows.map((r) => r.grantorAcronym))].sort());
  });
});

describe("public detail pages", () => {
  it("shows an imposition transfer with its payment history and only public fields", async () => {
    const [nr] = await publicNrs(impositionTransfers, "campinas");
    const res = await get(`/api/public/campinas/imposition-transfers/${nr}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(keysOf(publicImpositionDetailSchema));
    for (const payment of body.payments) expect(Object.keys(payment).sort()).toEqual(keysOf(publicPaymentSchema));
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toMatch(/createdBy|internalNotes|companyId|gestor@demo\.local|Gustavo/);
  });

  it("shows a convênio with its disbursements and payments", async () => {
    const nrs = await publicNrs(voluntaryTransfers, "sao-jose-dos-campos");
    let withPayments = 0;
    for (const nr of nrs.slice(0, 8)) {
      const res = await get(`/api/public/sao-jose-dos-campos/voluntary-transfers/${nr}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(keysOf(publicVoluntaryDetailSchema));
      expect(res.body).not.toContain(SECRET);
      if (body.payments.length) withPayments++;
    }
    expect(withPayments).toBeGreaterThan(0);
  });

  it("answers another municipality's transfer, a private one and a malformed number with the same 404", async () => {
    const [foreign] = await publicNrs(impositionTransfers, "sao-jose-dos-campos");
    const [hidden] = [...(await publicNrs(impositionTransfers, "campinas", false)), "00000000-000000"];
    const [foreignVoluntary] = await publicNrs(voluntaryTransfers, "belo-horizonte");
    for (const url of [
      `/api/public/campinas/imposition-transfers/${foreign}`,
      `/api/public/campinas/imposition-transfers/${hidden}`,
      "/api/public/campinas/imposition-transfers/nao-e-um-codigo",
      `/api/public/campinas/voluntary-transfers/${foreignVoluntary}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Transferência não encontrada.");
    }
  });
});

describe("exports", () => {
  it("downloads the whole filtered set as CSV (; separated, BOM, pt-BR labels)", async () => {
    const list = (await get("/api/public/campinas/imposition-transfers?situation=CIENTE&_end=100")).json() as { nrTransfer: string }[];
    const res = await get("/api/public/campinas/imposition-transfers.csv?situation=CIENTE&_start=0&_end=1");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="transferencias-especiais-campinas.csv"');
    expect(res.body.startsWith("\uFEFFcodigo_plano_acao;ano;numero_emenda;parlamentar;situacao")).toBe(true);
    const lines = res.body.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(list.length);
    expect(lines.every((line) => line.includes(";Ciente;"))).toBe(true);
    expect(lines.map((l) => l.split(";")[0]).sort()).toEqual(list.map((r) => r.nrTransfer).sort());
    expect(res.body).not.toContain(SECRET);
  });

  it("downloads the filtered set as JSON with the CSV's pt-BR field names and the data dictionary", async () => {
    const res = await get("/api/public/sao-jose-dos-campos/voluntary-transfers.json?status=EM_EXECUCAO");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="transferencias-voluntarias-sao-jose-dos-campos.json"');
    const body = JSON.parse(res.body) as { dicionario: { campo: string }[]; transferencias_voluntarias: Record<string, unknown>[] };
    const rows = body.transferencias_voluntarias;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(body.dicionario.map((d) => d.campo));
      expect(row.situacao).toBe("Em execução");
    }
  });

  it("refuses an unknown format and unknown filters with 400", async () => {
    expect((await get("/api/public/campinas/imposition-transfers.pdf")).statusCode).toBe(400);
    expect((await get("/api/public/campinas/imposition-transfers.pdf")).json().message).toBe("Formato de exportação desconhecido: pdf (use csv, xlsx ou json).");
    expect((await get("/api/public/campinas/voluntary-transfers.csv?internalNotes=x")).statusCode).toBe(400);
  });
});

describe("dashboard and fiscal indicators", () => {
  it("sums the public transfers by kind and year, exactly as the database does", async () => {
    const res = await get("/api/public/campinas/summary");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { byYear: { kind: string; year: number; count: number; plannedValue: string; paidValue: string }[]; years: number[] };
    const [expected] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int`, planned: sql<string>`sum(planned_value)::text` })
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.companyId, ids.campinas), eq(impositionTransfers.isPublic, true)))) as { n: number; planned: string }[];
    const imposition = body.byYear.filter((r) => r.kind === "imposition");
    expect(imposition.reduce((a, r) => a + r.count, 0)).toBe(expected.n);
    expect(imposition.reduce((a, r) => a + Math.round(Number(r.plannedValue) * 100), 0)).toBe(Math.round(Number(expected.planned) * 100));
    expect(body.years).toEqual([...body.years].sort((a, b) => b - a));
    expect(res.body).not.toContain(SECRET);
  });

  it("ranks grantors and parliamentarians, and filters the rankings by year", async () => {
    const all = (await get("/api/public/campinas/summary")).json() as { years: number[]; topGrantors: { plannedValue: string }[]; topParliamentarians: { count: number }[] };
    expect(all.topGrantors.length).toBeGreaterThan(0);
    expect(all.topGrantors.length).toBeLessThanOrEqual(10);
    const planned = all.topGrantors.map((g) => Number(g.plannedValue));
    expect(planned).toEqual([...planned].sort((a, b) => b - a));
    const year = all.years[0];
    const one = (await get(`/api/public/campinas/summary?year=${year}`)).json() as { year: number; topParliamentarians: { count: number }[] };
    expect(one.year).toBe(year);
    expect(one.topParliamentarians.reduce((a, p) => a + p.count, 0)).toBeLessThanOrEqual(all.topParliamentarians.reduce((a, p) => a + p.count, 0));
    expect((await get("/api/public/campinas/summary?year=20x5")).statusCode).toBe(422);
  });

  it("lists the seeded fiscal indicators of four years with their legal limits", async () => {
    const res = await get("/api/public/belo-horizonte/fiscal-indicators");
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { year: number; indicator: string; value: string; limitValue: string | null }[];
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(keysOf(publicFiscalIndicatorSchema));
    expect(new Set(rows.map((r) => r.year)).size).toBe(4);
    expect(rows).toHaveLength(20);
    const limits = Object.fromEntries(rows.map((r) => [r.indicator, r.limitValue]));
    expect(limits).toEqual({ RCL: null, PERSONNEL_PCT_RCL: "54.00", DEBT_PCT_RCL: "120.00", EDUCATION_PCT: "25.00", HEALTH_PCT: "15.00" });
    const [{ n }] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(fiscalIndicators).where(eq(fiscalIndicators.companyId, ids["belo-horizonte"]));
    expect(rows).toHaveLength(n);
  });
});

describe("caching and limits", () => {
  it("sends an ETag and Cache-Control, and 304 with no body when the client has this version", async () => {
    const first = await get("/api/public/campinas/imposition-transfers?_end=5");
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const second = await get("/api/public/campinas/imposition-transfers?_end=5", { "if-none-match": etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
    const otherPage = await get("/api/public/campinas/imposition-transfers?_start=5&_end=10", { "if-none-match": etag });
    expect(otherPage.statusCode).toBe(200);
  });

  it("changes the ETag when the data changes", async () => {
    const before = String((await get("/api/public/sao-jose-dos-campos/fiscal-indicators")).headers.etag);
    await ctx.database.db.update(fiscalIndicators).set({ value: "12.34" }).where(and(eq(fiscalIndicators.companyId, ids["sao-jose-dos-campos"]), eq(fiscalIndicators.indicator, "DEBT_PCT_RCL")));
    const after = await get("/api/public/sao-jose-dos-campos/fiscal-indicators", { "if-none-match": before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it("compresses large answers for slow connections", async () => {
    const res = await get("/api/public/campinas/imposition-transfers?_end=100", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("rate-limits exports per client with 429 and a pt-BR message", async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await get("/api/public/campinas/voluntary-transfers.json", { "x-forwarded-for": "203.0.113.9" })).statusCode;
    expect(last).toBe(429);
    const res = await get("/api/public/campinas/voluntary-transfers.json", { "x-forwarded-for": "203.0.113.9" });
    expect(res.json().message).toBe("Muitas tentativas. Aguarde um minuto e tente novamente.");
    // Another client is not affected.
    expect((await get("/api/public/campinas/voluntary-transfers.json", { "x-forwarded-for": "203.0.113.10" })).statusCode).toBe(200);
  });
});

describe("public pages served by the server", () => {
  /** The SPA server over a stand-in index.html, with the public page heads from this test's database. */
  async function withSpa(run: (app: FastifyInstance) => Promise<void>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sol-public-spa-"));
    writeFileSync(
      path.join(dir, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Genérica." /><title>SOL Transferências</title></head><body></body></html>',
    );
    const app = Fastify();
    await registerSpa(app, dir, { describePage: (pathname) => describePublicPage(ctx.database.db, pathname) });
    await app.ready();
    try {
      await run(app);
    } finally {
      await app.close();
    }
  }

  it("gives each municipality's page its own title and description, for crawlers and link previews", () =>
    withSpa(async (app) => {
      const home = await app.inject({ method: "GET", url: "/transparency/campinas" });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain("<title>Prefeitura de Campinas (SP) – Portal da Transparência</title>");
      expect(home.body).toContain('<meta name="description" content="Transferências federais recebidas pelo município de Campinas (SP)');
      expect(home.body).toContain('<meta property="og:title" content="Prefeitura de Campinas (SP) – Portal da Transparência" />');
      const list = await app.inject({ method: "GET", url: "/transparency/belo-horizonte/transactions-voluntary?ano=2025" });
      expect(list.body).toContain("<title>Transferências voluntárias | Prefeitura de Belo Horizonte (MG) – Portal da Transparência</title>");
      // A number the municipality publishes (issue 34: an unknown one is a 404, tests/api/transparency-pntp.test.ts).
      const [nr] = await publicNrs(impositionTransfers, "campinas");
      const detail = await app.inject({ method: "GET", url: `/transparency/campinas/transactions-imposition/info/${nr}` });
      expect(detail.statusCode).toBe(200);
      expect(detail.body).toContain(`<title>Transferência especial ${nr} | Prefeitura de Campinas (SP)`);
      expect(detail.headers["cache-control"]).toBe("no-cache");
    }));

  it("names each page's first requests for the HTML to preload: the list's first page only when its address has no query", async () => {
    const data = async (pathname: string, query = "") => (await describePublicPage(ctx.database.db, pathname, query))?.preload?.data;
    expect(await data("/transparency/campinas/transactions-voluntary")).toEqual([
      "/api/public/campinas",
      "/api/public/campinas/voluntary-transfers/options",
      "/api/public/campinas/voluntary-transfers?_start=0&_end=20",
    ]);
    // Another page, a search or a sort: the page builds its own request, so only what does not depend on it.
    expect(await data("/transparency/campinas/transactions-voluntary", "pagina=2")).toEqual(["/api/public/campinas", "/api/public/campinas/voluntary-transfers/options"]);
    const [nr] = await publicNrs(impositionTransfers, "campinas");
    expect(await data(`/transparency/campinas/transactions-imposition/info/${nr}`)).toEqual([
      "/api/public/campinas",
      `/api/public/campinas/imposition-transfers/${encodeURIComponent(nr)}`,
      `/api/public/campinas/imposition-transfers/${encodeURIComponent(nr)}/trail`,
    ]);
    expect(await data("/transparency/campinas/dados-abertos")).toEqual(["/api/public/campinas", "/api/public/campinas/datasets"]);
    // The dashboard's year is the page's to choose: nothing of its own is guessed.
    expect(await data("/transparency/campinas/dashboard")).toEqual(["/api/public/campinas"]);
  });

  it("answers an unknown slug, a closed portal and an unknown section with status 404", () =>
    withSpa(async (app) => {
      const unknown = await app.inject({ method: "GET", url: "/transparency/nao-existe/dashboard" });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain("<title>Page not found: /transparency/nao-existe/dashboard</title>");
      expect((await app.inject({ method: "GET", url: "/transparency/campinas/segredo" })).statusCode).toBe(404);
      await ctx.database.db.update(companies).set({ publicPortalEnabled: false }).where(eq(companies.slug, "campinas"));
      try {
        expect((await app.inject({ method: "GET", url: "/transparency/campinas" })).statusCode).toBe(404);
      } finally {
        await ctx.database.db.update(companies).set({ publicPortalEnabled: true }).where(eq(companies.slug, "campinas"));
      }
    }));

  it("escapes whatever goes into the page head (names come from the database)", () => {
    const html = '<html><head><meta name="description" content="x" /><title>x</title></head></html>';
    const out = withHead(html, { status: 200, title: 'A "B" <script>alert(1)</script>', description: "C & D" });
    expect(out).toContain("<title>A &quot;B&quot; &lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(out).toContain('<meta name="description" content="C &amp; D" />');
    expect(out).not.toContain("<script>");
  });
});
