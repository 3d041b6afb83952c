import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { registerSpa } from "../../server/spa";
import { describePublicPage } from "../../server/public-head";
import { companies, impositionTransfers, voluntaryTransfers } from "../../server/db/schema";
import { transparencyCheckSchema, type TransparencyCheck } from "../../src/domain/transparency-check";
import { transparencyOf } from "../../src/domain/companies";
import { demoApi } from "../support/accounts";

/**
 * Issue 34 items 2–5: right answers to wrong addresses, publishing as a decision, pt-BR open data and
 * the PNTP 2025 self-check (5.1, 17.1, 17.2).
 */
const api = demoApi({ env: { TRUST_PROXY: "127.0.0.1" } });
const { admin, manager, user, anonymous } = api;
const get = (url: string) => anonymous()({ method: "GET", url });
const db = () => api.ctx.database.db;

async function companyId(slug: string): Promise<number> {
  const [row] = await db().select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));
  return row.id;
}

/** The SPA server over a stand-in index.html, with the public page heads from this test's database. */
async function withSpa(run: (app: FastifyInstance) => Promise<void>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-pntp-spa-"));
  writeFileSync(path.join(dir, "index.html"), '<!doctype html><html><head><meta name="description" content="x" /><title>x</title></head><body></body></html>');
  const app = Fastify();
  await registerSpa(app, dir, { describePage: (pathname) => describePublicPage(db(), pathname) });
  await app.ready();
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe("wrong addresses get the right answers", () => {
  it("answers an unknown, a private and another municipality's transfer number with 404 and a pt-BR title", () =>
    withSpa(async (app) => {
      const [other] = await db().select({ nr: impositionTransfers.nrTransfer }).from(impositionTransfers).where(eq(impositionTransfers.companyId, await companyId("campinas"))).limit(1);
      const [hidden] = await db()
        .select({ nr: voluntaryTransfers.nrTransfer })
        .from(voluntaryTransfers)
        .where(and(eq(voluntaryTransfers.companyId, await companyId("sao-jose-dos-campos")), eq(voluntaryTransfers.isPublic, false)))
        .limit(1);
      const urls = [
        "/transparency/sao-jose-dos-campos/transactions-imposition/info/00000000-000000",
        `/transparency/sao-jose-dos-campos/transactions-imposition/info/${other.nr}`,
        "/transparency/sao-jose-dos-campos/emendas-municipais/info/2026-9999",
        ...(hidden ? [`/transparency/sao-jose-dos-campos/transactions-voluntary/info/${hidden.nr}`] : []),
      ];
      for (const url of urls) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toMatch(/<title>(Transferência|Emenda) não encontrada\. \| Prefeitura de São José dos Campos \(SP\)/);
        expect(res.body, url).toContain("Esta página não existe ou não é publicada.");
      }
      const [known] = await db().select({ nr: impositionTransfers.nrTransfer }).from(impositionTransfers).where(and(eq(impositionTransfers.companyId, await companyId("sao-jose-dos-campos")), eq(impositionTransfers.isPublic, true))).limit(1);
      expect((await app.inject({ method: "GET", url: `/transparency/sao-jose-dos-campos/transactions-imposition/info/${known.nr}` })).statusCode).toBe(200);
    }));

  it("sends a slug in capitals, or with a trailing slash, to its one canonical address with 308, keeping the query", () =>
    withSpa(async (app) => {
      const caps = await app.inject({ method: "GET", url: "/transparency/SAO-JOSE-DOS-CAMPOS/Transactions-Imposition?ano=2025&pagina=2" });
      expect(caps.statusCode).toBe(308);
      expect(caps.headers.location).toBe("/transparency/sao-jose-dos-campos/transactions-imposition?ano=2025&pagina=2");
      const slash = await app.inject({ method: "GET", url: "/transparency/campinas/" });
      expect(slash.statusCode).toBe(308);
      expect(slash.headers.location).toBe("/transparency/campinas");
      // An unknown slug is not redirected anywhere: it is a 404, in capitals or not.
      expect((await app.inject({ method: "GET", url: "/transparency/NAO-EXISTE" })).statusCode).toBe(404);
    }));

  it("answers the portals' root and the open-data page with 200 and their own titles", () =>
    withSpa(async (app) => {
      const root = await app.inject({ method: "GET", url: "/transparency" });
      expect(root.statusCode).toBe(200);
      expect(root.body).toContain("<title>Portais da Transparência – Portal da Transparência</title>");
      const open = await app.inject({ method: "GET", url: "/transparency/campinas/dados-abertos" });
      expect(open.statusCode).toBe(200);
      expect(open.body).toContain("<title>Dados abertos | Prefeitura de Campinas (SP) – Portal da Transparência</title>");
    }));

  it("lists every published portal, and only those, at the portals' root", async () => {
    const res = await get("/api/public/portals");
    expect(res.statusCode).toBe(200);
    const slugs = (res.json() as { slug: string }[]).map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(["belo-horizonte", "campinas", "sao-jose-dos-campos"]));
    // The seven capitals registered without a portal stay out.
    expect(slugs).not.toContain("sao-paulo");
  });
});

describe("publishing is a decision", () => {
  it("creates a new client with its portal unpublished: its address answers 404 until someone publishes it", async () => {
    const res = await admin()({ method: "POST", url: "/api/companies", payload: { cnpj: "11.444.777/0001-61", name: "Guarujá", ibgeCode: "3518701", slug: "guaruja" } });
    expect(res.statusCode).toBe(201);
    expect(res.json().publicPortalEnabled).toBe(false);
    expect((await get("/api/public/guaruja")).statusCode).toBe(404);
    await withSpa(async (app) => expect((await app.inject({ method: "GET", url: "/transparency/guaruja" })).statusCode).toBe(404));
    // Its self-check says why it is not live, as the first item of its go-live checklist.
    const check = await admin()({ method: "GET", url: "/api/transparency-check", headers: { "x-company-id": String(res.json().id) } });
    expect(check.statusCode).toBe(200);
    const portal = (check.json() as TransparencyCheck).criteria.find((c) => c.code === "portal")!;
    expect(portal.passed).toBe(false);
    expect(portal.items[0]).toMatchObject({ id: "portal-published", passed: false, fix: { path: `/admin/companies/${res.json().id}/transparency` } });
    expect(portal.items[0].reason).toContain("O portal ainda não foi publicado");
  });

  it("says how many records of a list are not published, beside the filter options", async () => {
    const id = await companyId("sao-jose-dos-campos");
    const all = await db().select({ isPublic: impositionTransfers.isPublic }).from(impositionTransfers).where(eq(impositionTransfers.companyId, id));
    const res = await get("/api/public/sao-jose-dos-campos/imposition-transfers/options");
    expect(res.json().unpublished).toEqual({ hidden: all.filter((r) => !r.isPublic).length, total: all.length });
  });
});

describe("pt-BR open data", () => {
  it("gives the JSON export the CSV's pt-BR field names, with the data dictionary, for both kinds", async () => {
    for (const [path, key] of [
      ["imposition-transfers", "transferencias_especiais"],
      ["voluntary-transfers", "transferencias_voluntarias"],
    ]) {
      const csv = await get(`/api/public/sao-jose-dos-campos/${path}.csv`);
      const headers = csv.body.replace(/^\uFEFF/, "").split("\r\n")[0].split(";");
      const json = await get(`/api/public/sao-jose-dos-campos/${path}.json`);
      expect(json.statusCode).toBe(200);
      const body = JSON.parse(json.body) as Record<string, unknown>;
      expect(body.municipio).toBe("São José dos Campos");
      const rows = body[key] as Record<string, unknown>[];
      expect(rows.length).toBe(csv.body.trim().split("\r\n").length - 1);
      for (const row of rows) expect(Object.keys(row)).toEqual(headers);
      expect((body.dicionario as { campo: string }[]).map((d) => d.campo)).toEqual(headers);
      const dictionary = await get(`/api/public/sao-jose-dos-campos/${path}/dictionary`);
      expect((dictionary.json() as { campo: string }[]).map((d) => d.campo)).toEqual(headers);
    }
  });

  it("gives the municipal emendas' JSON rows the CSV's pt-BR field names too", async () => {
    const csv = await get("/api/public/sao-jose-dos-campos/municipal-amendments.csv");
    const headers = csv.body.replace(/^\uFEFF/, "").split("\r\n")[0].split(";");
    const body = JSON.parse((await get("/api/public/sao-jose-dos-campos/municipal-amendments.json")).body) as { emendas: Record<string, unknown>[] };
    expect(body.emendas.length).toBeGreaterThan(0);
    for (const row of body.emendas) expect(Object.keys(row)).toEqual(headers);
  });

  it("carries the PNTP fields: repassador, número/ano, objeto, valores, vigência, origem, forma, tipo, autoria and the execution page", async () => {
    const body = JSON.parse((await get("/api/public/campinas/imposition-transfers.json")).body) as { transferencias_especiais: Record<string, unknown>[] };
    const row = body.transferencias_especiais[0];
    expect(Object.keys(row)).toEqual(expect.arrayContaining(["concedente", "codigo_plano_acao", "ano", "objeto", "valor_previsto", "valor_recebido", "inicio_execucao", "fim_execucao", "origem", "forma_repasse", "tipo_emenda", "numero_emenda", "parlamentar", "pagina_execucao"]));
    expect(row.pagina_execucao).toBe(`/transparency/campinas/transactions-imposition/info/${row.codigo_plano_acao}`);
    expect(typeof row.valor_previsto).toBe("number");
  });

  it("downloads every list as an XLSX workbook", async () => {
    const res = await get("/api/public/campinas/voluntary-transfers.xlsx?year=2025");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="transferencias-voluntarias-campinas.xlsx"');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("lists each dataset with its formats, update time, published count and dictionary", async () => {
    const res = await get("/api/public/sao-jose-dos-campos/datasets");
    expect(res.statusCode).toBe(200);
    const datasets = res.json() as { id: string; formatos: { formato: string; url: string }[]; atualizadoEm: string | null; registros: number; dicionario: unknown[] }[];
    expect(datasets.map((d) => d.id)).toEqual(["transferencias-especiais", "transferencias-voluntarias", "emendas-municipais", "indicadores-fiscais"]);
    for (const d of datasets) {
      expect(d.formatos.map((f) => f.formato)).toEqual(["csv", "xlsx", "json"]);
      expect(d.atualizadoEm).not.toBeNull();
      expect(d.registros).toBeGreaterThan(0);
      // The fiscal indicators have fewer fields (one row per indicator and year) than a transfer.
      expect(d.dicionario.length).toBeGreaterThan(d.id === "indicadores-fiscais" ? 5 : 10);
      for (const f of d.formatos) expect((await get(f.url.replace(/^\/api/, "/api"))).statusCode, f.url).toBe(200);
    }
    expect((await get("/api/public/nao-existe/datasets")).statusCode).toBe(404);
  });

  it("publishes the fiscal indicators as a dataset: CSV, XLSX and JSON with the same pt-BR fields, its dictionary and update time", async () => {
    const datasets = (await get("/api/public/sao-jose-dos-campos/datasets")).json() as { id: string; registros: number; atualizadoEm: string | null; dicionario: { campo: string; tipo: string }[] }[];
    const fiscal = datasets.find((d) => d.id === "indicadores-fiscais")!;
    const fields = ["ano", "codigo_indicador", "indicador", "unidade", "valor", "limite_legal", "tipo_limite", "situacao", "fonte"];
    expect(fiscal.dicionario.map((e) => e.campo)).toEqual(fields);
    expect(fiscal.dicionario.find((e) => e.campo === "valor")!.tipo).toContain("percentual");
    const shown = (await get("/api/public/sao-jose-dos-campos/fiscal-indicators")).json() as { year: number; indicator: string; value: string }[];
    expect(fiscal.registros).toBe(shown.length);

    const csv = await get("/api/public/sao-jose-dos-campos/fiscal-indicators.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="indicadores-fiscais-sao-jose-dos-campos.csv"');
    const lines = csv.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0].split(";")).toEqual(fields);
    expect(lines).toHaveLength(shown.length + 1);
    const json = (await get("/api/public/sao-jose-dos-campos/fiscal-indicators.json")).json() as { dicionario: unknown[]; indicadores_fiscais: Record<string, unknown>[] };
    expect(json.dicionario).toEqual(fiscal.dicionario);
    expect(json.indicadores_fiscais).toHaveLength(shown.length);
    expect(Object.keys(json.indicadores_fiscais[0])).toEqual(fields);
    const first = json.indicadores_fiscais[0];
    const same = shown.find((r) => r.year === first.ano && r.indicator === first.codigo_indicador)!;
    expect(first.valor).toBe(Number(same.value));
    const xlsx = await get("/api/public/sao-jose-dos-campos/fiscal-indicators.xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    expect((await get("/api/public/sao-jose-dos-campos/fiscal-indicators.pdf")).statusCode).toBe(400);
  });

  it("leaves the fiscal indicators out of the open data when the portal does not publish that section", async () => {
    const id = await companyId("campinas");
    const [before] = await db().select({ transparency: companies.transparency }).from(companies).where(eq(companies.id, id));
    const settings = transparencyOf(before.transparency);
    try {
      await db().update(companies).set({ transparency: { ...settings, sections: { ...settings.sections, fiscalIndicators: false } } }).where(eq(companies.id, id));
      const ids = ((await get("/api/public/campinas/datasets")).json() as { id: string }[]).map((d) => d.id);
      expect(ids).not.toContain("indicadores-fiscais");
      expect((await get("/api/public/campinas/fiscal-indicators.csv")).statusCode).toBe(404);
    } finally {
      await db().update(companies).set({ transparency: before.transparency }).where(eq(companies.id, id));
    }
  });
});

describe("GET /api/transparency-check (PNTP 2025 self-check)", () => {
  it("shows every 5.1, 17.1 and 17.2 criterion passing for the demo municipality", async () => {
    const res = await manager()({ method: "GET", url: "/api/transparency-check" });
    expect(res.statusCode).toBe(200);
    const check = transparencyCheckSchema.parse(res.json());
    const failing = check.criteria.flatMap((c) => c.items.filter((i) => !i.passed).map((i) => `${i.id}: ${i.reason}`));
    expect(failing).toEqual([]);
    expect(check.passed).toBe(true);
    expect(check.criteria.map((c) => c.code)).toEqual(["portal", "5.1", "17.1", "17.2"]);
    expect(check.portalPath).toBe("/transparency/sao-jose-dos-campos");
  });

  it("fails the criterion the data does not meet, with its reason and where to fix it", async () => {
    const id = await companyId("sao-jose-dos-campos");
    const rows = await db()
      .select({ id: impositionTransfers.id, objectName: impositionTransfers.objectName })
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.companyId, id), eq(impositionTransfers.isPublic, true)))
      .limit(3);
    try {
      for (const row of rows) await db().update(impositionTransfers).set({ objectName: null }).where(eq(impositionTransfers.id, row.id));
      const check = (await manager()({ method: "GET", url: "/api/transparency-check" })).json() as TransparencyCheck;
      const fields = check.criteria.find((c) => c.code === "5.1")!.items.find((i) => i.id === "5.1-fields")!;
      expect(fields.passed).toBe(false);
      expect(fields.reason).toBe("3 transferências publicadas sem objeto.");
      expect(fields.fix).toEqual({ label: "Abrir as transferências especiais", path: "/admin/transactions-imposition" });
      const emendas = check.criteria.find((c) => c.code === "17.1")!;
      expect(emendas.passed).toBe(false);
      expect(emendas.items[0].reason).toBe("3 emendas publicadas sem objeto.");
      expect(check.passed).toBe(false);
    } finally {
      for (const row of rows) await db().update(impositionTransfers).set({ objectName: row.objectName }).where(eq(impositionTransfers.id, row.id));
    }
  });

  it("fails the payments and the emendas Pix execution when the portal hides payments, and tells a manager to ask the consultancy", async () => {
    const id = await companyId("sao-jose-dos-campos");
    const [before] = await db().select({ transparency: companies.transparency }).from(companies).where(eq(companies.id, id));
    try {
      await db().update(companies).set({ transparency: { ...(before.transparency as object), showPayments: false } }).where(eq(companies.id, id));
      const check = (await manager()({ method: "GET", url: "/api/transparency-check" })).json() as TransparencyCheck;
      const payments = check.criteria.find((c) => c.code === "5.1")!.items.find((i) => i.id === "5.1-payments")!;
      expect(payments).toMatchObject({ passed: false, fix: null });
      expect(payments.reason).toContain("Peça à consultoria");
      expect(check.criteria.find((c) => c.code === "17.2")!.passed).toBe(false);
    } finally {
      await db().update(companies).set({ transparency: before.transparency }).where(eq(companies.id, id));
    }
  });

  it("is for managers and the consultancy: a USER gets 403, an ADMIN must choose a client first", async () => {
    expect((await user()({ method: "GET", url: "/api/transparency-check" })).statusCode).toBe(403);
    expect((await anonymous()({ method: "GET", url: "/api/transparency-check" })).statusCode).toBe(401);
    const noClient = await admin()({ method: "GET", url: "/api/transparency-check" });
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json().message).toBe("Selecione um cliente antes de continuar.");
  });
});
