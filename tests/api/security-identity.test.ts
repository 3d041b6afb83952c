import { describe, expect, it } from "vitest";
import { as, idTokenFor } from "../support/api";
import { demoApi, freshSignedInUser, oobCodesFor, setPasswordWithLink, uniqueEmail } from "../support/accounts";

/** Identities, sessions and enumeration (issue 11: holes 1, 5, 10 and 11). */
const api = demoApi();
const { admin, manager, anonymous } = api;

const emulatorBase = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** What anybody can do at the identity provider: sign up with any e-mail (unverified) and get an ID token. */
async function signUpAtProvider(email: string, password: string): Promise<string> {
  const res = await fetch(`${emulatorBase()}/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`signUp falhou: ${body.error?.message}`);
  return body.idToken;
}

const login = (firebaseIdToken: string) => api.ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken } });

/** A person registered by the ADMIN in São José dos Campos and not invited yet (like rafael.tavares@). */
async function registeredNotInvited(name: string): Promise<{ id: number; email: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, "."));
  const res = await admin()({ method: "POST", url: "/api/users", payload: { name, email, companyId: 1 } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, email };
}

describe("hole 1: an identity binds to a registered person only with a verified e-mail or through the invitation", () => {
  it("refuses a session to somebody who signed up at the provider with a registered person's e-mail, and leaves the person unbound", async () => {
    const person = await registeredNotInvited("Pessoa Sem Convite");
    const res = await login(await signUpAtProvider(person.email, "senha-do-intruso"));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Usuário sem acesso ao sistema. Peça um convite ao administrador.");
    expect(res.cookies).toHaveLength(0);
    const stored = await admin()({ method: "GET", url: `/api/users/${person.id}` });
    expect(stored.json()).toMatchObject({ hasIdentity: false, lastLoginAt: null });
  });

  it("answers an unverified registered e-mail exactly like an e-mail nobody registered", async () => {
    const person = await registeredNotInvited("Outra Sem Convite");
    const registered = await login(await signUpAtProvider(person.email, "senha-qualquer-1"));
    const unknown = await login(await signUpAtProvider(uniqueEmail("ninguem"), "senha-qualquer-1"));
    expect([registered.statusCode, registered.body]).toEqual([unknown.statusCode, unknown.body]);
  });

  it("the invitation replaces the stranger's identity: the stranger's password and token stop working, the set-password link works", async () => {
    const person = await registeredNotInvited("Convidada Depois");
    const strangerToken = await signUpAtProvider(person.email, "senha-do-intruso");
    const invite = await admin()({ method: "POST", url: "/api/auth/send-invite", payload: { email: person.email } });
    expect(invite.statusCode).toBe(200);
    await expect(idTokenFor(person.email, "senha-do-intruso")).rejects.toThrow();
    expect((await login(strangerToken)).statusCode).toBe(401);
    await setPasswordWithLink(invite.json().link, "senha-da-pessoa-1");
    const own = await login(await idTokenFor(person.email, "senha-da-pessoa-1"));
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ id: person.id, email: person.email });
  });
});

describe("hole 5: changing one's own password ends every other session of that person", () => {
  it("keeps the session that changed it and ends the others", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Duas Sessoes" });
    // A session cookie is a function of the sign-in second: the other device signs in a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await login(await idTokenFor(person.email, person.password));
    expect(second.statusCode).toBe(200);
    const otherDevice = `__session=${second.cookies.find((c) => c.name === "__session")!.value}`;
    expect((await as(api.ctx.app, otherDevice)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(200);

    const change = await as(api.ctx.app, person.cookie)({
      method: "PATCH",
      url: `/api/users/${person.id}`,
      payload: { password: "senha-trocada-1", rePassword: "senha-trocada-1" },
    });
    expect(change.statusCode).toBe(200);
    expect((await as(api.ctx.app, otherDevice)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
    expect((await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(200);
  });

  it("an ADMIN setting someone's password ends all of that person's sessions", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Senha Pelo Admin" });
    const res = await admin()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { password: "senha-do-admin-1", rePassword: "senha-do-admin-1" } });
    expect(res.statusCode).toBe(200);
    expect((await as(api.ctx.app, person.cookie)({ method: "GET", url: "/api/auth/me" })).statusCode).toBe(401);
  });
});

describe("hole 10: a double-submitted login", () => {
  it("succeeds twice with the same ID token, one after the other and at once, and every cookie it gave works", async () => {
    const token = await idTokenFor("usuario2@demo.local");
    const first = await login(token);
    const again = await login(token);
    const [both1, both2] = await Promise.all([login(token), login(token)]);
    const answers = [first, again, both1, both2];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    for (const res of answers) {
      const cookie = `__session=${res.cookies.find((c) => c.name === "__session")!.value}`;
      expect((await as(api.ctx.app, cookie)({ method: "GET", url: "/api/auth/me" })).json().user.email).toBe("usuario2@demo.local");
    }
  });
});

describe("hole 11: enumeration", () => {
  const forgot = (email: string) => anonymous()({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: "10.11.0.1" });

  /** The set-password codes the emulator received for an e-mail, waiting a little for the background send. */
  async function codesAfterAWhile(email: string, expected: number): Promise<number> {
    for (let i = 0; i < 20; i++) {
      const n = (await oobCodesFor(email)).length;
      if (n >= expected) return n;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (await oobCodesFor(email)).length;
  }

  it("forgot-password answers a registered and an unknown e-mail alike, and only the registered one gets a link", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Esqueceu Senha" });
    const before = (await oobCodesFor(person.email)).length;
    const known = await forgot(person.email);
    const unknownEmail = uniqueEmail("desconhecido");
    const unknown = await forgot(unknownEmail);
    const notInvited = await forgot("rafael.tavares@demo.local");
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: "Se o e-mail estiver cadastrado, você receberá o link em instantes." });
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect([notInvited.statusCode, notInvited.body]).toEqual([known.statusCode, known.body]);
    expect(await codesAfterAWhile(person.email, before + 1)).toBe(before + 1);
    expect(await oobCodesFor(unknownEmail)).toEqual([]);
  });

  it("forgot-password refuses a malformed e-mail (422) and is limited per address (429)", async () => {
    const bad = await anonymous()({ method: "POST", url: "/api/auth/forgot-password", payload: { email: "nada" }, remoteAddress: "10.11.0.2" });
    expect(bad.statusCode).toBe(422);
    const send = () => anonymous()({ method: "POST", url: "/api/auth/forgot-password", payload: { email: uniqueEmail("x") }, remoteAddress: "10.11.0.3" });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });

  it("a MANAGER gets one answer for an e-mail taken in its own company, in another municipality or by an ADMIN, naming nobody", async () => {
    const post = (email: string) => manager()({ method: "POST", url: "/api/users", payload: { name: "Sonda", email } });
    const own = await post("usuario@demo.local");
    const elsewhere = await post("usuario2@demo.local");
    const consultancy = await post("admin@demo.local");
    expect(own.statusCode).toBe(409);
    expect([elsewhere.statusCode, elsewhere.body]).toEqual([own.statusCode, own.body]);
    expect([consultancy.statusCode, consultancy.body]).toEqual([own.statusCode, own.body]);
    expect(own.body).not.toMatch(/Campinas|consultoria|outro cliente/i);
  });

  it("a MANAGER probing e-mails is stopped after a few refusals (429), while an ADMIN keeps the precise answer", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.admin, { name: "Gestora Sonda", role: "MANAGER", companyId: 2 });
    const probe = (email: string) => as(api.ctx.app, person.cookie)({ method: "POST", url: "/api/users", payload: { name: "Sonda", email } });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await probe(i % 2 ? "gestor@demo.local" : "usuario@demo.local")).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(answers.slice(10)).toEqual([429, 429]);
    const fresh = await probe(uniqueEmail("legitima"));
    expect(fresh.statusCode).toBe(429);
    const byAdmin = await admin()({ method: "POST", url: "/api/users", payload: { name: "Sonda", email: "usuario@demo.local", companyId: 1 } });
    expect(byAdmin.json().message).toBe("Já existe um usuário com este e-mail.");
  });
});
