import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Guard } from "../../src/domain/guards";
import type { AuthUser } from "../auth/session";
import { currentUser, requireCompanyId, resolveCompanyId } from "../auth/guards";
import { notFound } from "../lib/errors";
import { declared } from "./declared";
export { fileResponse, noContent } from "./declared";
import { guard } from "./define-resource";

/**
 * Whose data an action touches, applied by the engine before the handler runs:
 * - `session`: only the caller's own session (profile, own read marks); no company is resolved;
 * - `shared`: the consultancy's content, one set for every company;
 * - `tenant`: the company the request acts in; `companyId` null is an ADMIN over every company;
 * - `company`: one company must be chosen (an ADMIN without a chosen client gets a 422);
 * - `child`: the tenant record named by the path's `:id` (an attachment's record, a transfer to sync);
 *   another company's record is a 404 with the parent's message, never a 403.
 */
export type ActionScope =
  | { kind: "session" }
  | { kind: "shared" }
  | { kind: "tenant" }
  | { kind: "company" }
  | { kind: "child"; parent: ParentTable; notFound: string };

type ParentTable = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn };

type CompanyOf<S extends ActionScope> = S extends { kind: "company" } ? number : S extends { kind: "tenant" } ? number | null : S extends { kind: "child" } ? number : null;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** What a handler receives: everything already checked (session, terms, role, tenant, input). */
export interface ActionContext<S extends ActionScope, P, Q, B> {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  user: AuthUser;
  /** The company the action acts in (see ActionScope). */
  companyId: CompanyOf<S>;
  /** The `child` scope's record, read within the tenant. */
  parent: S extends { kind: "child" } ? Record<string, unknown> & { id: number; companyId: number } : undefined;
  params: P;
  query: Q;
  body: B;
}

export type ActionMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ActionDeclaration<
  S extends ActionScope = ActionScope,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: ActionMethod;
  /** The path under /api (`/alerts/:id/read`). */
  path: string;
  /** The OpenAPI tag (pt-BR) and what it does, in a sentence. */
  tag: string;
  summary: string;
  /** Who may call it: a guard of the one role map (src/domain/guards.ts). */
  guard: Guard;
  scope: S;
  params?: P;
  query?: Q;
  body?: B;
  /** Every answer by status; a file download is `fileResponse`, an empty answer `noContent`. */
  response: Record<number, z.ZodType>;
  /** Route config: the command line's token, a route's own rate limit. */
  config?: { cliAccess?: boolean; rateLimit?: Record<string, unknown> };
  /** A body limit other than the server's (bytes). */
  bodyLimit?: number;
  handler(ctx: ActionContext<S, Infer<P>, Infer<Q>, Infer<B>>): Promise<unknown> | unknown;
}

/** A declared action: mount it with `areaPlugin`. */
export interface Action {
  kind: "action";
  declaration: ActionDeclaration;
  plugin: FastifyPluginAsync;
}

/**
 * A non-CRUD endpoint (an import, a sync, a fill, a read mark, a digest, a download), declared with
 * the same fields as a resource: the engine applies session and terms (the access hook), then the
 * role, then the tenant, and only then the handler, which receives the tenant-scoped context. There is
 * no other way to register a private route (app.ts refuses an undeclared one at start-up).
 */
export function defineAction<S extends ActionScope, P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined>(
  declaration: ActionDeclaration<S, P, Q, B>,
): Action {
  const d = declaration as unknown as ActionDeclaration;
  const plugin: FastifyPluginAsync = async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const options: RouteShorthandOptions = {
      schema: {
        tags: [d.tag],
        summary: d.summary,
        ...(d.params ? { params: d.params } : {}),
        ...(d.query ? { querystring: d.query } : {}),
        ...(d.body ? { body: d.body } : {}),
        response: d.response,
      },
      // The role before the body: a USER's invalid POST to an admin action is a 403, not a 422.
      preValidation: guard(d.guard),
      config: { ...d.config, ...declared({ guard: d.guard, scope: d.scope.kind }) },
      ...(d.bodyLimit ? { bodyLimit: d.bodyLimit } : {}),
    };
    r.route({
      ...options,
      method: d.method,
      url: d.path,
      handler: async (request, reply) => {
        const companyId = companyFor(d.scope, request);
        const parent = d.scope.kind === "child" ? await parentOf(app, d.scope, request, companyId as number | null) : undefined;
        const ctx = {
          app,
          request,
          reply,
          user: currentUser(request),
          companyId: d.scope.kind === "child" ? (parent!.companyId as number) : companyId,
          parent,
          params: request.params,
          query: request.query,
          body: request.body,
        };
        const result = await d.handler(ctx as never);
        if (result === undefined && !reply.sent) return reply.code(204).send();
        return result;
      },
    });
  };
  return { kind: "action", declaration: d, plugin };
}

function companyFor(scope: ActionScope, request: FastifyRequest): number | null {
  switch (scope.kind) {
    case "session":
    case "shared":
      return null;
    case "company":
      return requireCompanyId(request);
    case "tenant":
    case "child":
      return resolveCompanyId(request);
  }
}

async function parentOf(app: FastifyInstance, scope: Extract<ActionScope, { kind: "child" }>, request: FastifyRequest, companyId: number | null) {
  const id = (request.params as { id?: number }).id;
  if (typeof id !== "number") throw new Error("a child action needs an :id path parameter");
  const where = companyId === null ? eq(scope.parent.id, id) : and(eq(scope.parent.id, id), eq(scope.parent.companyId, companyId));
  const [row] = await app.db.select().from(scope.parent).where(where).limit(1);
  if (!row) throw notFound(scope.notFound);
  return row as Record<string, unknown> & { id: number; companyId: number };
}
