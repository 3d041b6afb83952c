import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { registerSpa } from "../../server/spa";

let app: FastifyInstance;
const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `linha ${i}` })))};`;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-spa-"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>SOL</title>");
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app-123.js"), "console.log(1)");
  // The build compresses each asset once (scripts/vite-precompress.ts).
  writeFileSync(path.join(dir, "assets", "vendor-456.js"), BIG_SCRIPT);
  writeFileSync(path.join(dir, "assets", "vendor-456.js.br"), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(dir, "manifest.webmanifest"), "{}");
  app = Fastify();
  await registerSpa(app, dir);
  await app.ready();
});
afterAll(async () => app?.close());

describe("serving the SPA", () => {
  it.each(["/", "/admin/dashboard", "/admin/transactions-imposition/info/09032025-079703", "/transparency/campinas/transactions-voluntary"])(
    "answers the known screen %s with index.html and 200",
    async (url) => {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>SOL</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it.each(["/nada", "/admin/nao-existe", "/transparency/campinas/segredo", "/admin/companies/edit/abc", "/admin/projects/info/12/nope"])("answers the unknown path (or invalid parameter) %s with index.html and 404", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("<title>SOL</title>");
  });

  it("caches hashed assets for a year and the manifest not at all", async () => {
    expect((await app.inject({ method: "GET", url: "/assets/app-123.js" })).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await app.inject({ method: "GET", url: "/manifest.webmanifest" })).headers["cache-control"]).toBe("no-cache");
  });

  it("sends the build's brotli file as it is to a browser that takes brotli, and the plain file to one that does not", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/vendor-456.js", headers: { "accept-encoding": "br, gzip" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject({ method: "GET", url: "/assets/vendor-456.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it("answers a missing asset and unknown API paths with 404 and no HTML", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/missing-1.js" });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain("<title>");
    const api = await app.inject({ method: "POST", url: "/api/nope" });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe("Rota não encontrada: POST /api/nope");
  });

  it("does not fail on a malformed escape in the path", async () => {
    const res = await app.inject({ method: "GET", url: "/admin/%E0%A4%A" });
    expect([400, 404]).toContain(res.statusCode);
  });
});

describe("a page's HTML announcing what it loads", () => {
  let site: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sol-spa-preload-"));
    writeFileSync(path.join(dir, "index.html"), '<!doctype html><head><title>SOL</title><script type="module" crossorigin src="/assets/index-1.js"></script></head>');
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(
      path.join(dir, ".vite", "manifest.json"),
      JSON.stringify({
        "src/main.tsx": { file: "assets/index-1.js" },
        "src/transparency/App.tsx": { file: "assets/App-2.js", imports: ["src/main.tsx", "_labels.js"], css: ["assets/App-2.css"] },
        "_labels.js": { file: "assets/labels-3.js" },
        "src/transparency/pages/imposition-list.tsx": { file: "assets/list-4.js", imports: ["_labels.js", "src/main.tsx"] },
      }),
    );
    site = Fastify();
    await registerSpa(site, dir, {
      describePage: async (pathname) =>
        pathname === "/transparency/campinas/transactions-imposition"
          ? { status: 200, title: "Lista", description: "d", preload: { modules: ["src/transparency/App.tsx", "src/transparency/pages/imposition-list.tsx"], data: ["/api/public/campinas"] } }
          : null,
    });
    await site.ready();
  });
  afterAll(async () => site?.close());

  it("lists the page's code, its styles and its first JSON as preloads, each once, leaving out what index.html already loads", async () => {
    const html = (await site.inject({ method: "GET", url: "/transparency/campinas/transactions-imposition" })).body;
    const links = html.match(/<link [^>]+>/g) ?? [];
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/App-2.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/labels-3.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/list-4.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/App-2.css" />',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/public/campinas" />',
    ]);
  });

  it("adds nothing to a page the server does not describe, and never serves the build's manifest", async () => {
    const html = (await site.inject({ method: "GET", url: "/admin/dashboard" })).body;
    expect(html).not.toContain("modulepreload");
    expect((await site.inject({ method: "GET", url: "/.vite/manifest.json" })).statusCode).toBe(404);
  });
});
