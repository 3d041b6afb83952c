import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { companies, syncSourceFreshness } from "../../server/db/schema";
import { recordFreshness } from "../../server/sync/transferegov/service";
import { screenUrl } from "../../src/domain/admin-screens";
import type { DeadlineCenter, DeadlineItem } from "../../src/domain/deadlines";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { SJC } from "../support/transferegov/recorded";

/**
 * Issue 32 item 5: a Transferegov source that stops feeding a client is a deadline-center item for
 * the consultancy and the municipality — the last read failed (with its reason in pt-BR), the product
 * has not read it for more than a night, or the source itself stopped publishing.
 */

let ctx: TestContext;
let manager: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let sjcId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = as(ctx.app, await sessionCookie(ctx.app, "gestor@demo.local"));
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  sjcId = (await ctx.database.db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, SJC.cnpj)))[0].id;
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.database.db.delete(syncSourceFreshness).where(eq(syncSourceFreshness.companyId, sjcId));
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
/** The source's own date as the API writes it: Brasília's wall-clock time, no offset. */
const sourceDate = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19);
const brasilia = (at: Date) =>
  new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(at).replace(", ", " ");
const sourceItems = async () => {
  const res = await manager({ method: "GET", url: "/api/deadlines" });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DeadlineCenter).items.filter((item: DeadlineItem) => item.kind === "sync-source");
};

// Whole syncs of a client: minutes, not seconds, when the browser suite runs beside it on two cores.
describe("stale or failing Transferegov sources in the deadline center", { timeout: 180_000 }, () => {
  it("says which source failed and why, in pt-BR, when the last read failed after the last success", async () => {
    await recordFreshness(ctx.database.db, sjcId, "especiais", { sourceUpdatedAt: sourceDate(hoursAgo(20)), lastSuccessAt: hoursAgo(30) });
    await recordFreshness(ctx.database.db, sjcId, "especiais", { lastFailureAt: hoursAgo(2), lastFailure: "O Transferegov não respondeu depois de 5 tentativas (HTTP 503): /especiais/planos-acao-especiais." });
    const [item, ...rest] = await sourceItems();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      key: "sync-source:especiais:failure",
      what: "Falha na leitura de Transferegov · transferências especiais",
      title: "O Transferegov não respondeu depois de 5 tentativas (HTTP 503): /especiais/planos-acao-especiais.",
      overdue: true,
      status: "failure",
      path: screenUrl("imposition-transfers", "list"),
    });
  });

  it("names a source not read for more than a night and a half, with the day and time of its last read", async () => {
    const last = hoursAgo(50);
    await recordFreshness(ctx.database.db, sjcId, "fundoafundo", { sourceUpdatedAt: sourceDate(hoursAgo(52)), lastSuccessAt: last, rowsRead: 12 });
    const items = await sourceItems();
    expect(items).toEqual([
      expect.objectContaining({ key: "sync-source:fundoafundo:stale", what: `Fonte Transferegov · fundo a fundo sem atualização desde ${brasilia(last)}`, path: screenUrl("fund-to-fund-transfers", "list"), overdue: true }),
    ]);
    expect(items[0].daysLeft).toBeLessThanOrEqual(-1);
  });

  it("names a source whose own publication date has not moved for a week, though the product reads it every night", async () => {
    const published = hoursAgo(24 * 9);
    await recordFreshness(ctx.database.db, sjcId, "especiais", { sourceUpdatedAt: sourceDate(published), lastSuccessAt: hoursAgo(3) });
    expect(await sourceItems()).toEqual([expect.objectContaining({ key: "sync-source:especiais:source-stale", what: `Fonte Transferegov · transferências especiais sem atualização desde ${brasilia(published)}` })]);
  });

  it("shows nothing for fresh sources, a success after an old failure, or a client whose nightly sync is off", async () => {
    await recordFreshness(ctx.database.db, sjcId, "especiais", { sourceUpdatedAt: sourceDate(hoursAgo(20)), lastSuccessAt: hoursAgo(4), lastFailureAt: hoursAgo(30), lastFailure: "HTTP 503" });
    await recordFreshness(ctx.database.db, sjcId, "fundoafundo", { sourceUpdatedAt: sourceDate(hoursAgo(20)), lastSuccessAt: hoursAgo(4) });
    expect(await sourceItems()).toEqual([]);

    await recordFreshness(ctx.database.db, sjcId, "fundoafundo", { lastFailureAt: hoursAgo(1), lastFailure: "HTTP 503" });
    expect(await sourceItems()).toHaveLength(1);
    await ctx.database.db.execute(sql`update companies set parametrization = coalesce(parametrization, '{}'::jsonb) || '{"transferegovSyncEnabled": false}'::jsonb where id = ${sjcId}`);
    try {
      expect(await sourceItems()).toEqual([]);
    } finally {
      await ctx.database.db.execute(sql`update companies set parametrization = parametrization - 'transferegovSyncEnabled' where id = ${sjcId}`);
    }
  });

  it("shows the consultancy the chosen client's sources, and nothing before a client is chosen", async () => {
    await recordFreshness(ctx.database.db, sjcId, "especiais", { lastFailureAt: hoursAgo(1), lastFailure: "HTTP 503" });
    const none = (await admin({ method: "GET", url: "/api/deadlines" })).json() as DeadlineCenter;
    expect(none.items).toEqual([]);
    const freshness = await admin({ method: "GET", url: `/api/sync/freshness?companyId=${sjcId}` });
    expect(freshness.json()).toEqual([expect.objectContaining({ source: "especiais", lastFailure: "HTTP 503" })]);
  });
});
