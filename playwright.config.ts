import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9299);
// Debian's headless shell (package chromium-headless-shell) is the browser Playwright runs headless by
// default: without the full browser's UI processes it ran the same tests a third faster. Else Chromium.
const chromium = process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file)) ?? "/usr/bin/chromium";

/** End-to-end tests: Debian's Chromium against the full local stack on its own ports and fresh data. */
export default defineConfig({
  testDir: "tests/e2e",
  // E2E_TIMEOUT_SCALE stretches every wait on a loaded machine (e.g. 3 where many suites share two cores).
  timeout: 60_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 1),
  expect: { timeout: 10_000 * Number(process.env.E2E_TIMEOUT_SCALE ?? 1) },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // A failure keeps its trace with the page's DOM at every step; the screencast is left out: encoding
    // frames all along cost every test about a fifth of its time on two cores.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `http://localhost:${port}/api/health`,
    // E2E_REUSE_SERVER=1 runs against a stack already started on E2E_PORT (faster iteration; its data is not reset).
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    timeout: 300_000,
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(emulatorPort),
      DATA_DIR: ".data/e2e",
      LOG_LEVEL: "warn",
      FIREBASE_AUTH_EMULATOR_HOST: "",
      // The local e-mail catcher of `npm start`, on ports of this run (beside the app's).
      MAILDEV_SMTP_PORT: String(port + 2000),
      MAILDEV_WEB_PORT: String(port + 2100),
    },
  },
});
