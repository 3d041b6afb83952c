import type { FastifyInstance, FastifyRequest } from "fastify";
import { unauthorized } from "../lib/errors";
import { checkOrigin } from "./csrf";
import { resolveTenant } from "./tenant";
import { checkTerms, checkTermsAcceptance } from "./terms";
import { cliUser } from "./cli-access";
import type { RouteDeclaration } from "../resources/declared";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route also accepts the command line's loopback token (server/auth/cli-access.ts). */
    cliAccess?: boolean;
  }
}

/**
 * The API routes anybody may call without a session: exact route patterns, or every pattern below an
 * entry that ends with "/". Everything else
 * under /api answers 401 before any validation runs: a new route is private unless it is added here.
 */
export const PUBLIC_ROUTES = [
  "/api/health",
  "/api/health/ready",
  "/api/config",
  "/api/public/",
  "/api/files/",
  "/api/uploads/",
  "/api/docs",
  "/api/docs/",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/auth/forgot-password",
  "/api/log",
] as const;

/** Routes that work with a session but outside any company (the session itself, and the audit log). */
const TENANTLESS_ROUTES = ["/api/auth/me", "/api/auth/login", "/api/auth/logout", "/api/auth/forgot-password", "/api/log", "/api/config", "/api/health", "/api/health/ready"] as const;

export const matchesAny = (pattern: string, entries: readonly string[]) =>
  entries.some((entry) => pattern === entry || (entry.endsWith("/") && pattern.startsWith(entry)));

/**
 * A private route registered any other way than defineResource or defineAction does not start: the
 * engine is the only door, so a route cannot forget its role or its tenant.
 */
export function refuseUndeclaredRoutes(app: FastifyInstance): ApiRoute[] {
  const table: ApiRoute[] = [];
  app.addHook("onRoute", (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as ApiRoute["schema"];
    for (const method of methods) table.push({ method, url, public: isPublicRoute(url), declared: route.config?.declared, schema });
    if (isPublicRoute(url) || route.config?.declared) return;
    if (methods.every((method) => method === "HEAD")) return;
    throw new Error(`A rota privada ${methods.join(",")} ${url} não foi declarada: use defineResource ou defineAction (server/resources).`);
  });
  return table;
}

/** One registered API route, as the route-enumeration test reads it. */
export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
  declared?: RouteDeclaration;
  /** The route's input schemas as declared (zod): the contract test derives its impossible values from them. */
  schema?: { body?: unknown; params?: unknown; querystring?: unknown };
}

/** Whether a matched route pattern is open to anonymous callers. */
export function isPublicRoute(pattern: string): boolean {
  return matchesAny(pattern, PUBLIC_ROUTES);
}

/**
 * Deny by default, once per request, in this order: CSRF origin check on writes, the session, 401 for
 * a private route without one, 403 while the terms are not accepted (server/auth/terms.ts), then the
 * tenant (`request.tenant`) for every signed-in API request.
 * Unmatched paths are left to the not-found handler.
 */
export function registerAccessHooks(app: FastifyInstance) {
  const cookieName = app.config.session.cookieName;
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const pattern = request.routeOptions.url;
    if (!pattern?.startsWith("/api/") || pattern.startsWith("/api/public/")) return;
    checkOrigin(request);
    request.user = await app.sessions.read(request.cookies[cookieName]);
    if (!request.user && request.routeOptions.config.cliAccess) await cliUser(request);
    if (!request.user) {
      if (isPublicRoute(pattern)) return;
      throw unauthorized();
    }
    // Until a MANAGER or USER accepts the terms, only the session, the log and the acceptance pass.
    if (!isPublicRoute(pattern)) checkTerms(request);
    if (!matchesAny(pattern, TENANTLESS_ROUTES)) request.tenant = await resolveTenant(request, request.user);
  });
  // The acceptance route carries only the acceptance until the terms are accepted (needs the body).
  app.addHook("preValidation", async (request: FastifyRequest) => checkTermsAcceptance(request));
}
