import { z } from "zod";
import path from "node:path";
import { existsSync } from "node:fs";
import { isIP } from "node:net";

// Validation messages (a wrong PORT, SESSION_DAYS…) in pt-BR, like every other answer of the server.
z.config(z.locales.ptBR());

/**
 * Every environment variable the server reads, parsed once. Local defaults describe the embedded
 * stack (`npm start`): PGlite under .data/, the Firebase Auth Emulator, files on disk.
 */
/** A cron expression (America/Sao_Paulo), or "off" for a job that runs only when asked (the end-to-end stack: its data must not change at 05:00). */
const schedule = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => value === "off" || value.length >= 9, "use uma expressão cron (ex.: 0 5 * * *) ou off")
    .transform((value) => (value === "off" ? undefined : value));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The interface to listen on: every one in production (behind its proxy), only this machine otherwise (the local stack trusts the emulator's unsigned tokens). */
  HOST: z.string().trim().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The address people reach the app at (scheme, host, port): CSRF's allowed origin, links in e-mails. Required in production. */
  PUBLIC_ORIGIN: z
    .string()
    .url("informe o endereço público, como https://sol.exemplo.gov.br")
    .refine((value) => /^https?:\/\//.test(value), "use http:// ou https://")
    .optional(),
  DATA_DIR: z.string().default(".data"),
  /** When set, PostgreSQL through node-postgres; otherwise embedded PGlite. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL cancels a statement of a request after this many ms (0: never). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Required in production (a real project); locally a `demo-*` id runs the emulator. */
  FIREBASE_PROJECT_ID: z.string().trim().min(1).optional(),
  FIREBASE_API_KEY: z.string().trim().min(1).optional(),
  /** Service-account file firebase-admin reads in production (session cookies need it). */
  GOOGLE_APPLICATION_CREDENTIALS: z.string().trim().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  /** host:port of the Auth Emulator; firebase-admin reads the same variable. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  AUTH_EMULATOR_PORT: z.coerce.number().int().default(9099),
  SESSION_COOKIE_NAME: z.string().default("__session"),
  SESSION_DAYS: z.coerce.number().int().min(1).max(14).default(5),
  /** Secret for signing upload URLs; generated and kept under DATA_DIR when absent. */
  UPLOAD_SECRET: z.string().min(16).optional(),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
  /** Largest document (PDF, DOCX, XLSX, ODT, ODS) accepted: document models and evidence files. */
  UPLOAD_DOC_MAX_BYTES: z.coerce.number({ message: "informe um número inteiro de bytes" }).int().positive().max(1024 * 1024 * 1024).default(20 * 1024 * 1024),
  ASSISTANT_HOST: z.string().optional(),
  ASSISTANT_CHATFLOW_ID: z.string().default("sol-local"),
  BUILD_ID: z.string().optional(),
  /** What the console shows: info (every request) in production; warnings and errors on a developer's machine, whose requests go to DATA_DIR/logs (server/lib/logging.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Transferegov's public API (research notes 1.1); tests point it at a recorded-answers server. */
  TRANSFEREGOV_API_URL: z.string().url().default("https://api-publica.transferegov.gestao.gov.br"),
  /** The polite rate of the sync: requests per minute to Transferegov, one at a time. */
  TRANSFEREGOV_REQUESTS_PER_MINUTE: z.coerce.number().positive().max(60_000).default(120),
  TRANSFEREGOV_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Tesouro Transparente's CKAN, where the weekly CAUC file is published (research notes §2); tests point it at a local server. */
  CAUC_CKAN_URL: z.string().url().default("https://www.tesourotransparente.gov.br/ckan"),
  /** Where e-mail goes (smtp://user:pass@host:port, smtps://…); unset locally: `npm start` runs its own catcher (maildev). */
  SMTP_URL: z.string().url("SMTP_URL: informe um endereço como smtp://usuario:senha@servidor:587.").refine((v) => /^smtps?:\/\//.test(v), "SMTP_URL: use smtp:// ou smtps://.").optional(),
  MAIL_FROM: z.string().trim().min(3).default("SOL Transferências <nao-responda@sol.local>"),
  /** The local SMTP catcher `npm start` runs when SMTP_URL is unset: its SMTP port and its web inbox. */
  MAILDEV_SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(1025),
  MAILDEV_WEB_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
  /** When the deadline digest goes out (cron, America/Sao_Paulo; "off": only when asked). */
  DIGEST_SCHEDULE: schedule("0 7 * * *"),
  /** When every enabled company is synced with Transferegov (cron, America/Sao_Paulo; "off": only "Sincronizar agora"). */
  TRANSFEREGOV_SYNC_SCHEDULE: schedule("0 5 * * *"),
  /** Seed demo data on an empty database; never in production. */
  SEED_DEMO: z.enum(["true", "false"], { message: "use true ou false" }).optional(),
  /** Which proxies in front of the server may set X-Forwarded-For: none, a hop count, or their addresses. */
  TRUST_PROXY: z.string().optional(),
  /**
   * Files in an S3-compatible bucket instead of DATA_DIR/uploads (what several instances behind a load
   * balancer need): the bucket's name; the others say where it is and how to sign in to it.
   */
  STORAGE_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "use o nome do bucket: de 3 a 63 letras minúsculas, números, pontos ou hífens")
    .optional(),
  /** The store's address when it is not AWS S3 (https://storage.googleapis.com, a MinIO, s3rver in tests). */
  STORAGE_ENDPOINT: z.string().url("informe o endereço do armazenamento, como https://storage.googleapis.com").optional(),
  STORAGE_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Keys of the bucket (an HMAC key on Cloud Storage); unset, the SDK's default chain (environment, instance role). */
  STORAGE_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) rather than in the host name; the default when STORAGE_ENDPOINT is set. */
  STORAGE_FORCE_PATH_STYLE: z.enum(["true", "false"], { message: "use true ou false" }).optional(),
  /** A folder inside the bucket for this installation's files (e.g. sol/), when the bucket is shared. */
  STORAGE_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]+\/)+$/, "use pastas terminadas em / (ex.: sol/)")
    .optional(),
  /** Images uploaded but never attached that one company may hold at once. */
  UPLOAD_PENDING_MAX: z.coerce.number({ message: "informe um número inteiro" }).int().min(1).max(1000).default(20),
  /** Hours an unattached upload is kept before the clean-up removes it. */
  UPLOAD_PENDING_HOURS: z.coerce.number({ message: "informe um número inteiro" }).int().min(1).max(24 * 30).default(24),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  host: string;
  port: number;
  /**
   * Where people reach the app (an origin: scheme://host[:port]): PUBLIC_ORIGIN, or this server on
   * localhost outside production. Never taken from a request's Host header, which its sender chooses.
   */
  publicOrigin: string;
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
  uploads: {
    secret: string | undefined;
    maxBytes: number;
    docMaxBytes: number;
    /** Where files live when no bucket is configured (DATA_DIR/uploads). */
    dir: string;
    /** The bucket files live in, when configured (STORAGE_*); the folder above otherwise. */
    bucket?: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean; prefix?: string };
    pendingMax: number;
    pendingHours: number;
  };
  assistant: { host: string | undefined; chatflowId: string };
  buildId: string | undefined;
  logLevel: NonNullable<Env["LOG_LEVEL"]>;
  seedDemo: boolean;
  /** Fastify's trustProxy: false (the socket's address is the client), a hop count, or proxy addresses. */
  trustProxy: TrustProxy;
  transferegov: { apiUrl: string; requestsPerMinute: number; timeoutMs: number; /** undefined: no daily run */ syncSchedule: string | undefined };
  /** Where the CAUC file is fetched from (CKAN's package_show?id=cauc). */
  caucCkanUrl: string;
  /** Where uploaded SICONV dumps wait for their import (DATA_DIR/imports). */
  importsDir: string;
  /** E-mail: the SMTP server (undefined: none configured, the digest cannot be sent), the sender, the local catcher's ports, the digest's schedule. */
  mail: { smtpUrl: string | undefined; from: string; maildevSmtpPort: number; maildevWebPort: number; /** undefined: no daily run */ digestSchedule: string | undefined; inboxUrl?: string };
}

export type TrustProxy = false | number | string[];

const DEMO_PROJECT_ID = "demo-sol-transferencias";
const CIDR = /^(.+)\/(\d{1,3})$/;

/** One proxy address: an IPv4/IPv6 address or a CIDR range. */
function isAddressOrRange(entry: string): boolean {
  const range = CIDR.exec(entry);
  if (!range) return isIP(entry) !== 0;
  const version = isIP(range[1]);
  const bits = Number(range[2]);
  return version !== 0 && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset, "false" or "0" trusts nobody; "1", "2"… that many hops; else a comma-separated list of addresses/ranges. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "true") {
    return { error: "\"true\" confiaria em qualquer cliente que envie X-Forwarded-For; informe o número de proxies (ex.: 1) ou os seus endereços" };
  }
  const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length) return { error: `endereço inválido: ${bad.join(", ")}; use um número de proxies (ex.: 1) ou endereços e faixas separados por vírgula (ex.: 10.0.0.1,10.1.0.0/16)` };
  return entries;
}

/** What production refuses to run without (or with): each problem names its variable, in pt-BR. */
function productionProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.FIREBASE_PROJECT_ID) {
    problems.push("FIREBASE_PROJECT_ID: obrigatório em produção (o id do projeto Firebase real).");
  } else if (e.FIREBASE_PROJECT_ID.startsWith("demo-")) {
    problems.push("FIREBASE_PROJECT_ID: projetos demo-* só existem no emulador local; informe o projeto Firebase real.");
  }
  if (!e.GOOGLE_APPLICATION_CREDENTIALS) {
    problems.push("GOOGLE_APPLICATION_CREDENTIALS: obrigatório em produção (caminho do arquivo JSON da conta de serviço do Firebase).");
  } else if (!existsSync(e.GOOGLE_APPLICATION_CREDENTIALS)) {
    problems.push(`GOOGLE_APPLICATION_CREDENTIALS: arquivo não encontrado: ${e.GOOGLE_APPLICATION_CREDENTIALS}.`);
  }
  if (!e.FIREBASE_API_KEY) problems.push("FIREBASE_API_KEY: obrigatório em produção (a chave de API web do projeto Firebase).");
  if (e.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push("FIREBASE_AUTH_EMULATOR_HOST: o emulador aceita tokens sem assinatura e não pode ser usado em produção; remova a variável.");
  }
  if (!e.PUBLIC_ORIGIN) problems.push("PUBLIC_ORIGIN: obrigatório em produção (o endereço público do sistema, como https://sol.exemplo.gov.br).");
  if (e.SEED_DEMO === "true") problems.push("SEED_DEMO: dados de demonstração nunca são criados em produção; remova a variável.");
  return problems;
}

/** The bucket's settings hang together: none without a bucket, both keys or neither. */
function bucketProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const others = (["STORAGE_ENDPOINT", "STORAGE_ACCESS_KEY_ID", "STORAGE_SECRET_ACCESS_KEY", "STORAGE_FORCE_PATH_STYLE", "STORAGE_PREFIX"] as const).filter((name) => e[name] !== undefined);
  if (!e.STORAGE_BUCKET && others.length) problems.push(`STORAGE_BUCKET: informe o bucket (${others.join(", ")} só valem com ele).`);
  if (Boolean(e.STORAGE_ACCESS_KEY_ID) !== Boolean(e.STORAGE_SECRET_ACCESS_KEY)) {
    problems.push("STORAGE_ACCESS_KEY_ID e STORAGE_SECRET_ACCESS_KEY: informe as duas chaves ou nenhuma (para usar as credenciais do ambiente).");
  }
  // Several instances share a bucket to serve each other's uploads: a link signed by one must pass on another.
  if (e.STORAGE_BUCKET && !e.UPLOAD_SECRET) problems.push("UPLOAD_SECRET: obrigatório com STORAGE_BUCKET (todas as instâncias assinam os links de envio com o mesmo segredo).");
  return problems;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const trustProxy = parseTrustProxy(source.TRUST_PROXY);
  if (typeof trustProxy === "object" && !Array.isArray(trustProxy) && trustProxy) problems.push(`TRUST_PROXY: ${trustProxy.error}.`);
  if (parsed.success) problems.push(...bucketProblems(parsed.data));
  if (parsed.success && parsed.data.NODE_ENV === "production") problems.push(...productionProblems(parsed.data));
  if (!parsed.success || problems.length) {
    throw new Error(`Configuração inválida:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const projectId = e.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    port: e.PORT,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : `http://localhost:${e.PORT}`,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    firebase: {
      projectId,
      apiKey: e.FIREBASE_API_KEY ?? "demo-api-key",
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST || undefined,
      emulatorPort: e.AUTH_EMULATOR_PORT,
    },
    session: { cookieName: e.SESSION_COOKIE_NAME, days: e.SESSION_DAYS },
    uploads: {
      secret: e.UPLOAD_SECRET,
      maxBytes: e.UPLOAD_MAX_BYTES,
      docMaxBytes: e.UPLOAD_DOC_MAX_BYTES,
      dir: path.join(dataDir, "uploads"),
      bucket: e.STORAGE_BUCKET
        ? {
            bucket: e.STORAGE_BUCKET,
            endpoint: e.STORAGE_ENDPOINT,
            region: e.STORAGE_REGION,
            accessKeyId: e.STORAGE_ACCESS_KEY_ID,
            secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY,
            forcePathStyle: e.STORAGE_FORCE_PATH_STYLE ? e.STORAGE_FORCE_PATH_STYLE === "true" : Boolean(e.STORAGE_ENDPOINT),
            prefix: e.STORAGE_PREFIX,
          }
        : undefined,
      pendingMax: e.UPLOAD_PENDING_MAX,
      pendingHours: e.UPLOAD_PENDING_HOURS,
    },
    assistant: { host: e.ASSISTANT_HOST || undefined, chatflowId: e.ASSISTANT_CHATFLOW_ID },
    buildId: e.BUILD_ID,
    logLevel: e.LOG_LEVEL ?? (production ? "info" : "warn"),
    seedDemo: !production && e.SEED_DEMO !== "false",
    trustProxy: trustProxy as TrustProxy,
    transferegov: { apiUrl: e.TRANSFEREGOV_API_URL, requestsPerMinute: e.TRANSFEREGOV_REQUESTS_PER_MINUTE, timeoutMs: e.TRANSFEREGOV_TIMEOUT_MS, syncSchedule: e.TRANSFEREGOV_SYNC_SCHEDULE },
    caucCkanUrl: e.CAUC_CKAN_URL,
    importsDir: path.join(dataDir, "imports"),
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM, maildevSmtpPort: e.MAILDEV_SMTP_PORT, maildevWebPort: e.MAILDEV_WEB_PORT, digestSchedule: e.DIGEST_SCHEDULE },
  };
}
