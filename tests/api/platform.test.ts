import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const email of ["admin@demo.local", "gestor@demo.local", "usuario@demo.local", "usuario2@demo.local"]) {
    cookies[email] = await sessionCookie(ctx.app, email);
  }
});
afterAll(async () => ctx?.close());

const asUser = (email?: string) => as(ctx.app, email ? cookies[email] : undefined);

describe("system endpoints", () => {
  it("GET /api/health answers ok once the database answers", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("GET /api/config gives the SPA its Firebase and assistant configuration without secrets", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/config", headers: { host: "localhost:3000" } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.firebase.projectId).toMatch(/^demo-/);
    expect(body.authEmulatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(body.assistant).toEqual({ host: "http://localhost:3000", chatflowId: "sol-local" });
    expect(JSON.stringify(body)).not.toMatch(/secret|private/i);
  });

  it("an unknown API path is a JSON 404 in pt-BR", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/nao-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Rota não encontrada: GET /api/nao-existe");
  });

  it("a malformed JSON body is a 400 in pt-BR, not a 500", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "application/json" }, payload: "{nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("O corpo da requisição não é um JSON válido.");
  });

  it("every answer, errors included, carries the security headers and the content security policy", async () => {
    for (const url of ["/api/health", "/api/nao-existe", "/api/auth/me"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
      expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
      expect(res.headers["x-powered-by"]).toBeUndefined();
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://apis.google.com https://www.gstatic.com");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("upgrade-insecure-requests");
    }
  });

  it("the API docs keep their own content security policy", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers["content-security-policy"])).toContain("validator.swagger.io");
  });

  it("serves the OpenAPI description at /api/docs", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/log", "/api/audit-logs"]));
  });
});

describe("POST /api/log", () => {
  it("records a failed login without a session, with the e-mail taken from the comment", async () => {
    const res = await asUser()({
      method: "POST",
      url: "/api/log",
      payload: { action: "LOGIN", comment: "Falha no login: auth/wrong-password - e-mail: usuario@demo.local", userData: null },
    });
    expect(res.statusCode).toBe(201);
    const logs = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs?action=LOGIN_FAILED&email=usuario@demo.local" });
    expect(logs.json()[0]).toMatchObject({ action: "LOGIN_FAILED", email: "usuario@demo.local", userId: null, companyId: 1 });
  });

  it("refuses LOGOUT without a session (401)", async () => {
    const res = await asUser()({ method: "POST", url: "/api/log", payload: { action: "LOGOUT", comment: "x", userData: null } });
    expect(res.statusCode).toBe(401);
  });

  it("refuses an unknown action with 422 and a field message", async () => {
    const res = await asUser("usuario@demo.local")({ method: "POST", url: "/api/log", payload: { action: "HACK", comment: "x" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.action).toBe("Ação inválida: use LOGIN ou LOGOUT.");
  });

  it("records LOGIN and LOGOUT of a signed-in user against the user and company", async () => {
    await asUser("usuario2@demo.local")({ method: "POST", url: "/api/log", payload: { action: "LOGIN", comment: "Login", userData: { id: 4 } } });
    const logs = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs?action=LOGIN&email=usuario2@demo.local" });
    expect(logs.json()[0]).toMatchObject({ action: "LOGIN", companyId: 2, userData: { id: 4 } });
  });
});

describe("GET /api/audit-logs: roles and tenancy", () => {
  it("is refused to anonymous (401) and to USER (403)", async () => {
    expect((await asUser()({ method: "GET", url: "/api/audit-logs" })).statusCode).toBe(401);
    expect((await asUser("usuario@demo.local")({ method: "GET", url: "/api/audit-logs" })).statusCode).toBe(403);
  });

  it("shows a MANAGER only its own company's records, with a total count", async () => {
    const res = await asUser("gestor@demo.local")({ method: "GET", url: "/api/audit-logs?_start=0&_end=50" });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers["x-total-count"])).toBeGreaterThan(0);
    expect(res.json().every((r: { companyId: number }) => r.companyId === 1)).toBe(true);
  });

  it("refuses a MANAGER naming another company in x-company-id or x-company-cnpj (403)", async () => {
    const byId = await asUser("gestor@demo.local")({ method: "GET", url: "/api/audit-logs", headers: { "x-company-id": "2" } });
    expect(byId.statusCode).toBe(403);
    const byCnpj = await asUser("gestor@demo.local")({ method: "GET", url: "/api/audit-logs", headers: { "x-company-cnpj": "51885242000140" } });
    expect(byCnpj.statusCode).toBe(403);
  });

  it("lets an ADMIN narrow to one company by header, and refuses a company that does not exist (404)", async () => {
    const res = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs", headers: { "x-company-id": "2", "x-company-cnpj": "51885242000140" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().every((r: { companyId: number }) => r.companyId === 2)).toBe(true);
    const missing = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs", headers: { "x-company-id": "999" } });
    expect(missing.statusCode).toBe(404);
    const mismatched = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs", headers: { "x-company-id": "1", "x-company-cnpj": "51885242000140" } });
    expect(mismatched.statusCode).toBe(404);
  });

  it("refuses unknown filters and sort keys with 400 instead of ignoring them", async () => {
    const filter = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs?password=x" });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe("Filtro desconhecido: password");
    const sort = await asUser("admin@demo.local")({ method: "GET", url: "/api/audit-logs?_sort=ip&_order=asc" });
    expect(sort.statusCode).toBe(400);
  });
});

describe("users: nobody reads or changes what is not theirs", () => {
  it("a USER reads its own record but gets 404 for a colleague and for another company's user", async () => {
    const me = await asUser("usuario@demo.local")({ method: "GET", url: "/api/users/3" });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "usuario@demo.local", role: "USER" });
    expect((await asUser("usuario@demo.local")({ method: "GET", url: "/api/users/2" })).statusCode).toBe(404);
    expect((await asUser("usuario@demo.local")({ method: "GET", url: "/api/users/4" })).statusCode).toBe(404);
  });

  it("nobody raises their own role (403), whatever the body says", async () => {
    const res = await asUser("usuario@demo.local")({ method: "PATCH", url: "/api/users/3", payload: { role: "ADMIN" } });
    expect(res.statusCode).toBe(403);
    const manager = await asUser("gestor@demo.local")({ method: "PATCH", url: "/api/users/2", payload: { role: "ADMIN" } });
    expect(manager.statusCode).toBe(403);
  });

  it("a MANAGER cannot grant ADMIN to a user of its company, nor touch another company's user", async () => {
    expect((await asUser("gestor@demo.local")({ method: "PATCH", url: "/api/users/3", payload: { role: "ADMIN" } })).statusCode).toBe(403);
    expect((await asUser("gestor@demo.local")({ method: "PATCH", url: "/api/users/4", payload: { name: "Outro Nome" } })).statusCode).toBe(404);
  });

  it("refuses unknown fields and mismatched passwords with 422 and field messages", async () => {
    const unknown = await asUser("usuario@demo.local")({ method: "PATCH", url: "/api/users/3", payload: { companyId: 2 } });
    expect(unknown.statusCode).toBe(422);
    const mismatch = await asUser("usuario@demo.local")({ method: "PATCH", url: "/api/users/3", payload: { password: "novasenha1", rePassword: "outra" } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.rePassword).toBe("As senhas não conferem.");
  });

  it("an invalid id is a 422, not a 500", async () => {
    const res = await asUser("admin@demo.local")({ method: "GET", url: "/api/users/abc" });
    expect(res.statusCode).toBe(422);
  });
});

describe("countUpTo", () => {
  it("counts exactly up to the cap and answers cap + 1 beyond it", async () => {
    const { countUpTo } = await import("../../server/resources/paging");
    const { users } = await import("../../server/db/schema");
    const exact = await ctx.database.db.$count(users);
    expect(exact).toBeGreaterThanOrEqual(5);
    expect(await countUpTo(ctx.database.db, users, undefined, { national: false }, 1000)).toBe(exact);
    expect(await countUpTo(ctx.database.db, users, undefined, { national: false }, 2)).toBe(3);
  });

  it("across every municipality, trusts an estimate far above the cap and counts anything near it", async () => {
    const { countUpTo } = await import("../../server/resources/paging");
    const { transactionPayments } = await import("../../server/db/schema");
    const { lt, gte } = await import("drizzle-orm");
    const db = ctx.database.db;
    await db.execute(sql`analyze transaction_payments`);
    const all = await db.$count(transactionPayments);
    expect(all).toBeGreaterThan(100);
    // Hundreds of payments against a cap of 2: far above, answered from the plan alone.
    expect(await countUpTo(db, transactionPayments, undefined, { national: true }, 2)).toBe(3);
    // An estimate near or under the cap is counted exactly.
    expect(await countUpTo(db, transactionPayments, undefined, { national: true }, all)).toBe(all);
    expect(await countUpTo(db, transactionPayments, lt(transactionPayments.amount, "0"), { national: true })).toBe(0);
    const big = await db.$count(transactionPayments, gte(transactionPayments.amount, "1000000"));
    expect(await countUpTo(db, transactionPayments, gte(transactionPayments.amount, "1000000"), { national: true })).toBe(big);
  });

  it("plans an estimate once for the same query, so paging through a search does not plan it again", async () => {
    const { estimateRows } = await import("../../server/resources/paging");
    const { transactionPayments } = await import("../../server/db/schema");
    const { gte } = await import("drizzle-orm");
    const db = ctx.database.db;
    const atLeast = (amount: string) => db.select({ one: sql`1` }).from(transactionPayments).where(gte(transactionPayments.amount, amount));
    const explain = vi.spyOn(db, "execute");
    try {
      const first = await estimateRows(db, atLeast("12345.67"));
      expect(await estimateRows(db, atLeast("12345.67"))).toBe(first);
      expect(explain).toHaveBeenCalledTimes(1);
      // Another value is another query.
      await estimateRows(db, atLeast("76543.21"));
      expect(explain).toHaveBeenCalledTimes(2);
    } finally {
      explain.mockRestore();
    }
  });

  it("a short last page gives the list its exact total", async () => {
    const admin = asUser("admin@demo.local");
    // A list below the count's cap (issue 36 caps an exact count at 1,000): one client's emendas.
    const full = await admin({ method: "GET", url: "/api/imposition-transfers?_start=0&_end=10", headers: { "x-company-id": "1" } });
    const total = Number(full.headers["x-total-count"]);
    expect(full.headers["x-total-count-capped"]).toBeUndefined();
    const last = await admin({ method: "GET", url: `/api/imposition-transfers?_start=${total - 3}&_end=${total + 7}`, headers: { "x-company-id": "1" } });
    expect(last.json()).toHaveLength(3);
    expect(Number(last.headers["x-total-count"])).toBe(total);
    const past = await admin({ method: "GET", url: `/api/imposition-transfers?_start=${total + 50}&_end=${total + 60}`, headers: { "x-company-id": "1" } });
    expect(past.json()).toHaveLength(0);
    expect(Number(past.headers["x-total-count"])).toBe(total);
  });
});

describe("session reads between writes", () => {
  it("a change to a user is seen by that user's very next request, even right after a read", async () => {
    const user = asUser("usuario2@demo.local");
    expect((await user({ method: "GET", url: "/api/auth/me" })).json().user.customClaims.role).toBe("USER");
    const promote = await asUser("admin@demo.local")({ method: "PATCH", url: "/api/users/4", payload: { role: "MANAGER" } });
    expect(promote.statusCode).toBe(200);
    expect((await user({ method: "GET", url: "/api/auth/me" })).json().user.customClaims.role).toBe("MANAGER");
    await asUser("admin@demo.local")({ method: "PATCH", url: "/api/users/4", payload: { role: "USER" } });
    expect((await user({ method: "GET", url: "/api/auth/me" })).json().user.customClaims.role).toBe("USER");
  });
});
