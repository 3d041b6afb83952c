import { initializeApp, deleteApp, type App } from "firebase-admin/app";
import { getAuth, type Auth, type DecodedIdToken } from "firebase-admin/auth";
import type { Config } from "../config";

/**
 * The identity provider as the server sees it: Firebase Auth through firebase-admin, against the
 * Auth Emulator locally (FIREBASE_AUTH_EMULATOR_HOST) or a real project in production.
 */
export interface Identity {
  auth: Auth;
  verifyIdToken(token: string, checkRevoked?: boolean): Promise<DecodedIdToken>;
  /**
   * A session cookie's claims once its form, project and expiry check out. Revocation is not asked
   * here: our user_sessions row is the session (logout, a password change, a deactivation delete it).
   */
  verifySessionCookie(cookie: string): Promise<{ exp: number; auth_time: number; uid: string }>;
  close(): Promise<void>;
}

let appCount = 0;

/**
 * The emulator's session cookie: an unsigned JWT (the emulator signs nothing), checked like
 * firebase-admin checks it in emulator mode, minus the revocation check firebase-admin forces there.
 * That check compared the cookie with the account's validSince, which the emulator resets when it
 * imports its saved accounts at start: every `npm start` signed everybody out (issue 36 item 5).
 */
export function emulatorSessionClaims(cookie: string, projectId: string, now: number): { exp: number; auth_time: number; uid: string } {
  const [header, payload] = cookie.split(".");
  if (!header || !payload) throw new Error("cookie de sessão malformado");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  const ok =
    claims.iss === `https://session.firebase.google.com/${projectId}` &&
    claims.aud === projectId &&
    typeof claims.sub === "string" &&
    claims.sub.length > 0 &&
    typeof claims.exp === "number" &&
    claims.exp * 1000 > now &&
    typeof claims.auth_time === "number";
  if (!ok) throw new Error("cookie de sessão inválido ou expirado");
  return { exp: claims.exp as number, auth_time: claims.auth_time as number, uid: claims.sub as string };
}

export function createIdentity(config: Config): Identity {
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  const app: App = initializeApp({ projectId: config.firebase.projectId }, `sol-${process.pid}-${appCount++}`);
  const auth = getAuth(app);
  const emulated = Boolean(config.firebase.emulatorHost);
  return {
    auth,
    verifyIdToken: (token, checkRevoked = false) => auth.verifyIdToken(token, checkRevoked),
    verifySessionCookie: async (cookie) => {
      if (emulated) return emulatorSessionClaims(cookie, config.firebase.projectId, Date.now());
      const decoded = await auth.verifySessionCookie(cookie, false);
      return { exp: decoded.exp, auth_time: decoded.auth_time, uid: decoded.uid };
    },
    close: () => deleteApp(app),
  };
}
