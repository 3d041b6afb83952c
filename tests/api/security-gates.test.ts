import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { as, sessionCookie } from "../support/api";
import { demoApi } from "../support/accounts";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

/** The server's gates: terms (hole 6), company headers (hole 7), no-store (hole 12) and the security headers. */
const spaDir = mkdtempSync(path.join(os.tmpdir(), "sol-spa-"));
writeFileSync(path.join(spaDir, "index.html"), '<!doctype html><html><head><title>SOL</title><meta name="description" content="x" /></head><body></body></html>');
mkdirSync(path.join(spaDir, "assets"));
writeFileSync(path.join(spaDir, "assets", "app-123.js"), "console.log(1)");

// Every route is called, the sync's freshness included: it asks the recorded Transferegov, never the internet.
const env: Record<string, string> = {};
let transferegov: RecordedServer | undefined;
beforeAll(async () => {
  transferegov = await startRecordedTransferegov({});
  env.TRANSFEREGOV_API_URL = transferegov.url;
});
afterAll(async () => transferegov?.close());

const api = demoApi({ spaDir, env });
const { admin, manager, user, anonymous } = api;
const CAMPINAS = { id: "2", cnpj: "51885242000140" };

describe("hole 6: until the terms are accepted the server refuses everything but the session, the log and the acceptance", () => {
  it("answers 403 to reads and writes, lets /me, /log and logout through, and opens everything once accepted", async () => {
    const novo = as(api.ctx.app, await sessionCookie(api.ctx.app, "novo@demo.local"));
    const me = await novo({ method: "GET", url: "/api/auth/me" });
    expect(me.statusCode).toBe(200);
    const id = me.json().user.id as number;
    expect(me.json().user.customClaims.acceptTerms).toBe(false);

    const closed = [
      { method: "GET" as const, url: "/api/imposition-transfers" },
      { method: "GET" as const, url: "/api/dashboard/summary" },
      { method: "GET" as const, url: `/api/users/${id}` },
      { method: "POST" as const, url: "/api/transaction-payments", payload: { impositionTransferId: 1, kind: "COMMITMENT", documentNumber: "2026NE000099", paymentDate: "2026-04-02", amount: 10 } },
      { method: "POST" as const, url: "/api/companies/upload-url", payload: { contentType: "image/png", kind: "avatar" } },
      // Its own record, but not only the acceptance: refused before anything is validated or saved.
      { method: "PATCH" as const, url: `/api/users/${id}`, payload: { name: "Outro Nome" } },
      { method: "PATCH" as const, url: `/api/users/${id}`, payload: { acceptTerms: true, name: "Outro Nome" } },
      { method: "PATCH" as const, url: `/api/users/${id}`, payload: { acceptTerms: false } },
      { method: "PATCH" as const, url: "/api/users/3", payload: { acceptTerms: true } },
    ];
    for (const request of closed) {
      const res = await novo(request);
      expect([request.url, res.statusCode, res.json().message]).toEqual([request.url, 403, "Aceite os termos de uso para continuar."]);
    }
    const payments = await admin()({ method: "GET", url: "/api/transaction-payments?documentNumber=2026NE000099" });
    expect(payments.headers["x-total-count"]).toBe("0");
    expect((await admin()({ method: "GET", url: `/api/users/${id}` })).json().name).not.toBe("Outro Nome");

    expect((await novo({ method: "POST", url: "/api/log", payload: { action: "LOGIN", comment: "Login", userData: null } })).statusCode).toBe(201);
    expect((await novo({ method: "GET", url: "/api/config" })).statusCode).toBe(200);

    const accept = await novo({ method: "PATCH", url: `/api/users/${id}`, payload: { acceptTerms: true, acceptTermsAt: new Date().toISOString() } });
    expect(accept.statusCode).toBe(200);
    expect((await novo({ method: "GET", url: "/api/imposition-transfers" })).statusCode).toBe(200);
    expect((await novo({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(200);
  });

  it("lets an ADMIN through without terms (spec section 4)", async () => {
    expect((await admin()({ method: "GET", url: "/api/imposition-transfers?_end=1" })).statusCode).toBe(200);
  });
});

describe("hole 7: a company header that does not match is refused (403) on every route, the two PATCHes included", () => {
  it("refuses a MANAGER's PATCH of its own user and company with another company's id or CNPJ, changing nothing", async () => {
    const me = (await manager()({ method: "GET", url: "/api/auth/me" })).json().user;
    const user = await manager()({ method: "PATCH", url: `/api/users/${me.id}`, headers: { "x-company-id": CAMPINAS.id }, payload: { phone: "(12) 99999-0000" } });
    expect(user.statusCode).toBe(403);
    const company = await manager()({ method: "PATCH", url: "/api/companies/1", headers: { "x-company-cnpj": CAMPINAS.cnpj }, payload: { phone: "(12) 3333-0000" } });
    expect(company.statusCode).toBe(403);
    expect(company.json().message).toBe("Você não tem acesso a este cliente.");
    expect((await manager()({ method: "GET", url: `/api/users/${me.id}` })).json().phone).not.toBe("(12) 99999-0000");
    expect((await manager()({ method: "GET", url: "/api/companies/1" })).json().phone).not.toBe("(12) 3333-0000");
  });

  it("refuses the same header on the routes that read or write one record by id", async () => {
    const headers = { "x-company-id": CAMPINAS.id };
    for (const request of [
      { method: "GET" as const, url: "/api/users/3" },
      { method: "GET" as const, url: "/api/companies/1" },
      { method: "GET" as const, url: "/api/companies/cnpj/46643466000106" },
      { method: "PATCH" as const, url: "/api/users/3/avatar", payload: { storagePath: null } },
      { method: "POST" as const, url: "/api/companies/upload-url", payload: { contentType: "image/png", kind: "avatar" } },
    ]) {
      expect([request.url, (await user()({ ...request, headers })).statusCode]).toEqual([request.url, 403]);
    }
  });

  it("still lets the session itself through with a stale header, and the matching header everywhere", async () => {
    expect((await user()({ method: "GET", url: "/api/auth/me", headers: { "x-company-id": CAMPINAS.id } })).statusCode).toBe(200);
    expect((await manager()({ method: "GET", url: "/api/companies/1", headers: { "x-company-id": "1", "x-company-cnpj": "46643466000106" } })).statusCode).toBe(200);
  });
});

const SECURITY_HEADERS = ["x-content-type-options", "x-frame-options", "strict-transport-security", "referrer-policy", "cross-origin-opener-policy", "content-security-policy"];

function expectSecurityHeaders(label: string, res: LightMyRequestResponse) {
  const missing = SECURITY_HEADERS.filter((name) => !res.headers[name]);
  expect({ label, status: res.statusCode, missing, poweredBy: res.headers["x-powered-by"] }).toEqual({ label, status: res.statusCode, missing: [], poweredBy: undefined });
}

/** Every path and method the OpenAPI description lists, with sample parameters. */
async function everyApiRoute(): Promise<{ method: string; url: string }[]> {
  const doc = (await anonymous()({ method: "GET", url: "/api/docs/json" })).json() as { paths: Record<string, Record<string, unknown>> };
  const sample: Record<string, string> = { id: "1", slug: "campinas", cnpj: "46643466000106", NR_TRANSFER: "09032025-079703", codPlan: "1", format: "csv", "*": "avatars/1/x.png" };
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.keys(methods).map((method) => ({
      method: method.toUpperCase(),
      url: template.replace(/\{([^}]+)\}/g, (_, name: string) => sample[name] ?? "1"),
    })),
  );
}

describe("security headers on every HTML and API answer", () => {
  it("covers every API route anonymously and every read as ADMIN, MANAGER and USER", async () => {
    const routes = await everyApiRoute();
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const method = route.method as "GET";
      expectSecurityHeaders(`anônimo ${route.method} ${route.url}`, await anonymous()({ method, url: route.url, payload: method === "GET" ? undefined : {} }));
      if (route.method !== "GET") continue;
      for (const [who, request] of [["admin", admin], ["manager", manager], ["user", user]] as const) {
        expectSecurityHeaders(`${who} GET ${route.url}`, await request()({ method: "GET", url: route.url }));
      }
    }
  }, 120_000); // every route, four times: 10–33 s on a loaded machine, and it grows with the routes

  it("covers the SPA's pages, assets and 404s, and the framework's own refusals", async () => {
    const answers: [string, LightMyRequestResponse][] = [];
    for (const url of ["/", "/admin/dashboard", "/admin/nao-existe", "/transparency/campinas", "/transparency/nao-existe", "/assets/app-123.js", "/assets/missing-1.js", "/nada.txt"]) {
      answers.push([`GET ${url}`, await anonymous()({ method: "GET", url })]);
    }
    answers.push(["HEAD /", await anonymous()({ method: "HEAD", url: "/" })]);
    answers.push(["JSON inválido", await anonymous()({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: "{x" })]);
    answers.push(["tipo não suportado", await anonymous()({ method: "POST", url: "/api/auth/login", headers: { "content-type": "text/xml" }, payload: "<x/>" })]);
    answers.push(["corpo grande demais", await anonymous()({ method: "POST", url: "/api/log", headers: { "content-type": "application/json" }, payload: `{"comment":"${"x".repeat(1024 * 1024 + 10)}"}` })]);
    answers.push(["URL malformada", await anonymous()({ method: "GET", url: "/api/users/%E0%A4%A" })]);
    answers.push(["rota de API desconhecida", await anonymous()({ method: "DELETE", url: "/api/nada" })]);
    for (const [label, res] of answers) expectSecurityHeaders(label, res);
    expect(answers[0][1].headers["content-type"]).toMatch(/^text\/html/);
  });
});

describe("hole 12: answers that need a session are never stored (Cache-Control: no-store)", () => {
  it("marks every private answer no-store, for each role, errors included", async () => {
    const routes = (await everyApiRoute()).filter((r) => r.method === "GET" && !/^\/api\/(public|files|config|health|docs)\b/.test(r.url));
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      for (const [who, request] of [["anônimo", anonymous], ["admin", admin], ["user", user]] as const) {
        const res = await request()({ method: "GET", url: route.url });
        expect([who, route.url, res.statusCode, res.headers["cache-control"]]).toEqual([who, route.url, res.statusCode, "no-store"]);
      }
    }
    for (const url of ["/api/imposition-transfers/export?format=csv", "/api/audit-logs"]) {
      expect((await admin()({ method: "GET", url })).headers["cache-control"]).toBe("no-store");
    }
    const login = await anonymous()({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: "x" } });
    expect(login.headers["cache-control"]).toBe("no-store");
  });

  it("leaves the public reads their own policy", async () => {
    expect((await anonymous()({ method: "GET", url: "/api/public/campinas" })).headers["cache-control"]).toBe("public, no-cache");
    expect((await user()({ method: "GET", url: "/api/config" })).headers["cache-control"]).toBe("no-cache");
    expect((await anonymous()({ method: "GET", url: "/" })).headers["cache-control"]).toBe("no-cache");
  });
});
