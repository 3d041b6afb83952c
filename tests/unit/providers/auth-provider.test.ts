import { beforeEach, describe, expect, it, vi } from "vitest";
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { createAuthProvider, passesTermsCheck, TERMS_REQUIRED } from "@/providers/auth-provider";
import type { IdentityClient } from "@/providers/auth-provider/identity-client";
import { clearSessionUser } from "@/providers/auth-provider/session";
import { LOGIN_FAILED_MESSAGE, type SessionUser } from "@/domain/auth";
import { toHttpError } from "@/lib/http";

const LOGIN_FAILED = "O endereço de e-mail ou senha está incorreto. Por favor, tente novamente.";

function user(role: SessionUser["customClaims"]["role"], acceptTerms: boolean): SessionUser {
  return {
    id: 5,
    name: "Nara Nova",
    email: "novo@demo.local",
    avatarUrl: null,
    customClaims: { id: 5, role, acceptTerms, companyId: 1, companyCNPJ: "46643466000106", companyName: "São José dos Campos" },
  };
}

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown };

function fakeServer(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const client = axios.create();
  const adapter: AxiosAdapter = async (config) => {
    const key = `${config.method?.toUpperCase()} ${config.url}`;
    calls.push({ method: config.method!.toUpperCase(), url: config.url!, body: config.data ? JSON.parse(config.data) : undefined });
    const handler = routes[key] ?? (() => ({ status: 404, data: { message: "nada" } }));
    const { status, data } = handler(config);
    const response = { data, status, statusText: "", headers: {}, config };
    if (status >= 400) throw toHttpError(Object.assign(new Error("http"), { isAxiosError: true, response, config }) as never);
    return response;
  };
  client.defaults.adapter = adapter;
  return { client, calls };
}

function fakeIdentity(overrides: Partial<IdentityClient> = {}): IdentityClient {
  return {
    signInWithPassword: vi.fn(async () => "id-token-1"),
    signInWithGoogle: vi.fn(async () => ({ idToken: "google-token", email: "g@demo.local" })),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

beforeEach(() => {
  clearSessionUser();
  document.cookie = "sol_session=1";
});

describe("the single login failure message", () => {
  it("is the spec's text", () => {
    expect(LOGIN_FAILED_MESSAGE).toBe(LOGIN_FAILED);
  });
});

describe("passesTermsCheck (spec section 4)", () => {
  it("passes when accepted or when ADMIN, fails otherwise", () => {
    expect(passesTermsCheck(user("USER", true))).toBe(true);
    expect(passesTermsCheck(user("ADMIN", false))).toBe(true);
    expect(passesTermsCheck(user("MANAGER", false))).toBe(false);
  });
});

describe("login", () => {
  it("exchanges the identity provider's token at /api/auth/login and logs LOGIN", async () => {
    const { client, calls } = fakeServer({ "POST /api/auth/login": () => ({ status: 200, data: { user: user("USER", true) } }), "POST /api/log": () => ({ status: 201 }) });
    const identity = fakeIdentity();
    const result = await createAuthProvider(identity, client).login({ email: "a@b.c", password: "x" });
    expect(identity.signInWithPassword).toHaveBeenCalledWith("a@b.c", "x");
    expect(calls[0]).toEqual({ method: "POST", url: "/api/auth/login", body: { firebaseIdToken: "id-token-1" } });
    expect(result).toEqual({ success: true, redirectTo: "/admin/dashboard" });
    await vi.waitFor(() => expect(calls.some((c) => c.url === "/api/log" && (c.body as { action: string }).action === "LOGIN")).toBe(true));
  });

  it("uses the Google popup's token for the same exchange", async () => {
    const { client, calls } = fakeServer({ "POST /api/auth/login": () => ({ status: 200, data: { user: user("ADMIN", false) } }), "POST /api/log": () => ({ status: 201 }) });
    const result = await createAuthProvider(fakeIdentity(), client).login({ providerName: "google" });
    expect(result.success).toBe(true);
    expect(calls[0].body).toEqual({ firebaseIdToken: "google-token" });
  });

  it("signs out and asks for the terms when they were not accepted", async () => {
    const { client, calls } = fakeServer({
      "POST /api/auth/login": () => ({ status: 200, data: { user: user("USER", false) } }),
      "POST /api/auth/logout": () => ({ status: 200, data: { success: true } }),
    });
    const identity = fakeIdentity();
    const result = await createAuthProvider(identity, client).login({ email: "novo@demo.local", password: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.name).toBe(TERMS_REQUIRED);
    expect(calls.map((c) => c.url)).toContain("/api/auth/logout");
    expect(identity.signOut).toHaveBeenCalled();
  });

  it("accepting the terms re-logs in and PATCHes acceptTerms with the current time", async () => {
    const { client, calls } = fakeServer({
      "POST /api/auth/login": () => ({ status: 200, data: { user: user("USER", false) } }),
      "PATCH /api/users/5": () => ({ status: 200, data: { id: 5, acceptTerms: true } }),
      "POST /api/log": () => ({ status: 201 }),
    });
    const before = Date.now();
    const result = await createAuthProvider(fakeIdentity(), client).login({ email: "novo@demo.local", password: "x", acceptTerms: true });
    expect(result.success).toBe(true);
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect((patch.body as { acceptTerms: boolean }).acceptTerms).toBe(true);
    expect(Date.parse((patch.body as { acceptTermsAt: string }).acceptTermsAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("a failed terms update shows the login message and signs out", async () => {
    const { client, calls } = fakeServer({
      "POST /api/auth/login": () => ({ status: 200, data: { user: user("USER", false) } }),
      "PATCH /api/users/5": () => ({ status: 500, data: { message: "Erro interno." } }),
      "POST /api/log": () => ({ status: 201 }),
      "POST /api/auth/logout": () => ({ status: 200 }),
    });
    const result = await createAuthProvider(fakeIdentity(), client).login({ email: "novo@demo.local", password: "x", acceptTerms: true });
    expect(result).toEqual({ success: false, error: { name: "Erro", message: LOGIN_FAILED } });
    expect(calls.map((c) => c.url)).toContain("/api/auth/logout");
  });

  it("a wrong password shows the login message and logs the failure with the e-mail and userData null", async () => {
    const { client, calls } = fakeServer({ "POST /api/log": () => ({ status: 201 }), "POST /api/auth/logout": () => ({ status: 200 }) });
    const identity = fakeIdentity({ signInWithPassword: vi.fn(async () => Promise.reject(new Error("auth/wrong-password"))) });
    const result = await createAuthProvider(identity, client).login({ email: "gestor@demo.local", password: "errada" });
    expect(result).toEqual({ success: false, error: { name: "Erro", message: LOGIN_FAILED } });
    const log = calls.find((c) => c.url === "/api/log")!.body as { action: string; comment: string; userData: unknown };
    expect(log.action).toBe("LOGIN");
    expect(log.comment).toContain("auth/wrong-password");
    expect(log.comment).toContain("gestor@demo.local");
    expect(log.userData).toBeNull();
  });

  it("a refused exchange (e.g. no account) shows the same message", async () => {
    const { client } = fakeServer({ "POST /api/auth/login": () => ({ status: 403, data: { message: "Usuário sem acesso" } }), "POST /api/log": () => ({ status: 201 }) });
    const result = await createAuthProvider(fakeIdentity(), client).login({ email: "x@y.z", password: "x" });
    expect(result.error?.message).toBe(LOGIN_FAILED);
  });
});

describe("check, logout, forgot password", () => {
  it("check asks /api/auth/me once and then answers from memory", async () => {
    const { client, calls } = fakeServer({ "GET /api/auth/me": () => ({ status: 200, data: { user: user("MANAGER", true) } }) });
    const provider = createAuthProvider(fakeIdentity(), client);
    expect(await provider.check()).toEqual({ authenticated: true });
    expect(await provider.check()).toEqual({ authenticated: true });
    expect(await provider.getPermissions!()).toBe("MANAGER");
    expect(calls.filter((c) => c.url === "/api/auth/me")).toHaveLength(1);
  });

  it("check refuses a signed-in user who has not accepted the terms, and logs them out", async () => {
    const { client } = fakeServer({ "GET /api/auth/me": () => ({ status: 200, data: { user: user("USER", false) } }) });
    expect(await createAuthProvider(fakeIdentity(), client).check()).toEqual({ authenticated: false, redirectTo: "/admin/auth/login", logout: true });
  });

  it("check sends a signed-out visitor to the login page without asking the server", async () => {
    document.cookie = "sol_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT";
    const provider = createAuthProvider(fakeIdentity(), fakeServer({}).client);
    expect(await provider.check()).toEqual({ authenticated: false, redirectTo: "/admin/auth/login", logout: false });
  });

  it("logout logs LOGOUT while the session is valid, then ends it", async () => {
    const login = fakeServer({
      "POST /api/auth/login": () => ({ status: 200, data: { user: user("USER", true) } }),
      "POST /api/log": () => ({ status: 201 }),
      "POST /api/auth/logout": () => ({ status: 200 }),
    });
    const identity = fakeIdentity();
    const provider = createAuthProvider(identity, login.client);
    await provider.login({ email: "a", password: "b" });
    login.calls.length = 0;
    expect(await provider.logout({})).toEqual({ success: true, redirectTo: "/admin/auth/login" });
    const urls = login.calls.map((c) => `${c.url}:${(c.body as { action?: string } | undefined)?.action ?? ""}`);
    expect(urls.indexOf("/api/log:LOGOUT")).toBeLessThan(urls.indexOf("/api/auth/logout:"));
    expect(identity.signOut).toHaveBeenCalled();
  });

  it("onError logs out on 401 only", async () => {
    const provider = createAuthProvider(fakeIdentity(), fakeServer({}).client);
    expect(await provider.onError({ statusCode: 401 })).toEqual({ logout: true, redirectTo: "/admin/auth/login" });
    expect(await provider.onError({ statusCode: 403 })).toEqual({});
  });

  it("forgot password asks the server (which answers alike for any e-mail): success true, false when the request fails", async () => {
    const server = fakeServer({ "POST /api/auth/forgot-password": () => ({ status: 200, data: { success: true, message: "ok" } }) });
    const ok = createAuthProvider(fakeIdentity(), server.client);
    expect((await ok.forgotPassword!({ email: "a@b.c" })).success).toBe(true);
    expect(server.calls).toEqual([{ method: "POST", url: "/api/auth/forgot-password", body: { email: "a@b.c" } }]);
    const limited = fakeServer({ "POST /api/auth/forgot-password": () => ({ status: 429, data: { message: "Muitas tentativas." } }) });
    expect((await createAuthProvider(fakeIdentity(), limited.client).forgotPassword!({ email: "a@b.c" })).success).toBe(false);
  });
});
