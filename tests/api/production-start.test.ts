import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports";

/**
 * Hole 2: a production start refuses to run without a real identity project and credentials, and
 * never starts the emulator nor seeds demo data. The real entry points run in child processes.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(repo, "node_modules", ".bin", "tsx");
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A folder to run in: its own DATA_DIR and a built SPA (index.html is all the server needs). */
function workdir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sol-prod-"));
  folders.push(dir);
  mkdirSync(path.join(dir, "dist"));
  writeFileSync(path.join(dir, "dist", "index.html"), "<!doctype html><title>SOL</title>");
  return dir;
}

/** A production environment built from nothing: no FIREBASE_* or emulator variable leaks in from the test run. */
const baseEnv = (dir: string, extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? dir,
  NODE_ENV: "production",
  DATA_DIR: path.join(dir, "data"),
  LOG_LEVEL: "warn",
  ...extra,
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an entry point until it exits (or `until` shows in its output, then stops it). */
function run(entry: string, dir: string, env: Record<string, string>, until?: { text: RegExp; then: () => Promise<void> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(repo, entry)], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let acting = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`não terminou a tempo:\n${stdout}\n${stderr}`));
    }, 90_000);
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (until && !acting && until.text.test(stdout)) {
        acting = true;
        until.then().then(
          () => child.kill("SIGTERM"),
          (error) => {
            child.kill("SIGTERM");
            reject(error);
          },
        );
      }
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function nothingListensOn(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/`).then(
    () => false,
    () => true,
  );
}

describe("hole 2: production start", { timeout: 120_000 }, () => {
  it("exits non-zero naming FIREBASE_PROJECT_ID and GOOGLE_APPLICATION_CREDENTIALS, starting nothing", async () => {
    const dir = workdir();
    const emulatorPort = await freePort();
    const result = await run("server/main.ts", dir, baseEnv(dir, { AUTH_EMULATOR_PORT: String(emulatorPort), PORT: String(await freePort()) }));
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("Configuração inválida");
    expect(result.stderr).toContain("FIREBASE_PROJECT_ID: obrigatório em produção");
    expect(result.stderr).toContain("GOOGLE_APPLICATION_CREDENTIALS: obrigatório em produção");
    expect(result.stdout).not.toContain("emulador");
    expect(existsSync(path.join(dir, "data"))).toBe(false);
    expect(await nothingListensOn(emulatorPort)).toBe(true);
  });

  it("npm start's script refuses the same way before building anything", async () => {
    const dir = workdir();
    rmSync(path.join(dir, "dist"), { recursive: true });
    const result = await run("scripts/start.ts", dir, baseEnv(dir, { FIREBASE_PROJECT_ID: "demo-sol-transferencias" }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("FIREBASE_PROJECT_ID: projetos demo-* só existem no emulador local");
    expect(result.stdout).not.toContain("construindo");
    expect(existsSync(path.join(dir, "dist"))).toBe(false);
  });

  it("with a real project and credentials it starts without emulator or demo data, and refuses an unsigned token", async () => {
    const dir = workdir();
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const credentials = path.join(dir, "conta-de-servico.json");
    writeFileSync(
      credentials,
      JSON.stringify({
        type: "service_account",
        project_id: "sol-producao-teste",
        private_key_id: "1",
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
        client_email: "sol@sol-producao-teste.iam.gserviceaccount.com",
        client_id: "1",
      }),
    );
    const port = await freePort();
    const env = baseEnv(dir, {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      FIREBASE_PROJECT_ID: "sol-producao-teste",
      FIREBASE_API_KEY: "chave-web",
      GOOGLE_APPLICATION_CREDENTIALS: credentials,
      LOG_LEVEL: "info",
    });
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({
      iss: "https://securetoken.google.com/sol-producao-teste",
      aud: "sol-producao-teste",
      sub: "demo-admin",
      user_id: "demo-admin",
      email: "admin@demo.local",
      email_verified: true,
      auth_time: now,
      iat: now,
      exp: now + 3600,
    })}.`;
    let login: { status: number; cookie: string | null } | undefined;
    let health = 0;
    const result = await run("server/main.ts", dir, env, {
      text: /pronto em/,
      then: async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ firebaseIdToken: unsigned }),
        });
        login = { status: res.status, cookie: res.headers.get("set-cookie") };
        health = (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
      },
    });
    expect(result.stdout).toMatch(/pronto em/);
    expect(login).toEqual({ status: 401, cookie: null });
    expect(health).toBe(200);
    expect(result.stdout).not.toMatch(/emulador|dados de demonstração/);
    expect(readdirSync(path.join(dir, "data"))).not.toContain("auth-emulator");
    // The database exists, with the schema and no demo people.
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create({ dataDir: path.join(dir, "data", "pglite") });
    try {
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from users");
      expect(rows[0].n).toBe(0);
    } finally {
      await db.close();
    }
  });
});
