import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, ne } from "drizzle-orm";
import type { Auth } from "firebase-admin/auth";
import { users, type UserRow } from "../db/schema";
import { SET_PASSWORD_PATH } from "../../src/domain/users";
import { HttpError, conflict, unprocessable } from "../lib/errors";
import type { Db } from "../db/client";

/**
 * The bridge between our users table and the identity provider's accounts: creating or finding an
 * identity, and the set-password invitation (who may manage whom is server/users/rules.ts).
 */

const codeOf = (error: unknown) => (error as { code?: string } | null)?.code ?? (error as { errorInfo?: { code?: string } } | null)?.errorInfo?.code;

export const isIdentityMissing = (error: unknown) => codeOf(error) === "auth/user-not-found";

/** The identity provider's refusals, as the pt-BR answers a form can show beside its fields. */
export function identityError(error: unknown): unknown {
  switch (codeOf(error)) {
    case "auth/email-already-exists":
      return conflict("Este e-mail já está em uso por outra conta.", { email: "Este e-mail já está em uso por outra conta." });
    case "auth/invalid-email":
      return unprocessable("Informe um e-mail válido.", { email: "Informe um e-mail válido." });
    case "auth/invalid-password":
      return unprocessable("A senha precisa ter pelo menos 8 caracteres.", { password: "A senha precisa ter pelo menos 8 caracteres." });
    case "auth/invalid-display-name":
      return unprocessable("Nome inválido.", { name: "Nome inválido." });
    default:
      return error;
  }
}

/** Runs an identity-provider call, turning its refusals into HttpErrors. */
export async function withIdentity<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw identityError(error);
  }
}

/**
 * The identity of a user: the one already bound, else the one with the same e-mail, else a new one
 * (no password). An identity found by e-mail whose e-mail nobody verified was not made for this
 * person (anybody can sign up at the provider with any address): it is replaced by a fresh one, so
 * whoever made it never inherits the account the invitation opens.
 */
export async function ensureIdentity(auth: Auth, db: Db, user: Pick<UserRow, "id" | "firebaseUid" | "email" | "name">): Promise<string> {
  if (user.firebaseUid) {
    try {
      return (await auth.getUser(user.firebaseUid)).uid;
    } catch (error) {
      if (!isIdentityMissing(error)) throw error;
    }
  }
  try {
    const found = await auth.getUserByEmail(user.email);
    if (found.emailVerified) return found.uid;
    const [boundElsewhere] = await db.select({ id: users.id }).from(users).where(and(eq(users.firebaseUid, found.uid), ne(users.id, user.id))).limit(1);
    if (boundElsewhere) throw conflict("Esta identidade já está ligada a outro usuário.");
    await auth.deleteUser(found.uid);
  } catch (error) {
    if (!isIdentityMissing(error)) throw error;
  }
  return withIdentity(async () => (await auth.createUser({ email: user.email, displayName: user.name, emailVerified: false })).uid);
}

/** This server's public origin, for links that leave it (e-mails): the configured one, never the request's Host. */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.config.publicOrigin;
}

/**
 * Sends the set-password e-mail. With a real Firebase project the identity provider e-mails its own
 * link (point the project's action URL at SET_PASSWORD_PATH to land on our page). With the local
 * emulator nothing is e-mailed: the emulator keeps the code, and the link to our page is logged and
 * returned so the person running the stack can open it.
 */
export async function sendSetPasswordLink(
  app: FastifyInstance,
  email: string,
  origin: string,
  purpose: "convite" | "redefinição de senha" = "convite",
): Promise<string | null> {
  const { firebase, publicOrigin: configuredOrigin } = app.config;
  if (firebase.emulatorHost) {
    const emulatorLink = await app.identity.auth.generatePasswordResetLink(email);
    const oobCode = new URL(emulatorLink).searchParams.get("oobCode");
    if (!oobCode) throw new Error("o emulador não devolveu o código do link");
    const link = `${origin}${SET_PASSWORD_PATH}?oobCode=${encodeURIComponent(oobCode)}`;
    app.log.info({ email, link }, `${purpose}: link para definir a senha (emulador de autenticação)`);
    return link;
  }
  const res = await fetch(`https://identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${encodeURIComponent(firebase.apiKey)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      requestType: "PASSWORD_RESET",
      email,
      ...(configuredOrigin ? { continueUrl: `${configuredOrigin}/admin/auth/login` } : {}),
    }),
  });
  if (!res.ok) {
    app.log.error({ status: res.status, body: await res.text().catch(() => "") }, `falha ao enviar o e-mail de ${purpose}`);
    throw new HttpError(502, "O provedor de identidade não enviou o e-mail de convite. Tente novamente em instantes.");
  }
  return null;
}

/**
 * Invites `user`: creates or finds their identity, binds it, sends the set-password link and
 * records when. Runs on `db` (a transaction when the caller has one).
 */
export async function inviteUser(app: FastifyInstance, db: Db, user: UserRow, origin: string) {
  if (!user.active) throw unprocessable("Este usuário está desativado. Reative-o antes de enviar o convite.");
  const uid = await ensureIdentity(app.identity.auth, db, user);
  const invitedAt = new Date(app.now());
  await db.update(users).set({ firebaseUid: uid, invitedAt }).where(eq(users.id, user.id));
  const link = await sendSetPasswordLink(app, user.email, origin);
  return { success: true as const, email: user.email, invitedAt: invitedAt.toISOString(), ...(link ? { link } : {}) };
}
