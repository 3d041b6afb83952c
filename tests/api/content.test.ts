import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { blogPostResource, categoryResource, legislationResource, usefulLinkResource } from "../../server/content/routes";

const api = demoApi();
let serial = 0;
const next = () => ++serial;

const category = () => ({ scope: "legislation", name: `Categoria ${next()}`, slug: `categoria-${serial}`, color: "#13c2c2", order: 3 });
const legislation = () => ({
  kind: "PORTARIA",
  number: `${9000 + next()}`,
  year: 2025,
  date: "2025-06-30",
  title: "Portaria de teste sobre transferências",
  summary: "Dispõe sobre procedimentos de teste.",
  officialUrl: "https://www.in.gov.br/",
});
const link = () => ({ title: `Portal ${next()}`, url: "https://www.gov.br/transferegov/pt-br", description: "Plataforma federal.", order: 20 });
const post = (status = "PUBLICADO") => ({
  title: `Artigo ${next()}`,
  slug: `artigo-${serial}`,
  excerpt: "Resumo do artigo.",
  body: "## Título\n\nTexto com **negrito**.",
  status,
});

describeResourceContract(categoryResource, {
  api,
  validCreate: category,
  invalid: { body: { ...category(), color: "vermelho" }, field: "color" },
  patch: { name: "Renomeada" },
});
describeResourceContract(legislationResource, {
  api,
  validCreate: legislation,
  invalid: { body: { ...legislation(), officialUrl: "javascript:alert(1)" }, field: "officialUrl" },
  patch: { status: "REVOGADA" },
});
describeResourceContract(usefulLinkResource, {
  api,
  validCreate: link,
  invalid: { body: { ...link(), url: "ftp://exemplo" }, field: "url" },
  patch: { order: 99 },
});
describeResourceContract(blogPostResource, {
  api,
  validCreate: () => post(),
  invalid: { body: { ...post(), slug: "Com Espaço" }, field: "slug" },
  patch: { excerpt: "Outro resumo." },
});

describe("the content library", () => {
  it("seeds the real federal norms with their official addresses, newest first", async () => {
    const res = await (await api.user())({ method: "GET", url: "/api/legislations?_start=0&_end=100" });
    expect(res.statusCode, res.body).toBe(200);
    const rows: { kind: string; number: string; year: number; officialUrl: string }[] = res.json();
    const keys = rows.map((r) => `${r.kind} ${r.number}/${r.year}`);
    for (const expected of ["LC 210/2024", "LC 101/2000", "LC 131/2009", "LC 141/2012", "LEI 12.527/2011", "LEI 9.452/1997", "LEI 14.133/2021", "DECRETO 10.540/2020", "DECRETO 11.531/2023", "PORTARIA_CONJUNTA 33/2023", "IN 8/2025", "EC 105/2019"]) {
      expect(keys).toContain(expected);
    }
    expect(rows.find((r) => r.number === "210")!.officialUrl).toBe("https://www.planalto.gov.br/ccivil_03/leis/lcp/lcp210.htm");
  });

  it("searches legislation without accents and filters categories by scope", async () => {
    const user = await api.user();
    const found = await user({ method: "GET", url: `/api/legislations?q=${encodeURIComponent("camaras municipais")}` });
    expect(found.json().map((r: { number: string }) => r.number)).toEqual(["9.452"]);
    const cats = await user({ method: "GET", url: "/api/categories?scope=link" });
    expect(cats.statusCode).toBe(200);
    expect(cats.json().length).toBeGreaterThan(0);
    expect(cats.json().every((c: { scope: string }) => c.scope === "link")).toBe(true);
  });

  it("seeds the real public portals as useful links", async () => {
    const res = await (await api.manager())({ method: "GET", url: "/api/useful-links?_start=0&_end=50" });
    const urls = res.json().map((r: { url: string }) => r.url);
    expect(urls).toContain("https://www.gov.br/transferegov/pt-br");
    expect(urls).toContain("https://portaldatransparencia.gov.br/");
    expect(urls).toContain("https://siconfi.tesouro.gov.br/");
    expect(urls).toContain("https://portal.tcu.gov.br/");
  });

  it("shows a draft post to ADMIN only: a USER or MANAGER never lists it and gets a 404 for it", async () => {
    const admin = await api.admin();
    const created = await admin({ method: "POST", url: "/api/blog-posts", payload: post("RASCUNHO") });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    expect(draft.publishedAt).toBeNull();
    const adminList = await admin({ method: "GET", url: `/api/blog-posts?slug=${draft.slug}` });
    expect(adminList.json()).toHaveLength(1);
    for (const reader of [await api.user(), await api.manager()]) {
      expect((await reader({ method: "GET", url: `/api/blog-posts/${draft.id}` })).statusCode).toBe(404);
      const list = await reader({ method: "GET", url: "/api/blog-posts?_start=0&_end=100" });
      expect(list.json().some((p: { id: number; status: string }) => p.id === draft.id || p.status !== "PUBLICADO")).toBe(false);
    }
    const published = await admin({ method: "PATCH", url: `/api/blog-posts/${draft.id}`, payload: { status: "PUBLICADO" } });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().publishedAt).not.toBeNull();
    expect(published.json().authorName).toBeTruthy();
    expect((await (await api.user())({ method: "GET", url: `/api/blog-posts/${draft.id}` })).statusCode).toBe(200);
  });

  it("refuses a category of another area with a pt-BR 422 and writes nothing", async () => {
    const admin = await api.admin();
    const cats = (await admin({ method: "GET", url: "/api/categories?scope=blog" })).json();
    const body = { ...legislation(), categoryId: cats[0].id };
    const res = await admin({ method: "POST", url: "/api/legislations", payload: body });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.categoryId).toMatch(/Categoria não encontrada/);
    const after = await admin({ method: "GET", url: `/api/legislations?number=${body.number}` });
    expect(after.json()).toHaveLength(0);
  });

  it("answers a duplicate slug with a 409 naming the field", async () => {
    const admin = await api.admin();
    const body = post();
    expect((await admin({ method: "POST", url: "/api/blog-posts", payload: body })).statusCode).toBe(201);
    const again = await admin({ method: "POST", url: "/api/blog-posts", payload: { ...body, title: "Outro" } });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.slug).toMatch(/Já existe um artigo/);
  });
});

describe("search over the whole library", () => {
  type Hit = { kind: string; id: number; title: string; snippet: { text: string; match: boolean }[]; rank: number };

  it("finds norms and articles in Portuguese without accents, best first, the matched words marked in the snippet", async () => {
    const res = await (await api.user())({ method: "GET", url: `/api/content-search?q=${encodeURIComponent("camaras municipais")}` });
    expect(res.statusCode, res.body).toBe(200);
    const hits: Hit[] = res.json();
    expect(hits[0]).toMatchObject({ kind: "legislation", title: "Lei nº 9.452, de 20 de março de 1997" });
    const marked = hits[0].snippet.filter((p) => p.match).map((p) => p.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(["câmaras", "municipais"]));
    expect(hits.map((h) => h.rank)).toEqual([...hits.map((h) => h.rank)].sort((a, b) => b - a));
    // Stemming: the plural finds the singular ("emendas" → "emenda PIX" articles and norms).
    const emendas: Hit[] = (await (await api.user())({ method: "GET", url: "/api/content-search?q=emenda" })).json();
    expect(emendas.some((h) => h.kind === "blog")).toBe(true);
    expect(emendas.some((h) => h.kind === "legislation")).toBe(true);
  });

  it("never shows a draft to a USER, and answers a too-short search with a pt-BR 422", async () => {
    const admin = await api.admin();
    const draft = { ...post("RASCUNHO"), title: "Rascunho sobre xilogravuras orçamentárias", body: "Texto sobre xilogravuras." };
    expect((await admin({ method: "POST", url: "/api/blog-posts", payload: draft })).statusCode).toBe(201);
    const forAdmin: Hit[] = (await admin({ method: "GET", url: "/api/content-search?q=xilogravuras" })).json();
    expect(forAdmin.map((h) => h.title)).toContain(draft.title);
    const user = await api.user();
    expect((await user({ method: "GET", url: "/api/content-search?q=xilogravuras" })).json()).toEqual([]);
    const short = await user({ method: "GET", url: "/api/content-search?q=a" });
    expect(short.statusCode).toBe(422);
    expect(short.body).toMatch(/ao menos 2 letras/);
  });
});

describe("optional links (issue 31)", () => {
  it("lets a filled official link and blog cover be emptied: a cleared field sends \"\" and stores none", async () => {
    const admin = await api.admin();
    const law = (await admin({ method: "POST", url: "/api/legislations", payload: { ...legislation(), officialUrl: "https://www.planalto.gov.br/lei" } })).json();
    const cleared = await admin({ method: "PATCH", url: `/api/legislations/${law.id}`, payload: { officialUrl: "" } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().officialUrl).toBeNull();
    const article = (await admin({ method: "POST", url: "/api/blog-posts", payload: { ...post(), coverUrl: "https://exemplo.gov.br/capa.png" } })).json();
    const noCover = await admin({ method: "PATCH", url: `/api/blog-posts/${article.id}`, payload: { coverUrl: "" } });
    expect(noCover.statusCode, noCover.body).toBe(200);
    expect(noCover.json().coverUrl).toBeNull();
  });
});
