import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import { constants as zlibConstants } from "node:zlib";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { z } from "zod";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { Identity } from "./auth/identity";
import { createSessionStore, type AuthUser, type SessionStore } from "./auth/session";
import type { Tenant } from "./auth/tenant";
import { refuseUndeclaredRoutes, registerAccessHooks, type ApiRoute } from "./auth/access";
import { registerInputGuards } from "./lib/input-guard";
import { HttpError, fromDatabaseError } from "./lib/errors";
import { routes } from "./routes";
import { apiNotFound, registerSpa } from "./spa";
import { adminPreload, searchOf } from "./admin-head";
import { withDashboardFirstPaint } from "./dashboard/first-paint";
import { describePublicPage } from "./public-head";
import { securityHeaders } from "./lib/security-headers";
import { createStorage, type Storage } from "./storage";
import { scheduleUploadCleanup } from "./storage/ledger";
import { noStoreUnlessPublic } from "./auth/no-store";
import { isPathNotFound } from "./resources/params";
import { fastifyLogger, logPlan } from "./lib/logging";
import { credentialChanges } from "./auth/credentials";
import { createLocalJobRunner, type JobRunner } from "./jobs";
import { sharedRateLimitStore } from "./limits/shared-store";

z.config(z.locales.ptBR());

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    identity: Identity;
    sessions: SessionStore;
    storage: Storage;
    /** Background and scheduled work (server/jobs). */
    jobs: JobRunner;
    /** The server's clock (ms), injectable so time rules are testable. */
    now(): number;
    /** Every route under /api with its declaration (server/auth/access.ts). */
    apiRoutes: ApiRoute[];
    /**
     * True once the instance has been told to stop (SIGTERM): the readiness probe fails so a load
     * balancer sends new traffic elsewhere while requests in flight finish.
     */
    draining: boolean;
    /** Whether protective counters live in the database (several instances) or in memory (AppDeps.sharedLimits). */
    sharedLimits: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The company the request acts in, resolved once by the access hook (server/auth/access.ts). */
    tenant: Tenant | null;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  identity: Identity;
  /** Folder of the built SPA; omitted in API-only tests. */
  spaDir?: string;
  now?: () => number;
  /** The job runner; an in-process one when omitted (tests). main.ts starts and stops it. */
  jobs?: JobRunner;
  /**
   * Count the rate limits in the database (table rate_limits) instead of this process's memory: set on a
   * PostgreSQL server, where several instances must enforce one limit. Off (in memory) on PGlite.
   */
  sharedLimits?: boolean;
}

export type App = FastifyInstance;

/** pt-BR messages for the framework's own client errors. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Tipo de conteúdo não suportado.",
  FST_ERR_CTP_BODY_TOO_LARGE: "O conteúdo enviado é grande demais.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "O corpo da requisição está vazio.",
  FST_ERR_CTP_INVALID_JSON_BODY: "O corpo da requisição não é um JSON válido.",
  FST_ERR_CTP_EMPTY_TYPE: "Informe o tipo de conteúdo (Content-Type).",
  FST_ERR_VALIDATION: "Dados inválidos.",
  FST_MP_PREMATURE_CLOSE: "O envio do arquivo (multipart/form-data) está malformado ou incompleto. Escolha o arquivo e envie de novo.",
};

function fieldErrors(error: FastifyError): Record<string, string> | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const errors: Record<string, string> = {};
  for (const item of error.validation) {
    const field = item.instancePath.replace(/^\//, "").replace(/\//g, ".") || "_";
    errors[field] ??= item.message ?? "Valor inválido.";
  }
  return errors;
}

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws at a malformed body: a missing
 * or overlong boundary, a body that ends inside a part, a part without headers. Plain Errors with no
 * status, so without this they answered 500 (issue 36 item 4).
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle (cannot|has to)/,
  /^Unsupported Content-Type\.$/,
  /^Missing Content-Type-header\.$/,
  /^Malformed part header$/,
];
export const MALFORMED_MULTIPART_MESSAGE = "O envio do arquivo (multipart/form-data) está malformado ou incompleto. Escolha o arquivo e envie de novo.";

function isMalformedMultipart(error: unknown, contentType: string | undefined): boolean {
  if (!contentType?.toLowerCase().startsWith("multipart/")) return false;
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    if (!(current as { statusCode?: number }).statusCode && MALFORMED_MULTIPART.some((pattern) => pattern.test((current as Error).message))) return true;
    current = current.cause;
  }
  return false;
}

/** Trust the nearest `hops` proxies (what Fastify does for a number, which its types leave out). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://apis.google.com", "https://www.gstatic.com"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: [
          "'self'",
          ...(config.firebase.emulatorHost ? [`http://${config.firebase.emulatorHost}`] : []),
          "https://*.googleapis.com",
          ...(config.assistant.host ? [config.assistant.host] : []),
        ],
        frameSrc: ["'self'", `https://${config.firebase.authDomain}`, "https://accounts.google.com"],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger: fastifyLogger(logPlan(config, Boolean(process.stdout.isTTY))),
    // X-Forwarded-For names the client only when it comes from a proxy we were told to trust
    // (TRUST_PROXY); otherwise the socket's address is the client, whatever the header claims.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals the router makes before any hook runs (a malformed URL): the same headers and a pt-BR answer.
    frameworkErrors: (_error, _request, frameworkReply) => {
      // The option's reply type is generic over a route that does not exist here; it is a plain reply.
      const reply = frameworkReply as unknown as FastifyReply;
      void reply.headers({ ...security, "cache-control": "no-store" }).status(400).send({ message: "Endereço inválido." });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("db", deps.db);
  app.decorate("identity", deps.identity);
  app.decorate("now", deps.now ?? Date.now);
  app.decorate("draining", false);
  app.decorate("sharedLimits", deps.sharedLimits ?? false);
  app.decorate("sessions", createSessionStore(deps.db, deps.identity, config.session.days));
  app.decorate("storage", createStorage(config, { onUnavailable: (error, action) => app.log.warn({ err: error }, `armazenamento de arquivos indisponível (${action})`) }));
  app.decorate("jobs", deps.jobs ?? createLocalJobRunner({ log: (message) => app.log.warn(message) }));
  // Jobs still running finish (or are given up) before the database closes.
  app.addHook("onClose", async () => app.jobs.stop());
  scheduleUploadCleanup(app);
  // Before any plugin registers a route: every /api route is recorded and a private one must be declared.
  app.decorate("apiRoutes", refuseUndeclaredRoutes(app));
  app.decorateRequest("user", null);
  app.decorateRequest("tenant", null);

  await app.register(fastifyCookie);
  // Phones on slow connections: compress JSON, CSV and the SPA's assets (brotli kept cheap on the CPU).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(security);
  });
  // Behind a load balancer every instance must count the same hits, or N instances allow N times the limit.
  await app.register(fastifyRateLimit, { global: false, ...(deps.sharedLimits ? { store: sharedRateLimitStore(deps.db, () => app.now()) } : {}) });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "SOL Transferências API", version: "1.0.0", description: "API do painel e do portal de transparência." },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  registerInputGuards(app);
  registerAccessHooks(app);
  app.addHook("onSend", noStoreUnlessPublic);
  // A saved password or e-mail change ends the other sessions and notifies the old address.
  await app.register(credentialChanges);

  // Any write may change who a session belongs to (role, company, active): forget recent reads.
  app.addHook("onResponse", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS") app.sessions.forgetRecent();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    const fromDb = fromDatabaseError(error);
    if (fromDb?.statusCode === 503) {
      request.log.warn({ err: error }, "banco de dados indisponível");
      reply.header("retry-after", "5");
    }
    if (fromDb) {
      return reply.status(fromDb.statusCode).send({ message: fromDb.message, ...(fromDb.errors ? { errors: fromDb.errors } : {}) });
    }
    // A path id that is not a canonical number names no record (server/resources/params.ts).
    if (error.validationContext === "params" && hasZodFastifySchemaValidationErrors(error) && error.validation.every(isPathNotFound)) {
      return reply.status(404).send({ message: error.validation[0].message });
    }
    if (isMalformedMultipart(error, request.headers["content-type"])) return reply.status(400).send({ message: MALFORMED_MULTIPART_MESSAGE });
    const errors = fieldErrors(error);
    if (errors) return reply.status(422).send({ message: "Verifique os campos destacados.", errors });
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: "Muitas tentativas. Aguarde um minuto e tente novamente." });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: frameworkMessages[error.code] ?? "Requisição inválida." });
    }
    request.log.error(error);
    return reply.status(500).send({ message: "Erro interno. Tente novamente em instantes." });
  });

  for (const route of routes) await app.register(route, { prefix: "/api" });

  if (deps.spaDir) {
    await registerSpa(app, deps.spaDir, {
      describePage: (pathname, query) => describePublicPage(deps.db, pathname, query),
      // A signed-in admin visit: its session comes with the HTML's request, so the HTML announces what the app will ask for.
      preloadFor: async (request, pathname) => {
        const search = searchOf(request.url);
        const preload = adminPreload({ pathname, search, cookies: request.cookies, sessionCookie: config.session.cookieName });
        // The dashboard's figures painted with the HTML, before its code (issue 36, item 7); the HTML's head does not wait for them.
        return preload && withDashboardFirstPaint(app, request, pathname, search, preload);
      },
    });
  }
  else app.setNotFoundHandler(apiNotFound);

  return app;
}
