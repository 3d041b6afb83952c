import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ROLES, type Role } from "../../src/domain/auth";
import { passesGuard } from "../../src/domain/guards";
import { users } from "../../server/db/schema";
import type { Action } from "../../server/resources/define-action";
import type { demoApi } from "./accounts";

type Api = ReturnType<typeof demoApi>;
type Send = ReturnType<Api["admin"]>;
type Body = Record<string, unknown>;

/** Which demo account and company a contract case acts as. */
export interface ActionCaller {
  /** The demo company of an account (company 1: the manager's; company 2: the other user's). */
  companyOf(email: string): Promise<number>;
}

export interface ActionContractOptions {
  api: Api;
  /**
   * The URL to call, with its path parameters filled (defaults to `/api` + the declared path; a path
   * with parameters needs this). It may read the database, e.g. to name a record of the caller's company.
   */
  url?(caller: ActionCaller): Promise<string> | string;
  /**
   * Input the action refuses with 422 (a body, a query string or a path parameter) and the field its
   * answer names; sent by every role, so a role the guard refuses must get its 403 before validation.
   */
  invalid?: { url?: string; body?: Body; field: string };
  /**
   * Another company's record (a valid request for it): a 404 for the first company's MANAGER (or USER),
   * never a 403. Required for a `child` action; any action that names a tenant record may give it.
   */
  foreign?(caller: ActionCaller): Promise<{ url: string; body?: Body }> | { url: string; body?: Body };
}

/**
 * One call proves a declared action (defineAction) against the same contract the resources keep:
 * anonymous callers get 401; every role its guard refuses gets 403, before its (invalid) input is read;
 * every role it lets through gets 422 on bad input with the field named; and, for a child action,
 * another company's record is a 404, never a 403, as the MANAGER of the first company.
 */
export function describeActionContract(action: Action, options: ActionContractOptions) {
  const { api } = options;
  const { method, path, guard, scope } = action.declaration;
  const send = { ADMIN: () => api.admin(), MANAGER: () => api.manager(), USER: () => api.user(), CAMARA: () => api.camara() } satisfies Record<Role, () => Send>;
  const caller: ActionCaller = {
    async companyOf(email) {
      const [row] = await api.ctx.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
      return row.companyId!;
    },
  };
  const urlOf = async () => (options.url ? await options.url(caller) : `/api${path}`);
  const withBody = method !== "GET" && method !== "DELETE";
  /** The request that carries the bad input (or, without one, a plain call). */
  const badRequest = async () => ({
    method,
    url: options.invalid?.url ?? (await urlOf()),
    ...(withBody ? { payload: options.invalid?.body ?? {} } : {}),
  });

  describe(`action ${method} /api${path} (${guard}, ${scope.kind})`, () => {
    it("answers 401 to an anonymous caller", async () => {
      const res = await api.anonymous()(await badRequest());
      expect(res.statusCode, res.body).toBe(401);
    });

    for (const role of ROLES.filter((r) => !passesGuard(r, guard))) {
      it(`refuses ${role} with 403 before it reads the input`, async () => {
        const res = await send[role]()(await badRequest());
        expect(res.statusCode, res.body).toBe(403);
      });
    }

    if (options.invalid) {
      const { field } = options.invalid;
      for (const role of ROLES.filter((r) => passesGuard(r, guard))) {
        it(`refuses bad input from ${role} with 422 and a pt-BR message on ${field}`, async () => {
          const res = await send[role]()(await badRequest());
          expect(res.statusCode, res.body).toBe(422);
          expect(typeof res.json().errors?.[field], res.body).toBe("string");
        });
      }
    }

    if (scope.kind === "child" || options.foreign) {
      it("answers 404, never 403, for another company's record", async () => {
        if (!options.foreign) throw new Error(`${method} ${path}: a child action's contract needs options.foreign`);
        const role = ROLES.find((r) => r !== "ADMIN" && passesGuard(r, guard));
        if (!role) return;
        const { url, body } = await options.foreign(caller);
        const res = await send[role]()({ method, url, ...(withBody ? { payload: body ?? {} } : {}) });
        expect(res.statusCode, res.body).toBe(404);
      });
    }
  });
}
