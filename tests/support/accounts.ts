import { randomUUID } from "node:crypto";
import type { App } from "../../server/app";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { as, createTestContext, idTokenFor, sessionCookie, type TestContext } from "./api";

const emulatorHost = () => process.env.FIREBASE_AUTH_EMULATOR_HOST;

/** An e-mail no other test file uses (they share one emulator). */
export const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@teste.local`;

/** What the invited person does with the link: sets a password with its oobCode (the SPA's confirmPasswordReset). */
export async function setPasswordWithLink(link: string, newPassword: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get("oobCode");
  const res = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  if (!res.ok) throw new Error(`resetPassword falhou: ${res.status} ${await res.text()}`);
}

/** The set-password codes the emulator holds for an e-mail (what it "delivered"). */
export async function oobCodesFor(email: string): Promise<string[]> {
  const projectId = process.env.FIREBASE_PROJECT_ID ?? "demo-sol-test";
  const res = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${projectId}/oobCodes`);
  const body = (await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
  return body.oobCodes.filter((c) => c.email === email && c.requestType === "PASSWORD_RESET").map((c) => c.oobCode);
}

/**
 * A brand-new person in a company, invited, with a password, signed in and past the terms: for tests that change
 * passwords, disable or delete people without touching the shared demo accounts.
 */
export async function freshSignedInUser(
  app: App,
  actorCookie: string,
  body: { name: string; role?: "USER" | "MANAGER"; companyId?: number },
): Promise<{ id: number; email: string; password: string; cookie: string }> {
  const email = uniqueEmail(body.name.toLowerCase().replace(/\W+/g, "."));
  const created = await as(app, actorCookie)({ method: "POST", url: "/api/users", payload: { ...body, email, sendInvite: true } });
  if (created.statusCode !== 201) throw new Error(`criação falhou: ${created.statusCode} ${created.body}`);
  const password = `senha-${randomUUID().slice(0, 8)}`;
  await setPasswordWithLink(created.json().invite.link, password);
  const login = await app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: await idTokenFor(email, password) } });
  if (login.statusCode !== 200) throw new Error(`login falhou: ${login.statusCode} ${login.body}`);
  const session = login.cookies.find((c) => c.name === "__session");
  const cookie = `__session=${session?.value}`;
  // What the sign-in screen does next: the terms are accepted (until then the server refuses the rest).
  const accepted = await as(app, cookie)({ method: "PATCH", url: `/api/users/${created.json().id}`, payload: { acceptTerms: true } });
  if (accepted.statusCode !== 200) throw new Error(`aceite dos termos falhou: ${accepted.statusCode} ${accepted.body}`);
  return { id: created.json().id, email, password, cookie };
}

/** Bytes that are really a PNG (a 1x1 transparent pixel) and a JPEG header. */
export const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" + "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082",
  "hex",
);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);

/** Asks for an upload URL and PUTs the file there; returns the storagePath. */
export async function upload(app: App, cookie: string, kind: "logo" | "avatar" | "model" | "evidence" | "accountability", contentType: string, data: Buffer): Promise<string> {
  const url = await as(app, cookie)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType, kind } });
  if (url.statusCode !== 200) throw new Error(`upload-url falhou: ${url.statusCode} ${url.body}`);
  const put = await app.inject({ method: "PUT", url: url.json().uploadURL, headers: { "content-type": contentType }, payload: data });
  if (put.statusCode !== 200) throw new Error(`PUT falhou: ${put.statusCode} ${put.body}`);
  return url.json().storagePath;
}

/** The demo accounts most tests act as. */
export const DEMO_EMAILS = { admin: "admin@demo.local", manager: "gestor@demo.local", user: "usuario@demo.local", otherUser: "usuario2@demo.local" } as const;
export type DemoCookies = Record<keyof typeof DEMO_EMAILS, string>;

/** Session cookies of the demo ADMIN, MANAGER and USERs (company 1, and company 2 for otherUser). */
export async function signInDemo(app: App): Promise<DemoCookies> {
  const entries = await Promise.all(Object.entries(DEMO_EMAILS).map(async ([role, email]) => [role, await sessionCookie(app, email)] as const));
  return Object.fromEntries(entries) as DemoCookies;
}

/**
 * A test file's server (fresh database, demo data) with the demo accounts signed in, and a request
 * helper per role. Call it at the top level of the file; `ctx` is ready inside tests.
 */
export function demoApi(options: Parameters<typeof createTestContext>[0] = {}) {
  let ctx: TestContext | undefined;
  let cookies: DemoCookies | undefined;
  let camaraCookie: string | undefined;
  beforeAll(async () => {
    ctx = await createTestContext(options);
    cookies = await signInDemo(ctx.app);
  });
  afterAll(async () => ctx?.close());
  const ready = () => {
    if (!ctx || !cookies) throw new Error("demoApi() só fica pronto dentro dos testes");
    return { ctx, cookies };
  };
  const asRole = (role?: keyof DemoCookies) => () => as(ready().ctx.app, role ? ready().cookies[role] : undefined);
  return {
    get ctx() {
      return ready().ctx;
    },
    get cookies() {
      return ready().cookies;
    },
    admin: asRole("admin"),
    manager: asRole("manager"),
    user: asRole("user"),
    otherUser: asRole("otherUser"),
    anonymous: asRole(),
    /** The Câmara's demo account, signed in on first use (most files never need it: sign-ins are rate-limited). */
    camara: () => async (options: InjectOptions) => {
      camaraCookie ??= await sessionCookie(ready().ctx.app, "camara@demo.local");
      return as(ready().ctx.app, camaraCookie)(options);
    },
  };
}
