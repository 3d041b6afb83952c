import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { seedDemo, writeDemoFiles } from "../../server/db/seed";
import { createIdentity, type Identity } from "../../server/auth/identity";
import { buildApp, type App } from "../../server/app";
import { ensureDemoIdentities } from "../../server/local/demo-identities";
import { DEMO_PASSWORD } from "../../server/db/seed/demo-accounts";
import { copyTemplateUploads, pgliteTemplate, postgresTemplate } from "./database-template";

export interface TestContext {
  app: App;
  database: Database;
  identity: Identity;
  /** The PostgreSQL database's name when TEST_DATABASE_URL names a server (undefined on PGlite). */
  databaseName?: string;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database per test file when TEST_DATABASE_URL names a server; else in-memory PGlite.
 * Both start as a copy of the run's seeded template when there is one (database-template.ts).
 */
async function freshDatabase(reach: (url: URL) => URL = (url) => url): Promise<{ database: Database; name?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ loadDataDir: pgliteTemplate() }), drop: async () => undefined };
  const pg = await import("pg");
  const name = `sol_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = postgresTemplate();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: reach(url).toString() });
  return {
    database,
    name,
    async drop() {
      const client = new pg.default.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The real server on a fresh database seeded with the demo data, talking to the test emulator. */
export interface TestContextOptions {
  now?: () => number;
  /** Extra environment for loadConfig (TRUST_PROXY, UPLOAD_PENDING_MAX…). */
  env?: Record<string, string>;
  /** A built SPA folder to serve (HTML answers); API only when omitted. */
  spaDir?: string;
  /** How the app reaches its PostgreSQL database (e.g. through a proxy that can take the server away). */
  reachDatabase?: (url: URL) => URL;
  /** Count rate limits in the database, as a PostgreSQL server instance does (AppDeps.sharedLimits). */
  sharedLimits?: boolean;
}

export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  // Uploads and the generated upload secret go to a folder of this context, removed on close.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sol-api-"));
  const config = loadConfig({ ...process.env, NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...options.env });
  const { database, name: databaseName, drop } = await freshDatabase(options.reachDatabase);
  const identity = createIdentity(config);
  await seedDemo(database.db);
  // The demo files of the run's template, when they go to a folder (a bucket gets them written as on a first start).
  if (config.seedDemo && !config.uploads.bucket) copyTemplateUploads(config.uploads.dir);
  await ensureDemoIdentities(identity.auth);
  const app = await buildApp({ config, db: database.db, identity, now: options.now, spaDir: options.spaDir, sharedLimits: options.sharedLimits });
  await app.ready();
  // The seed's files in this context's folder: the library's models before any test reads them; the
  // projects' photos and the quotes' evidence meanwhile, as on a first start (closing waits for them).
  const demoFiles = config.seedDemo ? writeDemoFiles(database.db, app.storage.files) : undefined;
  const writingDemoFiles = demoFiles?.all.catch(() => undefined);
  await demoFiles?.models;
  return {
    app,
    database,
    identity,
    databaseName,
    async close() {
      await writingDemoFiles;
      await app.close();
      await database.close();
      await identity.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const emulatorBase = () => `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** Signs in at the emulator the way the Firebase SDK does and returns a fresh ID token. */
export async function idTokenFor(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${emulatorBase()}/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`login no emulador falhou para ${email}: ${body.error?.message}`);
  return body.idToken;
}

/** Signs in with a Google credential at the emulator (the popup's outcome) and returns the ID token. */
export async function googleIdTokenFor(email: string, name = "Conta Google"): Promise<string> {
  const claims = JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name });
  const res = await fetch(`${emulatorBase()}/accounts:signInWithIdp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(claims)}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true,
    }),
  });
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`login Google no emulador falhou: ${body.error?.message}`);
  return body.idToken;
}

/** Session cookie header of a signed-in demo account. */
export async function sessionCookie(app: App, email: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { firebaseIdToken: await idTokenFor(email) } });
  if (res.statusCode !== 200) throw new Error(`login de ${email} falhou: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === "__session");
  if (!cookie) throw new Error("login sem cookie de sessão");
  return `__session=${cookie.value}`;
}

/** app.inject as a signed-in user (cookie) with optional company headers. */
export function as(app: App, cookie: string | undefined) {
  return (options: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) } });
}
