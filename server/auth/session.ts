import { createHash } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { companies, userSessions, users, type CompanyRow, type UserRow } from "../db/schema";
import type { Identity } from "./identity";
import type { SessionUser } from "../../src/domain/auth";

/** The signed-in user of a request, with the company it belongs to (none for ADMIN). */
export interface AuthUser extends UserRow {
  company: CompanyRow | null;
  sessionHash: string;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionStore {
  /** Exchanges a fresh ID token for a session cookie bound to the user; returns the cookie value. */
  create(idToken: string, user: UserRow, meta: { ip?: string; userAgent?: string }): Promise<string>;
  /** The user behind a session cookie, or null when it is missing, forged, expired or revoked. */
  read(cookie: string | undefined): Promise<AuthUser | null>;
  revoke(hash: string): Promise<void>;
  /** Ends every session of a user, or every one but `exceptHash` (the session that asked). */
  revokeAllOf(userId: number, exceptHash?: string): Promise<void>;
  /** Drops the short-lived memory of recently read sessions (after any write). */
  forgetRecent(): void;
  maxAgeSeconds: number;
}

/**
 * Cookies whose Firebase signature and expiry were already verified, with their expiry (ms). The
 * verification is a pure function of the cookie (revocation is our user_sessions row, checked on
 * every request), so re-verifying is waste; against the emulator it is even an HTTP round trip.
 */
class VerifiedCookies {
  private readonly entries = new Map<string, number>();
  constructor(private readonly max = 10_000) {}

  has(hash: string, now: number): boolean {
    const expires = this.entries.get(hash);
    if (expires === undefined) return false;
    if (expires > now) return true;
    this.entries.delete(hash);
    return false;
  }

  add(hash: string, expiresAt: number) {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, expiresAt);
  }

  delete(hash: string) {
    this.entries.delete(hash);
  }
}

/** How long a read session is reused without asking the database again. */
const RECENT_MS = 2000;

export function createSessionStore(db: Db, identity: Identity, days: number): SessionStore {
  const maxAgeSeconds = days * 24 * 60 * 60;
  const verified = new VerifiedCookies();
  // Sessions read in the last moments, so a burst of reads (a screen's parallel requests) costs one
  // lookup. Any write on this server clears it (app.ts), so a change made here is seen at once;
  // another instance sees it within RECENT_MS.
  const recent = new Map<string, { user: AuthUser; until: number }>();
  return {
    maxAgeSeconds,
    async create(idToken, user, meta) {
      const cookie = await identity.auth.createSessionCookie(idToken, { expiresIn: maxAgeSeconds * 1000 });
      const now = new Date();
      await db.delete(userSessions).where(and(eq(userSessions.userId, user.id), lt(userSessions.expiresAt, now)));
      // The same ID token exchanged twice in one second (a double-submitted form) yields the very same
      // cookie: the second exchange reuses the session the first one recorded.
      await db
        .insert(userSessions)
        .values({
          tokenHash: hashToken(cookie),
          userId: user.id,
          expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
          ip: meta.ip,
          userAgent: meta.userAgent?.slice(0, 300),
        })
        .onConflictDoNothing({ target: userSessions.tokenHash });
      return cookie;
    },
    async read(cookie) {
      if (!cookie) return null;
      const tokenHash = hashToken(cookie);
      if (!verified.has(tokenHash, Date.now())) {
        try {
          const decoded = await identity.verifySessionCookie(cookie);
          verified.add(tokenHash, decoded.exp * 1000);
        } catch {
          return null;
        }
      }
      const now = Date.now();
      const hit = recent.get(tokenHash);
      if (hit && hit.until > now) return hit.user;
      const [row] = await db
        .select({ user: users, company: companies })
        .from(userSessions)
        .innerJoin(users, eq(users.id, userSessions.userId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(userSessions.tokenHash, tokenHash), gt(userSessions.expiresAt, new Date())))
        .limit(1);
      if (!row || !row.user.active) return null;
      const user = { ...row.user, company: row.company, sessionHash: tokenHash };
      if (recent.size >= 10_000) recent.clear();
      recent.set(tokenHash, { user, until: now + RECENT_MS });
      return user;
    },
    forgetRecent() {
      recent.clear();
    },
    async revoke(hash) {
      verified.delete(hash);
      recent.clear();
      await db.delete(userSessions).where(eq(userSessions.tokenHash, hash));
    },
    async revokeAllOf(userId, exceptHash) {
      recent.clear();
      const others = exceptHash ? and(eq(userSessions.userId, userId), ne(userSessions.tokenHash, exceptHash)) : eq(userSessions.userId, userId);
      await db.delete(userSessions).where(others);
    },
  };
}

export function avatarUrl(path: string | null): string | null {
  return path ? `/api/files/${path}` : null;
}

/** The spec's session user (GET /api/auth/me). */
export function toSessionUser(user: UserRow, company: CompanyRow | null): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatarUrl: avatarUrl(user.avatarPath),
    customClaims: {
      id: user.id,
      role: user.role,
      acceptTerms: user.acceptTerms,
      companyId: company?.id ?? null,
      companyCNPJ: company?.cnpj ?? null,
      companyName: company?.name ?? null,
    },
  };
}

/**
 * A readable companion of the httpOnly session cookie, holding no secret: it only tells the SPA that
 * a session may exist, so a signed-out visitor's browser does not ask /api/auth/me for a 401.
 */
export const SESSION_HINT_COOKIE = "sol_session";

export function setSessionCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number, secure: boolean) {
  reply.setCookie(name, value, { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: maxAgeSeconds });
  reply.setCookie(SESSION_HINT_COOKIE, "1", { httpOnly: false, secure, sameSite: "lax", path: "/", maxAge: maxAgeSeconds });
}

export function clearSessionCookie(reply: FastifyReply, name: string) {
  reply.clearCookie(name, { path: "/" });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: "/" });
}

/**
 * Whether the session cookie gets the Secure flag: the request came over HTTPS (directly, or as a
 * trusted proxy says: TRUST_PROXY), or the configured public origin is HTTPS.
 */
export function isSecureRequest(request: FastifyRequest): boolean {
  return request.protocol === "https" || Boolean(request.server.config.publicOrigin?.startsWith("https://"));
}
