import { passesGuard } from "../../src/domain/guards";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Role } from "../../src/domain/auth";
import { users } from "../../server/db/schema";
import type { Access, Resource } from "../../server/resources/define-resource";
import { SEARCH_STATISTICS, searchIndexesOf } from "../../server/resources/search-indexes";
import type { demoApi } from "./accounts";

type Api = ReturnType<typeof demoApi>;
type Body = Record<string, unknown>;
type Send = Awaited<ReturnType<Api["admin"]>>;

export interface ContractOptions {
  api: Api;
  /** A valid POST body for a record of `companyId` (unique values on every call; a child names a parent of that company). */
  validCreate(companyId: number | null): Promise<Body> | Body;
  /** A body the create schema refuses, and the field its 422 names. */
  invalid: { body: Body; field: string };
  /** One field and its new value, for the one-field PATCH. */
  patch: Body;
  /** Fields the server derives from that PATCH (who ticked a checklist item and when): they may change too. */
  derived?: readonly string[];
  /**
   * Child resources: parallel writes on one parent must keep its aggregates exact (PostgreSQL only,
   * where writes really run in parallel). `write(i, parent)` makes the i-th write; `check` asserts.
   */
  concurrency?: {
    parent(companyId: number): Promise<number>;
    write(i: number, parentId: number, send: Send): Promise<LightMyRequestResponse>;
    check(parentId: number): Promise<void>;
    writes?: number;
    rounds?: number;
  };
}

/** Every role of the map, the Câmara included: a resource it may not read answers it 403. */
const ROLES: Role[] = ["ADMIN", "MANAGER", "USER", "CAMARA"];
const allows = (access: Access | undefined, role: Role) => access !== undefined && passesGuard(role, access);
const onPostgres = !!process.env.TEST_DATABASE_URL;

/** Fields a write is expected to change by itself. */
const MOVING = new Set(["version", "updatedAt"]);

/**
 * One call proves a resource declared with defineResource against the contract of issue 10: every
 * role on every operation, another tenant's record a 404, bad input a 422, an unknown filter a 400,
 * a one-field PATCH that changes only that field, a stale PATCH a 409, and (children, on PostgreSQL)
 * the parent's aggregates exact under parallel writes.
 */
export function describeResourceContract(resource: Resource, options: ContractOptions) {
  const { api } = options;
  const base = `/api/${resource.name}`;
  const tenant = resource.scope.kind !== "shared";
  const send = { ADMIN: () => api.admin(), MANAGER: () => api.manager(), USER: () => api.user(), CAMARA: () => api.camara() } satisfies Record<Role, () => Send>;

  /** The demo company of an account (company 1: the manager's; company 2: the other user's). */
  async function companyOf(email: string): Promise<number> {
    const [row] = await api.ctx.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
    return row.companyId!;
  }
  const headersFor = (role: Role, companyId: number | null) => (role === "ADMIN" && tenant && companyId !== null ? { "x-company-id": String(companyId) } : {});

  /** Creates a record as ADMIN (in `companyId` for tenant resources). */
  async function createAsAdmin(companyId: number | null): Promise<Body & { id: number; version?: number }> {
    const res = await api.admin()({ method: "POST", url: base, headers: headersFor("ADMIN", companyId), payload: await options.validCreate(companyId) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  describe(`${base}: the resource contract`, () => {
    it("refuses every operation without a session with 401, before validating anything", async () => {
      const offered = [
        ["GET", base],
        ["GET", `${base}/1`],
        ...(resource.create && resource.access.create ? [["POST", base] as const] : []),
        ...(resource.updateSchema && resource.access.update ? [["PATCH", `${base}/1`] as const] : []),
        ...(resource.access.delete ? [["DELETE", `${base}/1`] as const] : []),
      ] as const;
      for (const [method, url] of offered) {
        const res = await api.anonymous()({ method, url, payload: method === "POST" || method === "PATCH" ? { nonsense: true } : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it("lets each role read and write exactly as declared (403 otherwise, checked before the body)", async () => {
      const companyId = tenant ? await companyOf("gestor@demo.local") : null;
      for (const role of ROLES) {
        const list = await send[role]()({ method: "GET", url: base, headers: headersFor(role, companyId) });
        expect(list.statusCode, `${role} GET`).toBe(allows(resource.access.read, role) ? 200 : 403);
        if (resource.create && resource.access.create) {
          const allowed = allows(resource.access.create, role);
          const created = await send[role]()({ method: "POST", url: base, headers: headersFor(role, companyId), payload: allowed ? await options.validCreate(companyId) : options.invalid.body });
          expect(created.statusCode, `${role} POST: ${created.body}`).toBe(allowed ? 201 : 403);
        }
      }
      if (!resource.create || !resource.access.create) return;
      const record = await createAsAdmin(companyId);
      for (const role of ROLES) {
        if (resource.updateSchema && resource.access.update) {
          const res = await send[role]()({ method: "PATCH", url: `${base}/${record.id}`, headers: headersFor(role, companyId), payload: allows(resource.access.update, role) ? options.patch : { nonsense: true } });
          expect(res.statusCode, `${role} PATCH: ${res.body}`).toBe(allows(resource.access.update, role) ? 200 : 403);
        }
      }
      for (const role of [...ROLES].reverse()) {
        if (!resource.access.delete) continue;
        const target = allows(resource.access.delete, role) ? await createAsAdmin(companyId) : record;
        const res = await send[role]()({ method: "DELETE", url: `${base}/${target.id}`, headers: headersFor(role, companyId) });
        expect(res.statusCode, `${role} DELETE: ${res.body}`).toBe(allows(resource.access.delete, role) ? 200 : 403);
      }
    });

    if (tenant && resource.create && resource.access.create) {
      it("answers 404 for another company's record on every operation, and never changes it", async () => {
        const foreign = await createAsAdmin(await companyOf("usuario2@demo.local"));
        const mine = api.manager();
        expect((await mine({ method: "GET", url: `${base}/${foreign.id}` })).statusCode).toBe(404);
        if (resource.updateSchema && allows(resource.access.update, "MANAGER")) {
          expect((await mine({ method: "PATCH", url: `${base}/${foreign.id}`, payload: options.patch })).statusCode).toBe(404);
        }
        if (allows(resource.access.delete, "MANAGER")) expect((await mine({ method: "DELETE", url: `${base}/${foreign.id}` })).statusCode).toBe(404);
        const list = (await mine({ method: "GET", url: `${base}?id=${foreign.id}` })).json() as Body[];
        expect(list).toEqual([]);
        const still = await api.admin()({ method: "GET", url: `${base}/${foreign.id}` });
        expect(still.json()).toEqual(foreign);
      });
    }

    if (resource.create && resource.access.create) {
      it("refuses invalid input with 422 and a pt-BR message on the field", async () => {
        const companyId = tenant ? await companyOf("gestor@demo.local") : null;
        const res = await api.admin()({ method: "POST", url: base, headers: headersFor("ADMIN", companyId), payload: options.invalid.body });
        expect(res.statusCode, res.body).toBe(422);
        expect(typeof res.json().errors?.[options.invalid.field], res.body).toBe("string");
      });
    }

    if (resource.list.search?.length) {
      it("backs every searchable field with its trigram index from the migrations, sampled for the planner's estimates", async () => {
        const indexes = searchIndexesOf(resource.list.search ?? []);
        const found = (await api.ctx.app.db.execute(
          sql`select c.relname as name, a.attnum as position, a.attstattarget as target, pg_get_indexdef(c.oid) as definition
              from pg_class c join pg_attribute a on a.attrelid = c.oid where c.relname in ${indexes.map((index) => index.name)}`,
        )) as unknown as { rows: { name: string; position: number; target: number; definition: string }[] };
        for (const index of indexes) {
          const sampled = found.rows.find((row) => row.name === index.name && row.position === index.sampled);
          expect(sampled?.target, index.name).toBe(SEARCH_STATISTICS);
          // A tenant table's index leads with company_id, so one municipality's search stays within its rows.
          expect(sampled?.definition, index.name).toMatch(index.tenant ? /gin \(company_id, f_unaccent/ : /gin \(f_unaccent/);
        }
      });
    }

    it("refuses an unknown filter and an unknown sort with 400, also for names of Object.prototype", async () => {
      for (const query of ["nope=1", "constructor=1", "hasOwnProperty_like=x", "_sort=toString", "_sort=nope"]) {
        const res = await api.admin()({ method: "GET", url: `${base}?${query}` });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message, query).toMatch(/desconhecid/);
      }
      // The query parser drops `__proto__` itself: the list answers as if it were absent.
      expect((await api.admin()({ method: "GET", url: `${base}?__proto__=x` })).statusCode).toBe(200);
    });

    if (resource.updateSchema && resource.access.update) {
      it("changes exactly the field a PATCH sends, and counts the version up", async () => {
        const companyId = tenant ? await companyOf("gestor@demo.local") : null;
        const created = await createAsAdmin(companyId);
        const res = await api.admin()({ method: "PATCH", url: `${base}/${created.id}`, headers: headersFor("ADMIN", companyId), payload: options.patch });
        expect(res.statusCode, res.body).toBe(200);
        const after = res.json() as Body;
        for (const [key, value] of Object.entries(created)) {
          if (MOVING.has(key) || key in options.patch || options.derived?.includes(key)) continue;
          expect(after[key], key).toEqual(value);
        }
        if ("version" in created) expect(after.version).toBe((created.version as number) + 1);
      });

      it("refuses a PATCH based on an older version with 409 and keeps the newer data", async () => {
        const companyId = tenant ? await companyOf("gestor@demo.local") : null;
        const created = await createAsAdmin(companyId);
        if (!("version" in created)) return;
        const url = `${base}/${created.id}`;
        const headers = headersFor("ADMIN", companyId);
        const first = await api.admin()({ method: "PATCH", url, headers, payload: { ...options.patch, version: created.version } });
        expect(first.statusCode, first.body).toBe(200);
        const stale = await api.admin()({ method: "PATCH", url, headers, payload: { ...options.patch, version: created.version } });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toMatch(/alterado por outra pessoa/);
        expect((await api.admin()({ method: "GET", url, headers })).json()).toEqual(first.json());
      });
    }

    const concurrency = options.concurrency;
    if (concurrency) {
      it.runIf(onPostgres)("keeps the parent's aggregates exact under parallel writes (PostgreSQL)", async () => {
        const companyId = await companyOf("gestor@demo.local");
        for (let round = 0; round < (concurrency.rounds ?? 5); round++) {
          const parentId = await concurrency.parent(companyId);
          const results = await Promise.all(Array.from({ length: concurrency.writes ?? 40 }, (_, i) => concurrency.write(i, parentId, api.manager())));
          for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500);
          await concurrency.check(parentId);
        }
      });
    }
  });
}
