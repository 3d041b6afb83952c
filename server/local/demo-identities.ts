import type { Auth } from "firebase-admin/auth";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../db/seed/demo-accounts";

/** Stable identity ids for the demo accounts, so the database and the emulator always agree. */
export const demoUid = (email: string) => `demo-${email.split("@")[0]}`;

/** Makes sure every demo account exists in the identity provider (the emulator forgets on a hard stop). */
export async function ensureDemoIdentities(auth: Auth): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const uid = demoUid(account.email);
    try {
      await auth.getUser(uid);
    } catch {
      await auth.createUser({ uid, email: account.email, password: DEMO_PASSWORD, displayName: account.name, emailVerified: true }).catch((error: unknown) => {
        // Another process (a second test worker, a second instance) made it meanwhile: that is the goal.
        const code = (error as { code?: string }).code;
        if (code !== "auth/uid-already-exists" && code !== "auth/email-already-exists") throw error;
      });
    }
  }
}
