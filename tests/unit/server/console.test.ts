import { describe, expect, it } from "vitest";
import { fastifyLogger, logFileOf, logPlan } from "../../../server/lib/logging";
import { readyBanner } from "../../../server/local/banner";
import { loadConfig } from "../../../server/config";

describe("a console a developer can read (issue 36 item 9)", () => {
  it("on a developer's machine shows warnings and errors in the terminal, pretty, and sends every request to a file", () => {
    const config = loadConfig({ DATA_DIR: "/tmp/sol-dados" });
    expect(config.logLevel).toBe("warn");
    const plan = logPlan(config, true);
    expect(plan).toEqual({ console: { level: "warn", pretty: true }, file: { path: logFileOf(config.dataDir), level: "info" } });
    const logger = fastifyLogger(plan) as { level: string; transport: { targets: { target: string; level: string }[] } };
    expect(logger.level).toBe("info");
    expect(logger.transport.targets.map((t) => [t.target, t.level])).toEqual([["pino-pretty", "warn"], ["pino/file", "info"]]);
  });

  it("LOG_LEVEL=info brings every request back to the terminal; a pipe gets JSON", () => {
    const plan = logPlan(loadConfig({ LOG_LEVEL: "info" }), false);
    expect(plan?.console).toEqual({ level: "info", pretty: false });
  });

  it("in production writes JSON lines at info on stdout and no file", () => {
    const production = { env: "production" as const, logLevel: "info" as const, dataDir: "/srv/dados" };
    expect(logPlan(production, true)).toEqual({ console: { level: "info", pretty: false }, file: null });
    expect(fastifyLogger(logPlan(production, true))).toEqual({ level: "info" });
    expect(fastifyLogger(logPlan({ ...production, logLevel: "silent" }, true))).toBe(false);
  });

  it("the ready banner is short and in pt-BR: address, demo accounts with their password, inbox, data folder, log file", () => {
    const lines = readyBanner({
      address: "http://localhost:3000",
      seconds: "9,8 s",
      times: ["emulador 7,2 s", "banco 1,1 s"],
      demo: { accounts: [{ email: "admin@demo.local", role: "ADMIN" }, { email: "gestor@demo.local", role: "MANAGER" }], password: "demo1234" },
      inboxUrl: "http://localhost:1080",
      dataDir: "/home/dev/sol/.data",
      databaseLabel: "PGlite, na pasta de dados",
      logFile: "/home/dev/sol/.data/logs/servidor.log",
    });
    const text = lines.join("\n");
    expect(lines.length).toBeLessThan(15);
    expect(lines[0]).toMatch(/pronto em 9,8 s/);
    for (const part of ["http://localhost:3000/admin", "admin@demo.local (administrador)", "gestor@demo.local (gestor da prefeitura)", "demo1234", "http://localhost:1080", "/home/dev/sol/.data", "servidor.log", "LOG_LEVEL=info"]) {
      expect(text).toContain(part);
    }
  });

  it("a production banner names no demo account", () => {
    const text = readyBanner({ address: "https://sol.exemplo.gov.br", seconds: "2,0 s", times: ["banco 1,0 s"], demo: null, inboxUrl: undefined, dataDir: null, databaseLabel: "PostgreSQL (DATABASE_URL)", logFile: null }).join("\n");
    expect(text).not.toMatch(/demo|emulador|dados de demonstração/);
  });
});
