import type { Auth } from "firebase-admin/auth";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoUid } from "../db/seed/demo-accounts";

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
