import { describe, expect, it } from "vitest";
import { as } from "../support/api";
import { demoApi, freshSignedInUser } from "../support/accounts";
import { buildApp } from "../../server/app";

/** What a request may claim (issue 36 items 2, 3 and 5): its Host names nothing, its path ids are canonical, an unsigned token proves nothing. */
const api = demoApi({ env: { PUBLIC_ORIGIN: "https://sol.exemplo.gov.br" } });
const { admin, user } = api;

describe("the allowed origin comes from configuration, never from the request's Host", () => {
  it("refuses a write whose Origin matches a forged Host", async () => {
    const res = await user()({ method: "POST", url: "/api/auth/logout", headers: { host: "evil.example", origin: "http://evil.example" } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Requisição recusada: origem não permitida.");
    expect((await user()({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(200);
  });

  it("refuses a Referer on the forged Host too, and accepts the configured public origin", async () => {
    const forged = await user()({ method: "POST", url: "/api/log", headers: { host: "evil.example", referer: "http://evil.example/admin" }, payload: { level: "info", message: "x" } });
    expect(forged.statusCode).toBe(403);
    const own = await user()({ method: "POST", url: "/api/log", headers: { host: "evil.example", origin: "https://sol.exemplo.gov.br" }, payload: { level: "info", message: "x" } });
    expect(own.statusCode).not.toBe(403);
  });

  it("GET /api/config names the configured origin, whatever the Host says", async () => {
    const res = await api.anonymous()({ method: "GET", url: "/api/config", headers: { host: "evil.example" } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("evil.example");
    expect(res.json().assistant.host).toBe("https://sol.exemplo.gov.br");
  });

  it("the invitation link points at the configured origin, whatever the Host says", async () => {
    const created = await admin()({
      method: "POST",
      url: "/api/users",
      headers: { host: "evil.example" },
      payload: { name: "Convite Com Host Forjado", email: `host.forjado.${Date.now()}@teste.local`, companyId: 1, sendInvite: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().invite.link).toMatch(/^https:\/\/sol\.exemplo\.gov\.br\/admin\/auth\/set-password\?oobCode=/);
  });
});

describe("ids in paths are canonical positive integers; anything else is 404", () => {
  it.each(["0x1", "0b1", "1e0", "+1", "01", "1.0", "0", "-1", "2147483648", "99999999999", "abc", "%201"])("GET /api/sync-runs/%s is 404, never another spelling of a record", async (id) => {
    const res = await admin()({ method: "GET", url: `/api/sync-runs/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it("the canonical spelling still reaches the engine (an unknown id is 404 there too), and the largest integer is no 500", async () => {
    expect((await admin()({ method: "GET", url: "/api/sync-runs/2147483647" })).statusCode).toBe(404);
    expect((await admin()({ method: "PATCH", url: "/api/alerts/05", payload: {} })).statusCode).toBe(404);
    expect((await user()({ method: "POST", url: "/api/alerts/0x5/read" })).statusCode).toBe(404);
  });

  it("an ADMIN reads a record by its canonical id, and not by 0-padded or hexadecimal spellings", async () => {
    const created = await admin()({ method: "POST", url: "/api/alerts", payload: { title: "Aviso de teste de id", message: "Corpo do aviso", validFrom: "2026-01-01" } });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    expect((await admin()({ method: "GET", url: `/api/alerts/${id}` })).statusCode).toBe(200);
    expect((await admin()({ method: "GET", url: `/api/alerts/0${id}` })).statusCode).toBe(404);
    expect((await admin()({ method: "GET", url: `/api/alerts/0x${id.toString(16)}` })).statusCode).toBe(404);
  });
});

describe("local mode: the emulator's identities and sessions", () => {
  it("a session survives a restart whose emulator import resets the identity's validity", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Reinicio Local" });
    const { uid } = await api.ctx.identity.auth.getUserByEmail(person.email);
    // What the emulator's import does at start: every identity's validSince moves to now.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await api.ctx.identity.auth.revokeRefreshTokens(uid);
    const restarted = await buildApp({ config: api.ctx.app.config, db: api.ctx.database.db, identity: api.ctx.identity });
    try {
      await restarted.ready();
      const me = await as(restarted, person.cookie)({ method: "GET", url: "/api/auth/me" });
      expect(me.statusCode).toBe(200);
      expect(me.json().user.email).toBe(person.email);
      // Ending it is still ours to do: logout deletes the row, and the cookie stops working.
      expect((await as(restarted, person.cookie)({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(200);
      expect((await as(restarted, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    } finally {
      await restarted.close();
    }
  });

  it("an unsigned token for an identity the emulator never created buys no session and binds nobody", async () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const projectId = api.ctx.app.config.firebase.projectId;
    const forged = `${b64({ alg: "none", typ: "JWT" })}.${b64({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      sub: "forjado-por-quem-alcanca-a-porta",
      user_id: "forjado-por-quem-alcanca-a-porta",
      email: "rafael.tavares@demo.local",
      email_verified: true,
      auth_time: now,
      iat: now,
      exp: now + 3600,
      firebase: { identities: {}, sign_in_provider: "password" },
    })}.`;
    const res = await api.anonymous()({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: forged } });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toHaveLength(0);
    const rafael = await admin()({ method: "GET", url: "/api/users?email=rafael.tavares@demo.local" });
    expect(rafael.json()[0]).toMatchObject({ hasIdentity: false });
  });
});
