import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { createTestContext, type TestContext } from "../support/api";
import { PUBLIC_ROUTES, refuseUndeclaredRoutes } from "../../server/auth/access";
import { GUARD_NAMES } from "../../src/domain/guards";
import { is, sql } from "drizzle-orm";
import { PgColumn } from "drizzle-orm/pg-core";
import { declaredLists } from "../../server/resources/declared";
import { SEARCH_STATISTICS, searchIndexesOf } from "../../server/resources/search-indexes";

/** Issue 30: a route that is not declared does not exist; every declared one is described. */
describe("every private API route is declared through the engine", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it("enumerates every /api route: each is public (listed in one place) or declared with a guard of the role map and a scope", () => {
    const routes = ctx.app.apiRoutes.filter((route) => route.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(150);
    const undeclared = routes.filter((route) => !route.public && !route.declared);
    expect(undeclared).toEqual([]);
    for (const route of routes.filter((r) => r.declared)) {
      expect(GUARD_NAMES, `${route.method} ${route.url}`).toContain(route.declared!.guard);
      expect(["tenant", "shared", "child", "company", "session"], `${route.method} ${route.url}`).toContain(route.declared!.scope);
    }
  });

  it("lists no public route that is not registered", () => {
    const urls = new Set(ctx.app.apiRoutes.map((route) => route.url));
    for (const entry of PUBLIC_ROUTES) expect([...urls].some((url) => url === entry || (entry.endsWith("/") && url.startsWith(entry))), entry).toBe(true);
  });

  it("describes a response schema in the OpenAPI document for every declared route", () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown; description?: string }> }>> };
    const missing: string[] = [];
    for (const route of ctx.app.apiRoutes.filter((r) => r.declared && r.method !== "HEAD")) {
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      const operation = spec.paths[path]?.[route.method.toLowerCase()];
      const responses = Object.entries(operation?.responses ?? {}).filter(([status]) => /^2/.test(status));
      if (responses.length === 0) missing.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
  });

  it("finds, for every searchable field of every declared list, its trigram index made by the migrations, sampled for the planner", async () => {
    const lists = declaredLists(ctx.app.apiRoutes);
    expect(lists.length).toBeGreaterThan(20);
    const wanted = lists.flatMap((list) => searchIndexesOf((list.listSpec.search ?? []).filter((column) => is(column, PgColumn))));
    const found = (await ctx.app.db.execute(
      sql`select c.relname as name, a.attnum as position, a.attstattarget as target from pg_class c join pg_attribute a on a.attrelid = c.oid where c.relkind = 'i'`,
    )) as unknown as { rows: { name: string; position: number; target: number | null }[] };
    const missing = wanted.filter((index) => found.rows.find((row) => row.name === index.name && row.position === index.sampled)?.target !== SEARCH_STATISTICS);
    expect(missing.map((index) => index.name)).toEqual([]);
  });

  it("refuses to start a server that registers a private route outside the engine", async () => {
    const app = Fastify();
    refuseUndeclaredRoutes(app);
    await expect(
      app.register(async (scope) => {
        scope.get("/api/secret-report", async () => ({ everything: true }));
      }, {}).ready(),
    ).rejects.toThrow(/não foi declarada/);
    await app.close();
  });
});
