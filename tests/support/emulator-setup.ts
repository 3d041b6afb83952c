import path from "node:path";
import os from "node:os";
import { mkdtempSync } from "node:fs";
import { startAuthEmulator } from "../../server/local/emulator";

/** Vitest global setup: one Auth Emulator for the whole API suite (or reuse one named in the env). */
export default async function setup() {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9199);
  const emulator = await startAuthEmulator({
    projectId: "demo-sol-test",
    port,
    dir: mkdtempSync(path.join(os.tmpdir(), "sol-auth-")),
    persist: false,
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  process.env.FIREBASE_PROJECT_ID = "demo-sol-test";
  return () => emulator.stop();
}
