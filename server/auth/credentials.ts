import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { DecodedIdToken } from "firebase-admin/auth";
import type { UserRow } from "../db/schema";
import { ID_TOKEN_MAX_AGE_SECONDS } from "../../src/domain/auth";
import { HttpError, unauthorized, unprocessable } from "../lib/errors";
import { refusalLimit, type RefusalLimit } from "./refusal-limit";
import { passwordProblem } from "./password-strength";
import type { AuthUser } from "./session";
import { smtpMailer, type Mailer } from "../deadlines/digest";
import { composeCredentialNotice } from "../mail/credential-notice";

/**
 * Changing the credentials of an account (issue 36 item 1): the password and the e-mail, which
 * together are the account (the e-mail receives the password-reset links).
 *
 * - Changing one's own needs proof that the owner is at the keyboard, not just their cookie: the
 *   current password (checked by the identity provider) or a sign-in within the last five minutes
 *   (Firebase's recent-login rule, read from the session's auth_time).
 * - Every new password, whoever sets it, passes the strength check (password-strength.ts).
 * - Once the change is saved, the person's other sessions end and the address the account had
 *   before the change hears about it.
 */

export const RECENT_LOGIN_SECONDS = ID_TOKEN_MAX_AGE_SECONDS;

export const PROOF_NEEDED = "Para trocar a senha ou o e-mail, confirme a sua senha atual.";
export const WRONG_CURRENT_PASSWORD = "Senha atual incorreta.";
const TOO_MANY_WRONG = "Muitas tentativas com a senha atual errada. Aguarde 15 minutos e tente novamente.";
const PROVIDER_UNAVAILABLE = "Não foi possível confirmar a senha atual agora. Tente novamente em instantes.";

/** What PATCH /api/users/{id} carries that touches the credentials. */
export interface CredentialFields {
  email?: string;
  name?: string;
  password?: string;
  /** The proof; removed from the body here, so it never reaches the update. */
  currentPassword?: string;
}

export interface CredentialChangeContext {
  app: FastifyInstance;
  request: FastifyRequest;
  actor: AuthUser;
  target: UserRow;
  body: CredentialFields;
}

/** What happens once the change is saved (a 2xx answer), kept per request until then. */
interface AfterChange {
  userId: number;
  keepSession: string | undefined;
  name: string;
  previousEmail: string;
  password: boolean;
  email: { from: string; to: string } | null;
}

const afterChanges = new WeakMap<FastifyRequest, AfterChange>();
const wrongGuesses = new WeakMap<FastifyInstance, RefusalLimit>();

/**
 * Checks a change of `target`'s credentials before it is written: proof for one's own, strength of
 * a new password. Throws the pt-BR refusal; on success, arranges the sessions' end and the notice for
 * when the answer is a success. Does nothing when neither the password nor the e-mail changes.
 */
export async function checkCredentialChange(ctx: CredentialChangeContext): Promise<void> {
  const { app, request, actor, target, body } = ctx;
  const currentPassword = body.currentPassword;
  delete body.currentPassword;
  const password = body.password !== undefined;
  const email = body.email !== undefined && body.email !== target.email ? { from: target.email, to: body.email } : null;
  if (!password && !email) return;
  const self = actor.id === target.id;
  if (self) await proveOwner(app, request, actor, currentPassword);
  if (body.password !== undefined) {
    const problem = passwordProblem(body.password, [target.name, target.email, body.name ?? "", body.email ?? ""]);
    if (problem) throw unprocessable(problem, { password: problem });
  }
  afterChanges.set(request, { userId: target.id, keepSession: self ? actor.sessionHash : undefined, name: body.name ?? target.name, previousEmail: target.email, password, email });
}

/** The session's sign-in moment (seconds), from the session cookie the access hook verified for this request. */
function sessionAuthTime(request: FastifyRequest): number | null {
  const cookie = request.cookies[request.server.config.session.cookieName];
  const payload = cookie?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { auth_time?: unknown };
    return typeof claims.auth_time === "number" ? claims.auth_time : null;
  } catch {
    return null;
  }
}

async function proveOwner(app: FastifyInstance, request: FastifyRequest, actor: AuthUser, currentPassword: string | undefined): Promise<void> {
  if (currentPassword === undefined || currentPassword === "") {
    const authTime = sessionAuthTime(request);
    if (authTime !== null && app.now() / 1000 - authTime <= RECENT_LOGIN_SECONDS) return;
    throw new HttpError(403, PROOF_NEEDED, { currentPassword: "Informe a sua senha atual." });
  }
  let limit = wrongGuesses.get(app);
  if (!limit) {
    // Enough for typos, too few to guess with; the identity provider has its own lock-out too.
    limit = refusalLimit({ name: "current-password", max: 5, windowMs: 15 * 60 * 1000, now: () => app.now(), shared: app.sharedLimits ? app.db : undefined });
    wrongGuesses.set(app, limit);
  }
  if (await limit.exceeded(actor.id)) throw new HttpError(429, TOO_MANY_WRONG);
  const verdict = await passwordVerdict(app, actor, currentPassword);
  if (verdict === "unavailable") throw new HttpError(502, PROVIDER_UNAVAILABLE);
  if (verdict === "locked") throw new HttpError(429, TOO_MANY_WRONG);
  if (verdict === "wrong") {
    await limit.record(actor.id);
    throw new HttpError(403, WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
}

type Verdict = "right" | "wrong" | "locked" | "unavailable";

/** Asks the identity provider (its REST sign-in, as the SPA's SDK does) whether the password opens this person's identity. */
async function passwordVerdict(app: FastifyInstance, actor: AuthUser, password: string): Promise<Verdict> {
  const { firebase } = app.config;
  if (!actor.firebaseUid) return "wrong";
  const identity = await app.identity.auth.getUser(actor.firebaseUid).catch(() => null);
  if (!identity?.email) return "wrong";
  const base = firebase.emulatorHost ? `http://${firebase.emulatorHost}/identitytoolkit.googleapis.com` : "https://identitytoolkit.googleapis.com";
  let res: Response;
  try {
    res = await fetch(`${base}/v1/accounts:signInWithPassword?key=${encodeURIComponent(firebase.apiKey)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: identity.email, password, returnSecureToken: false }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    app.log.warn({ err: error }, "provedor de identidade indisponível ao conferir a senha atual");
    return "unavailable";
  }
  const body = (await res.json().catch(() => ({}))) as { localId?: string; error?: { message?: string } };
  if (res.ok) return body.localId === actor.firebaseUid ? "right" : "wrong";
  const reason = body.error?.message ?? "";
  if (reason.startsWith("TOO_MANY_ATTEMPTS")) return "locked";
  if (/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND|USER_DISABLED/.test(reason)) return "wrong";
  app.log.warn({ status: res.status, reason }, "resposta inesperada do provedor de identidade ao conferir a senha atual");
  return "unavailable";
}

/**
 * After a saved change: the person's other sessions end (the one that made its own change stays),
 * before the answer leaves; then the notice goes to the old address, in the background (a mail
 * server's delay or failure does not undo nor hold the change).
 */
async function afterSavedChange(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, mailer: () => Mailer | null) {
  const change = afterChanges.get(request);
  if (!change || reply.statusCode >= 300) return;
  afterChanges.delete(request);
  await app.sessions.revokeAllOf(change.userId, change.keepSession);
  const send = mailer();
  if (!send) {
    request.log.warn("aviso de troca de senha/e-mail não enviado: o envio de e-mail não está configurado (SMTP_URL)");
    return;
  }
  const notice = composeCredentialNotice({ name: change.name, changed: { password: change.password, email: change.email }, at: new Date(app.now()), origin: app.config.publicOrigin });
  setImmediate(() => {
    send.send({ from: app.config.mail.from, to: [change.previousEmail], ...notice }).catch((error: unknown) => app.log.warn({ err: error }, "falha ao enviar o aviso de troca de senha/e-mail"));
  });
}

/** The hook that finishes a credential change; registered once, before the routes (app.ts). */
export const credentialChanges = fp(async (app: FastifyInstance) => {
  let mailer: Mailer | undefined;
  const mailerOf = () => (app.config.mail.smtpUrl ? (mailer ??= smtpMailer(app.config.mail.smtpUrl)) : null);
  app.addHook("onClose", async () => mailer?.close());
  app.addHook("onSend", async (request, reply, payload) => {
    await afterSavedChange(app, request, reply, mailerOf);
    return payload;
  });
});

/** The identity's revocation and last sign-in, in milliseconds where the provider keeps them. */
interface AccountTimes {
  /** validSince: tokens signed in before it are revoked (seconds, the provider's unit). */
  validSinceSeconds: number | null;
  /** When the password last changed (ms): the precise moment of a reset's revocation. */
  passwordUpdatedAtMs: number | null;
  /** The identity's latest sign-in (ms). */
  lastLoginAtMs: number | null;
  /** When the identity was made (ms): its first validSince is that moment, not a revocation. */
  createdAtMs: number | null;
}

/**
 * firebase-admin's UserRecord rounds every time to the second (or drops it), so the account's raw
 * record is read through the same request handler getUser uses. It is internal to firebase-admin,
 * hence the narrow, checked shape below; without it, only the seconds are known.
 */
interface RawAccountReader {
  authRequestHandler?: { getAccountInfoByUid?: (uid: string) => Promise<{ users?: Record<string, unknown>[] }> };
}

const msOf = (value: unknown): number | null => {
  const n = typeof value === "string" ? Number(value) : typeof value === "number" ? value : NaN;
  return Number.isFinite(n) ? n : null;
};

async function accountTimes(app: FastifyInstance, uid: string): Promise<AccountTimes> {
  const reader = (app.identity.auth as unknown as RawAccountReader).authRequestHandler;
  if (typeof reader?.getAccountInfoByUid === "function") {
    const raw = (await reader.getAccountInfoByUid(uid).catch(() => null))?.users?.[0];
    if (raw) return { validSinceSeconds: msOf(raw.validSince), passwordUpdatedAtMs: msOf(raw.passwordUpdatedAt), lastLoginAtMs: msOf(raw.lastLoginAt), createdAtMs: msOf(raw.createdAt) };
  }
  const record = await app.identity.auth.getUser(uid).catch(() => null);
  const validAfter = record?.tokensValidAfterTime ? new Date(record.tokensValidAfterTime).getTime() / 1000 : null;
  return { validSinceSeconds: validAfter, passwordUpdatedAtMs: null, lastLoginAtMs: null, createdAtMs: null };
}

/**
 * Refuses an ID token signed in before the identity's last revocation (a password reset, a disabled
 * account), comparing milliseconds. firebase-admin's own check (checkRevoked) compares whole seconds
 * with `<`, so a token minted a few hundred milliseconds before a reset, in the same second, still
 * bought a session. A token only says its sign-in second (auth_time); the provider keeps the
 * milliseconds of the latest sign-in and of the password change, so within the revocation's second:
 * - the revocation's moment is the password change's when it falls in that second, else the whole
 *   second counts (the end of it);
 * - the token's sign-in is the latest sign-in's moment when that falls in the token's second, else
 *   the start of its second.
 * A token is accepted only when its sign-in comes after the revocation.
 */
export async function refuseTokenOfRevokedSecond(app: FastifyInstance, decoded: DecodedIdToken): Promise<void> {
  const times = await accountTimes(app, decoded.uid);
  if (times.validSinceSeconds === null || decoded.auth_time > times.validSinceSeconds) return;
  const second = times.validSinceSeconds;
  // An identity signed up and signed in at once (its validSince is its creation second) was never revoked.
  if (times.createdAtMs !== null && Math.floor(times.createdAtMs / 1000) === second) return;
  const revokedAt =
    times.passwordUpdatedAtMs !== null && Math.floor(times.passwordUpdatedAtMs / 1000) === second ? times.passwordUpdatedAtMs : second * 1000 + 999;
  const signedInAt =
    times.lastLoginAtMs !== null && Math.floor(times.lastLoginAtMs / 1000) === decoded.auth_time ? times.lastLoginAtMs : decoded.auth_time * 1000;
  if (signedInAt < revokedAt) throw unauthorized("Não foi possível confirmar sua identidade. Entre novamente.");
}
