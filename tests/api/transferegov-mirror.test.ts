import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { companies, impositionTransfers, transferAccountBalances, transferAccountEntries, transferAccountSubtransactions, transferReturns, transferegovMirrorRows, transferegovMirrorTables, workPlanAnalyses, workPlanPendingBodies } from "../../server/db/schema";
import { createTransferegovClient, type TransferegovClient } from "../../server/sync/transferegov/client";
import { fetchEspeciais } from "../../server/sync/transferegov/especiais";
import { MIRRORED_TABLES, freshMirrorVersion, mirrorBackedClient, refreshMirror } from "../../server/sync/transferegov/mirror";
import { pathsOf } from "../../server/sync/transferegov/tables";
import type { SyncRun } from "../../src/domain/sync";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { complete, recordedTransferegov, SJC } from "../support/transferegov/recorded";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

let ctx: TestContext;
let server: RecordedServer;
let admin: ReturnType<typeof as>;
let sjcId: number;
let client: TransferegovClient;

beforeAll(async () => {
  server = await startRecordedTransferegov(recordedTransferegov());
  ctx = await createTestContext({ env: { TRANSFEREGOV_API_URL: server.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
  // The demo's analyses and statements stand in for a sync that never ran: the recorded source's sync is the first.
  for (const table of [workPlanAnalyses, workPlanPendingBodies, transferAccountSubtransactions, transferAccountEntries, transferAccountBalances, transferReturns]) await ctx.database.db.delete(table);
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  sjcId = (await ctx.database.db.select({ id: companies.id }).from(companies).where(eq(companies.cnpj, SJC.cnpj)))[0].id;
  // A dropped keep-alive connection to the stand-in is tried again at once (no pause in tests).
  client = createTransferegovClient({ baseUrl: server.url, requestsPerMinute: 600_000, maxAttempts: 3, sleep: async () => undefined });
});

afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

const db = () => ctx.database.db;
const PLANS = "especiais/planos_acao_especiais" as const;
const plansPath = `/${pathsOf(PLANS)[0]}`;
/** Requests the stand-in received since `from`, for one path. */
const requestsTo = (path: string, from = 0) => server.requests.slice(from).filter((request) => request.split("?")[0] === path);
const mirroredPaths = new Set(MIRRORED_TABLES.map((table) => `/${pathsOf(table)[0]}`));
const mirrorCount = async (table: string) => (await db().select({ n: sql<number>`count(*)::int` }).from(transferegovMirrorRows).where(eq(transferegovMirrorRows.tableName, table)))[0].n;

async function syncNow(companyId: number): Promise<SyncRun> {
  const res = await admin({ method: "POST", url: "/api/sync/transferegov", payload: { companyId } });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as { id: number };
  for (let i = 0; i < 1200; i++) {
    const run = (await admin({ method: "GET", url: `/api/sync-runs/${id}` })).json() as SyncRun;
    if (run.status === "succeeded" || run.status === "failed") return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("a sincronização não terminou");
}

describe("the national mirror of the single-valued especiais tables", { timeout: 240_000 }, () => {
  it("reads a table whole in pages of 200 and, cut off mid-table, continues from its cursor without duplicates", async () => {
    const stop = new AbortController();
    const from = server.requests.length;
    // Killed after the first page of the plans (two pages: São José dos Campos has more than 200).
    await expect(
      refreshMirror(db(), client, {
        signal: stop.signal,
        onProgress: ({ table, page }) => {
          if (table === PLANS && page === 1) stop.abort();
        },
      }),
    ).rejects.toThrow(/interrompida em especiais\/planos_acao_especiais, página 2/);
    const [cursor] = await db().select().from(transferegovMirrorTables).where(eq(transferegovMirrorTables.tableName, PLANS));
    expect(cursor).toMatchObject({ nextPage: 2, totalPages: 2, completedAt: null });
    expect(await mirrorCount(PLANS)).toBe(200);
    expect(requestsTo(plansPath, from).every((request) => /pagina=1&tamanho_da_pagina=200$/.test(request) && !request.includes("id_"))).toBe(true);
    // Nothing answers from a mirror that is not whole.
    expect(await freshMirrorVersion(db(), client)).toBeNull();

    const rerun = server.requests.length;
    const refresh = await refreshMirror(db(), client);
    expect(refresh.sourceVersion).toBe(server.freshness.especiais);
    // The rerun asked only the plans' second page, then read the tables not read yet.
    expect(requestsTo(plansPath, rerun)).toEqual([`${plansPath}?pagina=2&tamanho_da_pagina=200`]);
    const sourcePlans = server.tables[PLANS]!;
    expect(await mirrorCount(PLANS)).toBe(new Set(sourcePlans.map((plan) => plan.id_plano_acao)).size);
    for (const table of MIRRORED_TABLES) {
      const [done] = await db().select().from(transferegovMirrorTables).where(eq(transferegovMirrorTables.tableName, table));
      expect(done.completedAt, table).not.toBeNull();
    }
    expect(await freshMirrorVersion(db(), client)).toBe(server.freshness.especiais);
  });

  it("writes nothing and asks only data-atualizacao when the source has not moved since the last whole read", async () => {
    const before = client.requests;
    const refresh = await refreshMirror(db(), client);
    expect(client.requests - before).toBe(1);
    expect(refresh.tables.every((table) => table.pages === 0 && table.rowsWritten === 0)).toBe(true);
  });

  it("derives from the mirror exactly the chain the per-plan path reads, without one request to a mirrored table", async () => {
    const noProgress = () => undefined;
    const perPlan = await fetchEspeciais(client, SJC.cnpj, noProgress);
    const from = server.requests.length;
    const mirrored = await fetchEspeciais(mirrorBackedClient(db(), client), SJC.cnpj, noProgress);
    const asked = server.requests.slice(from).map((request) => request.split("?")[0]);
    expect(asked.filter((path) => mirroredPaths.has(path))).toEqual([]);
    // Only what the API filters by the municipality's CNPJ is still asked: the bank statement and the returns.
    expect(new Set(asked)).toEqual(new Set(["/especiais/gestao-financeira-lancamentos-especiais", "/especiais/devolucao-especiais"]));
    expect(mirrored.plans.length).toBe(SJC.plans);
    expect(mirrored).toEqual(perPlan);
  });

  it("syncs a client from the fresh mirror, and per plan once data-atualizacao has moved, to the same records", async () => {
    const from = server.requests.length;
    const run = await syncNow(sjcId);
    expect(run.status, run.error ?? "").toBe("succeeded");
    expect(server.requests.slice(from).filter((request) => mirroredPaths.has(request.split("?")[0]))).toEqual([]);
    expect(run.counts.created).toBeGreaterThan(SJC.plans);
    const transfers = await db().select({ id: impositionTransfers.id }).from(impositionTransfers).where(and(eq(impositionTransfers.companyId, sjcId), eq(impositionTransfers.source, "transferegov_especiais")));
    expect(transfers).toHaveLength(SJC.plans);

    // The source reloaded: the mirror no longer answers, the sync asks per plan (one request per plan for the work plans)…
    server.freshness.especiais = "2026-08-04T06:02:11";
    const perPlanFrom = server.requests.length;
    const perPlan = await syncNow(sjcId);
    expect(perPlan.status, perPlan.error ?? "").toBe("succeeded");
    expect(requestsTo("/especiais/planos-trabalho-especiais", perPlanFrom)).toHaveLength(SJC.plans);
    // …and finds every record the mirror had derived exactly as it is.
    expect(perPlan.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });

  it("refuses a row the whole-table read cannot file, and removes what the source no longer has after a whole read of the new version", async () => {
    const orphan = complete(PLANS, { id_plano_acao: 999_999_001, codigo_plano_acao: "09032026-999", id_beneficiario: null });
    server.leak(PLANS, [orphan]);
    const gone = server.tables[PLANS]!.pop()!;
    try {
      const refresh = await refreshMirror(db(), client);
      const plans = refresh.tables.find((table) => table.table === PLANS)!;
      // The leaked row (answered after the table's rows) has no beneficiary to be looked up by.
      expect(plans.rowsRefused).toBe(1);
      expect(plans.rowsRemoved).toBe(1);
      const keys = (await db().select({ key: transferegovMirrorRows.rowKey }).from(transferegovMirrorRows).where(eq(transferegovMirrorRows.tableName, PLANS))).map((row) => row.key);
      expect(keys).not.toContain("999999001");
      expect(keys).not.toContain(String(gone.id_plano_acao));
      expect(keys).toHaveLength(server.tables[PLANS]!.length);
    } finally {
      server.leak(PLANS, []);
      server.tables[PLANS]!.push(gone);
    }
  });
});
