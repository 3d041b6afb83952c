import { initializeApp } from "firebase/app";
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  type Auth,
} from "firebase/auth";
import { getRuntimeConfig } from "./runtime-config";

let authPromise: Promise<Auth> | undefined;

/**
 * Firebase Auth for the browser, configured from the server. Persistence stays in memory: the
 * httpOnly session cookie is the session, Firebase only proves who signs in.
 */
export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= getRuntimeConfig().then((config) => {
    const app = initializeApp(config.firebase);
    const auth = initializeAuth(app, { persistence: inMemoryPersistence, popupRedirectResolver: browserPopupRedirectResolver });
    auth.languageCode = "pt-BR";
    if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return auth;
  });
  return authPromise;
}
