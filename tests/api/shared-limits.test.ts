import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";
import { countHit } from "../../server/limits/shared-store";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Two instances of the app on one PostgreSQL database, as behind a load balancer: each has its own
 * process state (here its own app and connection pool), and only the database is shared.
 */
describe.skipIf(!serverUrl)("rate limits shared by instances over one PostgreSQL", () => {
  let ctx: TestContext;
  let secondDatabase: Database;
  let second: App;
  beforeAll(async () => {
    ctx = await createTestContext({ sharedLimits: true });
    const url = new URL(serverUrl!);
    url.pathname = `/${ctx.databaseName}`;
    secondDatabase = await openDatabase({ databaseUrl: url.toString() });
    second = await buildApp({ config: ctx.app.config, db: secondDatabase.db, identity: ctx.identity, sharedLimits: true });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await ctx?.close();
  });

  const wrongSignIn = (app: App, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { firebaseIdToken: "token-invalido" } });

  it("wrong sign-ins spread over both instances hit the same limit as on one (30 a minute per address)", async () => {
    const instances = [ctx.app, second];
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await wrongSignIn(instances[i % 2], "198.51.100.7")).statusCode);
    expect(statuses).toEqual(Array(30).fill(401));
    // The 31st is refused by whichever instance gets it: each saw only 15, the database saw 30.
    const refusedHere = await wrongSignIn(ctx.app, "198.51.100.7");
    const refusedThere = await wrongSignIn(second, "198.51.100.7");
    for (const res of [refusedHere, refusedThere]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Muitas tentativas/);
    }
    // Another address has its own count.
    expect((await wrongSignIn(second, "198.51.100.8")).statusCode).toBe(401);
  });

  it("a stricter route keeps its own limit across both (5 password-reset requests a minute)", async () => {
    const forgot = (app: App) =>
      app.inject({ method: "POST", url: "/api/auth/forgot-password", remoteAddress: "198.51.100.9", payload: { email: "ninguem@exemplo.gov.br" } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(i % 2 ? second : ctx.app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("a MANAGER probing taken e-mails through both instances is stopped after 10 refusals in all, not 10 on each", async () => {
    // Sessions live in the database: one sign-in serves on either instance.
    const cookie = await sessionCookie(ctx.app, "gestor@demo.local");
    const instances = [as(ctx.app, cookie), as(second, cookie)];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await instances[i % 2]({ method: "POST", url: "/api/users", payload: { name: "Repetida", email: "USUARIO@demo.local" } })).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(409));
    for (const instance of instances) {
      const res = await instance({ method: "POST", url: "/api/users", payload: { name: "Repetida", email: "usuario@demo.local" } });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/Muitos e-mails recusados/);
    }
  });

  it("counts hits made at the same moment exactly once each", async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countHit(ctx.database.db, "teste|concorrente", 60_000)));
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const { ttl } of counts) expect(ttl).toBeGreaterThan(50_000);
  });

  it("starts a key over once its window has passed", async () => {
    // A window long enough for two hits on a busy machine, short enough to wait out.
    expect((await countHit(ctx.database.db, "teste|janela", 1500)).current).toBe(1);
    expect((await countHit(ctx.database.db, "teste|janela", 1500)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const after = await countHit(ctx.database.db, "teste|janela", 1500);
    expect(after.current).toBe(1);
    expect(after.ttl).toBeLessThanOrEqual(1500);
  });
});
