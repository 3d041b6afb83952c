import { z } from "zod";
import path from "node:path";

/**
 * Every environment variable the server reads, parsed once. Local defaults describe the embedded
 * stack (`npm start`): PGlite under .data/, the Firebase Auth Emulator, files on disk.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  /** When set, PostgreSQL through node-postgres; otherwise embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL cancels a statement of a request after this many ms (0: never). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  FIREBASE_PROJECT_ID: z.string().default("demo-sol-transferencias"),
  FIREBASE_API_KEY: z.string().default("demo-api-key"),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  /** host:port of the Auth Emulator; firebase-admin reads the same variable. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  AUTH_EMULATOR_PORT: z.coerce.number().int().default(9099),
  SESSION_COOKIE_NAME: z.string().default("__session"),
  SESSION_DAYS: z.coerce.number().int().min(1).max(14).default(5),
  /** Secret for signing upload URLs; generated and kept under DATA_DIR when absent. */
  UPLOAD_SECRET: z.string().min(16).optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
  ASSISTANT_HOST: z.string().optional(),
  ASSISTANT_CHATFLOW_ID: z.string().default("sol-local"),
  BUILD_ID: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Transferegov's public API (research notes 1.1); tests point it at a recorded-answers server. */
  TRANSFEREGOV_API_URL: z.string().url().default("https://api-publica.transferegov.gestao.gov.br"),
  /** The polite rate of the sync: requests per minute to Transferegov, one at a time. */
  TRANSFEREGOV_REQUESTS_PER_MINUTE: z.coerce.number().positive().max(60_000).default(120),
  TRANSFEREGOV_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Skip seeding demo data on an empty database (production). */
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  host: string;
  port: number;
  publicOrigin: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  statementTimeoutMs: number;
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    emulatorHost: string | undefined;
    emulatorPort: number;
  };
  session: { cookieName: string; days: number };
  uploads: { secret: string | undefined; maxBytes: number; dir: string };
  assistant: { host: string | undefined; chatflowId: string };
  buildId: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  seedDemo: boolean;
  transferegov: { apiUrl: string; requestsPerMinute: number; timeoutMs: number };
  /** Where uploaded SICONV dumps wait for their import (DATA_DIR/imports). */
  importsDir: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicOrigin: e.PUBLIC_ORIGIN,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY,
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST || undefined,
      emulatorPort: e.AUTH_EMULATOR_PORT,
    },
    session: { cookieName: e.SESSION_COOKIE_NAME, days: e.SESSION_DAYS },
    uploads: { secret: e.UPLOAD_SECRET, maxBytes: e.UPLOAD_MAX_BYTES, dir: path.join(dataDir, "uploads") },
    assistant: { host: e.ASSISTANT_HOST || undefined, chatflowId: e.ASSISTANT_CHATFLOW_ID },
    buildId: e.BUILD_ID,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    transferegov: { apiUrl: e.TRANSFEREGOV_API_URL, requestsPerMinute: e.TRANSFEREGOV_REQUESTS_PER_MINUTE, timeoutMs: e.TRANSFEREGOV_TIMEOUT_MS },
    importsDir: path.join(dataDir, "imports"),
  };
}
