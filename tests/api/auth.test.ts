import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestContext, googleIdTokenFor, idTokenFor, sessionCookie, type TestContext } from "../support/api";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe("POST /api/auth/login", () => {
  it("exchanges a fresh ID token for an httpOnly session cookie and returns the spec's user", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: await idTokenFor("gestor@demo.local") } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "__session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(res.json().user).toMatchObject({
      name: "Gustavo Gestor",
      email: "gestor@demo.local",
      customClaims: { role: "MANAGER", acceptTerms: true, companyCNPJ: "46643466000106", companyName: "São José dos Campos" },
    });
  });

  it("refuses a forged token with 401 and sets no cookie", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: "not-a-token" } });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toHaveLength(0);
    expect(res.json().message).toMatch(/identidade/);
  });

  it("refuses a body without the token with 422 and a field message", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("firebaseIdToken");
  });

  it("refuses an identity with no account in the system with 403", async () => {
    const token = await googleIdTokenFor("desconhecido@exemplo.com.br");
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/convite/);
  });

  it("accepts a Google sign-in for an invited e-mail (the popup's token)", async () => {
    const token = await googleIdTokenFor("usuario2@demo.local");
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.customClaims).toMatchObject({ role: "USER", companyName: "Campinas" });
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("answers 401 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/auth/me" });
    expect(res.statusCode).toBe(401);
  });

  it("returns the session's user, then stops working once logged out", async () => {
    const cookie = await sessionCookie(ctx.app, "admin@demo.local");
    const request = as(ctx.app, cookie);
    const me = await request({ method: "GET", url: "/api/auth/me" });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.customClaims).toMatchObject({ role: "ADMIN", companyCNPJ: null });
    const out = await request({ method: "POST", url: "/api/auth/logout" });
    expect(out.statusCode).toBe(200);
    expect((await request({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
  });

  it("refuses a state-changing request from another origin (CSRF)", async () => {
    const cookie = await sessionCookie(ctx.app, "usuario@demo.local");
    const res = await as(ctx.app, cookie)({ method: "POST", url: "/api/auth/logout", headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect((await as(ctx.app, cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(200);
  });
});

describe("ID token age", () => {
  it("refuses a token whose sign-in is older than 5 minutes (401), and accepts it within 5", async () => {
    let skew = 0;
    const clocked = await createTestContext({ now: () => Date.now() + skew });
    try {
      const token = await idTokenFor("usuario@demo.local");
      skew = 6 * 60 * 1000;
      const late = await clocked.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: token } });
      expect(late.statusCode).toBe(401);
      expect(late.json().message).toBe("Seu login expirou. Entre novamente.");
      skew = 4 * 60 * 1000;
      const inTime = await clocked.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: token } });
      expect(inTime.statusCode).toBe(200);
    } finally {
      await clocked.close();
    }
  }, 120_000); // a test context of its own (database and migrations): about 25 s on a loaded machine
});

describe("terms acceptance", () => {
  it("a user who has not accepted the terms is told so by /me and accepts them with PATCH", async () => {
    const cookie = await sessionCookie(ctx.app, "novo@demo.local");
    const request = as(ctx.app, cookie);
    const me = (await request({ method: "GET", url: "/api/auth/me" })).json().user;
    expect(me.customClaims.acceptTerms).toBe(false);
    const acceptedAt = new Date().toISOString();
    const res = await request({ method: "PATCH", url: `/api/users/${me.id}`, payload: { acceptTerms: true, acceptTermsAt: acceptedAt } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ acceptTerms: true, acceptTermsAt: acceptedAt });
    expect((await request({ method: "GET", url: "/api/auth/me" })).json().user.customClaims.acceptTerms).toBe(true);
  });

  it("nobody accepts the terms on someone else's behalf (403)", async () => {
    const admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
    const res = await admin({ method: "PATCH", url: "/api/users/3", payload: { acceptTerms: true } });
    expect(res.statusCode).toBe(403);
  });
});

describe("rate limits", () => {
  it("anonymous log reports are limited to 20 a minute, then 429 in pt-BR", async () => {
    const send = () => ctx.app.inject({ method: "POST", url: "/api/log", remoteAddress: "10.9.9.9", payload: { action: "LOGIN", comment: "x", userData: null } });
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Muitas tentativas. Aguarde um minuto e tente novamente.");
  });
});
