import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "../../server/lib/errors";
import { createTestContext, type TestContext } from "../support/api";
import { freePort } from "../support/ports";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("readiness for a load balancer", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it("answers 200 without a session while the instance reaches its database", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toContain("no-store");
  });

  it("answers 503 in pt-BR once the instance is stopping, so the balancer sends traffic elsewhere", async () => {
    ctx.app.draining = true;
    try {
      const res = await ctx.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json().message).toMatch(/sendo desligado/);
    } finally {
      ctx.app.draining = false;
    }
  });
});

/** Only a PostgreSQL server can go away under the app (the relay stands in for its host). */
describe.skipIf(!serverUrl)("readiness while PostgreSQL goes away", () => {
  let ctx: TestContext;
  let proxy: TcpProxy;
  beforeAll(async () => {
    const server = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    ctx = await createTestContext({
      reachDatabase: (url) => {
        url.hostname = proxy.host;
        url.port = String(proxy.port);
        return url;
      },
    });
  });
  afterAll(async () => {
    await proxy?.up();
    await ctx?.close();
    await proxy?.close();
  });

  it("answers 503 with the database message while the database is unreachable and 200 once it is back", async () => {
    const ready = () => ctx.app.inject({ method: "GET", url: "/api/health/ready" });
    expect((await ready()).statusCode).toBe(200);
    await proxy.down();
    await sleep(300);
    const during = await ready();
    expect(during.statusCode).toBe(503);
    expect(during.json().message).toBe(DATABASE_UNAVAILABLE);
    await proxy.up();
    expect((await ready()).statusCode).toBe(200);
  });
});

/** The real process (server/main.ts) on SIGTERM: what a rolling deploy or a scaled-down instance receives. */
describe("the server process on SIGTERM", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "sol-sigterm-"));
  const name = `sol_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  let child: ChildProcess | undefined;
  let databaseUrl: string | undefined;
  beforeAll(async () => {
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    if (serverUrl) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it("finishes the request in flight, refuses new connections, closes the database and exits 0", { timeout: 180_000 }, async () => {
    mkdirSync(path.join(folder, "dist"));
    writeFileSync(path.join(folder, "dist", "index.html"), "<!doctype html><title>SOL</title>");
    const port = await freePort();
    const output: string[] = [];
    let exited: number | null | undefined;
    const exit = new Promise<number | null>((resolve) => {
      child = spawn(path.resolve("node_modules/.bin/tsx"), [path.resolve("server/main.ts")], {
        cwd: folder,
        env: {
          ...process.env,
          NODE_ENV: "development",
          HOST: "127.0.0.1",
          PORT: String(port),
          DATA_DIR: path.join(folder, "data"),
          SEED_DEMO: "false",
          LOG_LEVEL: "warn",
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.on("data", (chunk) => output.push(String(chunk)));
      child.stderr!.on("data", (chunk) => output.push(String(chunk)));
      child.on("exit", (code) => {
        exited = code;
        resolve(code);
      });
    });
    for (let i = 0; i < 1200 && !/pronto em/.test(output.join("")); i++) {
      if (exited !== undefined) throw new Error(`o servidor terminou: ${output.join("")}`);
      await sleep(100);
    }
    expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);

    // A sign-in whose body is still arriving when the stop is asked: it is in flight and must be answered.
    const body = JSON.stringify({ firebaseIdToken: "token-que-nao-vale" });
    const answered = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, method: "POST", path: "/api/auth/login", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child!.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 700);
      }, 300);
    });
    expect(await answered).toBe(401);
    // New connections are refused once the port stops accepting.
    await sleep(100);
    const late = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (res) => res.status,
      () => "recusada",
    );
    expect([503, "recusada"]).toContain(late);
    expect(await exit, output.join("")).toBe(0);
    expect(output.join("")).toMatch(/encerrando \(SIGTERM\)[\s\S]*encerrado\./);
  });
});
