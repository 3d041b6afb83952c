import { afterAll, afterEach, describe, expect, it } from "vitest";
import { as, idTokenFor } from "../support/api";
import { demoApi, freshSignedInUser, uniqueEmail } from "../support/accounts";
import { startTestSmtp } from "../support/smtp";
import { COMMON_PASSWORD } from "../../server/auth/password-strength";
import { PROOF_NEEDED, WRONG_CURRENT_PASSWORD } from "../../server/auth/credentials";

/** Changing credentials (issue 36 item 1): proof, strength, the other sessions, the notice, revocation to the millisecond. */
const smtp = await startTestSmtp();
afterAll(() => smtp.close());

// The server's clock, moved forward to make a sign-in "old" (past the five-minute recent-login window).
let skewMs = 0;
const SIX_MINUTES = 6 * 60 * 1000;
const api = demoApi({ now: () => Date.now() + skewMs, env: { SMTP_URL: smtp.url } });
const { admin } = api;
afterEach(() => {
  skewMs = 0;
});

const login = (firebaseIdToken: string) => api.ctx.app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken } });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => `__session=${res.cookies.find((c) => c.name === "__session")!.value}`;
const me = (cookie: string) => as(api.ctx.app, cookie)({ method: "GET", url: "/api/auth/me" });

/** A second session of the same person (another device), a second later (a session cookie is a function of the sign-in second). */
async function anotherDevice(email: string, password: string): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const res = await login(await idTokenFor(email, password));
  expect(res.statusCode).toBe(200);
  return cookieOf(res);
}

/** The messages the test mail server received for an address, waiting a little for the background send. */
async function mailTo(address: string, expected = 1) {
  for (let i = 0; i < 50; i++) {
    const found = smtp.messages.filter((m) => m.envelopeTo.includes(address));
    if (found.length >= expected) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return smtp.messages.filter((m) => m.envelopeTo.includes(address));
}

describe("changing one's own password or e-mail needs proof: the current password or a recent sign-in", () => {
  it("refuses a password change from a session signed in more than five minutes ago without the current password, and leaves the password alone", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Sessao Antiga" });
    skewMs = SIX_MINUTES;
    const res = await as(api.ctx.app, person.cookie)({
      method: "PATCH",
      url: `/api/users/${person.id}`,
      payload: { password: "troca-sem-prova-77", rePassword: "troca-sem-prova-77" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: PROOF_NEEDED, errors: { currentPassword: "Informe a sua senha atual." } });
    await expect(idTokenFor(person.email, "troca-sem-prova-77")).rejects.toThrow();
    await expect(idTokenFor(person.email, person.password)).resolves.toBeTruthy();
  });

  it("refuses an e-mail change from an old session without the current password, and keeps the e-mail", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Email Sem Prova" });
    skewMs = SIX_MINUTES;
    const res = await as(api.ctx.app, person.cookie)({ method: "PATCH", url: `/api/users/${person.id}`, payload: { email: uniqueEmail("sequestro") } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PROOF_NEEDED);
    expect((await admin()({ method: "GET", url: `/api/users/${person.id}` })).json().email).toBe(person.email);
  });

  it("refuses a wrong current password with a field message", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Senha Atual Errada" });
    skewMs = SIX_MINUTES;
    const res = await as(api.ctx.app, person.cookie)({
      method: "PATCH",
      url: `/api/users/${person.id}`,
      payload: { currentPassword: "nao-e-essa-123", password: "nova-senha-forte-88", rePassword: "nova-senha-forte-88" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: WRONG_CURRENT_PASSWORD, errors: { currentPassword: WRONG_CURRENT_PASSWORD } });
  });

  it("after five wrong current passwords, refuses further attempts for a while (429), even the right one", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Adivinhador" });
    skewMs = SIX_MINUTES;
    const attempt = (currentPassword: string) =>
      as(api.ctx.app, person.cookie)({ method: "PATCH", url: `/api/users/${person.id}`, payload: { currentPassword, email: uniqueEmail("alvo") } });
    for (let i = 0; i < 5; i++) expect((await attempt(`palpite-${i}-xyz`)).statusCode).toBe(403);
    expect((await attempt(person.password)).statusCode).toBe(429);
  });

  it("accepts the change with the right current password from an old session, ends the other sessions and tells the old address", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Troca Com Prova" });
    const otherDevice = await anotherDevice(person.email, person.password);
    skewMs = SIX_MINUTES;
    const newEmail = uniqueEmail("novo.endereco");
    const res = await as(api.ctx.app, person.cookie)({
      method: "PATCH",
      url: `/api/users/${person.id}`,
      payload: { currentPassword: person.password, email: newEmail },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail });
    expect(res.json()).not.toHaveProperty("currentPassword");
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(person.cookie)).statusCode).toBe(200);
    const [notice] = await mailTo(person.email);
    expect(notice.subject).toBe("SOL Transferências: o e-mail da sua conta foi alterado");
    expect(notice.text).toContain(`passou de ${person.email} para ${newEmail}`);
    expect(await mailTo(newEmail, 0)).toHaveLength(0);
  });

  it("a session signed in within the last five minutes changes its own password without the current password, and the old address is told", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Login Recente" });
    const res = await as(api.ctx.app, person.cookie)({
      method: "PATCH",
      url: `/api/users/${person.id}`,
      payload: { password: "recente-e-forte-42", rePassword: "recente-e-forte-42" },
    });
    expect(res.statusCode).toBe(200);
    await expect(idTokenFor(person.email, "recente-e-forte-42")).resolves.toBeTruthy();
    const [notice] = await mailTo(person.email);
    expect(notice.subject).toBe("SOL Transferências: a senha da sua conta foi alterada");
  });

  it("an ADMIN changing somebody else's e-mail needs no password of theirs, and that person's sessions end", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Email Pelo Admin" });
    skewMs = SIX_MINUTES;
    const res = await admin()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { email: uniqueEmail("pelo.admin") } });
    expect(res.statusCode).toBe(200);
    expect((await me(person.cookie)).statusCode).toBe(401);
  });
});

describe("new passwords are checked against the common-password list and a strength estimator, with the reason in pt-BR", () => {
  it.each(["12345678", "password", "aaaaaaaa", "demo1234"])("refuses %s on one's own profile and keeps the old password", async (weak) => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Senha Fraca" });
    const res = await as(api.ctx.app, person.cookie)({ method: "PATCH", url: `/api/users/${person.id}`, payload: { password: weak, rePassword: weak } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toMatch(/^(Esta senha está entre as mais usadas|Senha fácil de adivinhar)/);
    await expect(idTokenFor(person.email, person.password)).resolves.toBeTruthy();
  });

  it("refuses a common password an ADMIN sets for somebody else", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Senha Pelo Admin Fraca" });
    const res = await admin()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { password: "12345678", rePassword: "12345678" } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: COMMON_PASSWORD, errors: { password: COMMON_PASSWORD } });
    expect((await me(person.cookie)).statusCode).toBe(200);
  });
});

describe("revocation compares milliseconds", () => {
  it("an ID token minted less than a second before a password reset does not buy a session", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Token Antes Do Reset" });
    // The reset must fall in a later second than the identity's creation: a validSince in the creation
    // second means "never revoked" (an identity signed up and signed in at once).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    let attempts = 0;
    for (;;) {
      // Start early in a second, so the token and the reset fall in the same one.
      while (Date.now() % 1000 > 200) await new Promise((resolve) => setTimeout(resolve, 10));
      const second = Math.floor(Date.now() / 1000);
      const stolen = await idTokenFor(person.email, person.password);
      const reset = await admin()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { password: "depois-do-roubo-61", rePassword: "depois-do-roubo-61" } });
      expect(reset.statusCode).toBe(200);
      person.password = "depois-do-roubo-61";
      if (Math.floor(Date.now() / 1000) !== second && ++attempts < 3) continue;
      expect(Math.floor(Date.now() / 1000)).toBe(second);
      const res = await login(stolen);
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toHaveLength(0);
      break;
    }
  });

  it("a sign-in after the reset, even within the same second, gets its session", async () => {
    const person = await freshSignedInUser(api.ctx.app, api.cookies.manager, { name: "Token Depois Do Reset" });
    const reset = await admin()({ method: "PATCH", url: `/api/users/${person.id}`, payload: { password: "logo-depois-do-reset-5", rePassword: "logo-depois-do-reset-5" } });
    expect(reset.statusCode).toBe(200);
    const res = await login(await idTokenFor(person.email, "logo-depois-do-reset-5"));
    expect(res.statusCode).toBe(200);
  });
});
