import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const emulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9299);

/** End-to-end tests: Debian's Chromium against the full local stack on its own ports and fresh data. */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu"],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(emulatorPort),
      DATA_DIR: ".data/e2e",
      LOG_LEVEL: "warn",
      FIREBASE_AUTH_EMULATOR_HOST: "",
    },
  },
});
