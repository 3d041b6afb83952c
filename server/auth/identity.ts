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
  close(): Promise<void>;
}

let appCount = 0;

export function createIdentity(config: Config): Identity {
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  const app: App = initializeApp({ projectId: config.firebase.projectId }, `sol-${process.pid}-${appCount++}`);
  const auth = getAuth(app);
  return {
    auth,
    verifyIdToken: (token, checkRevoked = false) => auth.verifyIdToken(token, checkRevoked),
    close: () => deleteApp(app),
  };
}
