import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { companies, fundTransferPlans, impositionTransfers, transactionPayments, transferAccountBalances, transferAccountEntries, transferAccountSubtransactions, transferReturns, workPlanAnalyses, workPlanPendingBodies } from "../../server/db/schema";
import type { SyncRun } from "../../src/domain/sync";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { complete, recordedTransferegov, CAMPINAS, SJC } from "../support/transferegov/recorded";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

let ctx: TestContext;
let server: RecordedServer;
let admin: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let user: ReturnType<typeof as>;
let sjcId: number;
let campinasId: number;

beforeAll(async () => {
  server = await startRecordedTransferegov(recordedTransferegov());
  ctx = await createTestContext({ env: { TRANSFEREGOV_API_URL: server.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
  // The demo's work-plan analyses and account statements stand in for a sync that never ran (the risk
  // queue's and the money trail's seeds): here the recorded source's sync is the first, so its counts
  // start from empty tables.
  for (const table of [workPlanAnalyses, workPlanPendingBodies, transferAccountSubtransactions, transferAccountEntries, transferAccountBalances, transferReturns]) await ctx.database.db.delete(table);
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  manager = as(ctx.app, await sessionCookie(ctx.app, "gestor@demo.local"));
  user = as(ctx.app, await sessionCookie(ctx.app, "usuario@demo.local"));
  const rows = await ctx.database.db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies);
  sjcId = rows.find((r) => r.cnpj === SJC.cnpj)!.id;
  campinasId = rows.find((r) => r.cnpj === CAMPINAS.cnpj)!.id;
});

afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

/** Asks for a sync and waits until its run has finished; answers the run. */
async function syncNow(client: ReturnType<typeof as>, companyId: number): Promise<SyncRun> {
  const res = await client({ method: "POST", url: "/api/sync/transferegov", payload: { companyId } });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as { id: number };
  for (let i = 0; i < 600; i++) {
    const run = (await client({ method: "GET", url: `/api/sync-runs/${id}` })).json() as SyncRun;
    if (run.status === "succeeded" || run.status === "failed") return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("a sincronização não terminou");
}

const db = () => ctx.database.db;
const rowsOf = async (query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: unknown[] }).rows;
const synced = (companyId: number) =>
  db()
    .select()
    .from(impositionTransfers)
    .where(and(eq(impositionTransfers.companyId, companyId), eq(impositionTransfers.source, "transferegov_especiais")))
    .orderBy(impositionTransfers.nrTransfer);

// A whole sync of a client per test (about 1,400 recorded answers with the work plans' analyses): minutes, not
// seconds, when the browser suite runs beside it on two cores.
describe("Transferegov sync of one municipality", { timeout: 180_000 }, () => {
  it("brings the municipality's emendas PIX (two pages of plans), their payment chain and its fundo a fundo plans", async () => {
    const run = await syncNow(admin, sjcId);
    expect(run).toMatchObject({ status: "succeeded", source: "transferegov", companyId: sjcId, companyName: "São José dos Campos", trigger: "manual", error: null });
    const recorded = server.tables;
    const sjcPlans = recorded["especiais/planos_acao_especiais"]!.filter((p) => p.id_beneficiario === SJC.idBeneficiario);
    expect(sjcPlans.length).toBeGreaterThan(200);

    const transfers = await synced(sjcId);
    expect(transfers).toHaveLength(sjcPlans.length);
    const first = transfers.find((t) => t.nrTransfer === sjcPlans[0].codigo_plano_acao)!;
    expect(first).toMatchObject({
      year: sjcPlans[0].ano_plano_acao,
      situation: "CIENTE",
      amendmentNumber: String(sjcPlans[0].numero_emenda_parlamentar_plano_acao),
      parliamentarianName: sjcPlans[0].nome_parlamentar_emenda_plano_acao,
      programCode: "0903",
      grantorAcronym: "MF",
      grantorName: "MINISTÉRIO DA FAZENDA",
      externalId: String(sjcPlans[0].id_plano_acao),
      isPublic: true,
      sourceMissingSince: null,
    });
    expect(Number(first.costingValue) + Number(first.investmentValue)).toBe(Number(sjcPlans[0].valor_custeio_plano_acao) + Number(sjcPlans[0].valor_investimento_plano_acao));
    expect(first.executionStart).toBe(recorded["especiais/planos_trabalho_especiais"]!.find((w) => w.id_plano_acao === sjcPlans[0].id_plano_acao)!.data_inicio_execucao_plano_trabalho);
    expect(first.raw).toMatchObject({ plano_acao: { id_plano_acao: sjcPlans[0].id_plano_acao } });
    expect(first.syncedAt).not.toBeNull();

    // Payments: an empenho is a commitment, an OB a bank order valued at its DH's valor_dh; totals follow.
    const payments = await db().select().from(transactionPayments).where(eq(transactionPayments.impositionTransferId, first.id));
    const empenho = recorded["especiais/empenhos_especiais"]!.find((e) => e.id_plano_acao === sjcPlans[0].id_plano_acao)!;
    const dh = recorded["especiais/documentos_habeis_especiais"]!.find((d) => d.id_empenho === empenho.id_empenho)!;
    const ob = recorded["especiais/ordens_pagamentos_ordens_bancarias_especiais"]!.find((o) => o.id_dh === dh.id_dh)!;
    expect(payments.map((p) => [p.kind, p.documentNumber, p.amount, p.status, p.externalId]).sort()).toEqual(
      [
        ["BANK_ORDER", ob.numero_ordem_bancaria, Number(dh.valor_dh).toFixed(2), "EFETIVADO", `op_ob:${ob.id_op_ob}`],
        ["COMMITMENT", empenho.numero_empenho, Number(empenho.valor_empenho).toFixed(2), "EFETIVADO", `empenho:${empenho.id_empenho}`],
      ].sort(),
    );
    expect(first.committedValue).toBe(Number(empenho.valor_empenho).toFixed(2));
    expect(first.paidValue).toBe(Number(dh.valor_dh).toFixed(2));

    const funds = await db().select().from(fundTransferPlans).where(and(eq(fundTransferPlans.companyId, sjcId), isNotNull(fundTransferPlans.source)));
    expect(funds).toHaveLength(SJC.fundPlans);
    expect(funds[0]).toMatchObject({ source: "transferegov_fundoafundo", managementReportStatus: "PARCIAL · EM_ELABORACAO" });
    expect(Number(funds[0].committedValue)).toBeGreaterThan(0);

    // Every row the run created: the transfers, the fund plans, the payment chain, the money trail of the emendas' accounts and their work plans' analyses.
    const trail = await Promise.all(
      [transferAccountEntries, transferAccountSubtransactions, transferAccountBalances, transferReturns, workPlanAnalyses, workPlanPendingBodies].map(async (table) => (await db().select({ id: table.id }).from(table).where(eq(table.companyId, sjcId))).length),
    );
    expect(run.counts.created).toBe(transfers.length + funds.length + (await db().select({ id: transactionPayments.id }).from(transactionPayments).where(eq(transactionPayments.source, "transferegov_especiais"))).length + trail.reduce((a, b) => a + b, 0));
    expect(run.counts).toMatchObject({ updated: 0, unchanged: 0, failed: 0 });

    // The list screen reads them like any other transfer.
    const list = await manager({ method: "GET", url: `/api/imposition-transfers?nrTransfer=${encodeURIComponent(String(sjcPlans[0].codigo_plano_acao))}` });
    expect(list.json()).toHaveLength(1);
  });

  it("never lands a row of another municipality, even when the source answers one", async () => {
    // The source slips a plan of Campinas into São José dos Campos' answer, and a fundo a fundo plan too.
    const foreignPlan = server.tables["especiais/planos_acao_especiais"]!.find((p) => p.id_beneficiario === CAMPINAS.idBeneficiario)!;
    const foreignFund = server.tables["fundoafundo/planos-acao"]!.find((p) => p.cnpj_ente_recebedor_plano_acao === CAMPINAS.cnpj)!;
    server.leak("especiais/planos_acao_especiais", [foreignPlan]);
    server.leak("fundoafundo/planos-acao", [foreignFund]);
    const run = await syncNow(admin, sjcId);
    expect(run.status).toBe("succeeded");
    expect(run.counts.skipped).toBeGreaterThanOrEqual(2);
    const landed = await db().select({ companyId: impositionTransfers.companyId }).from(impositionTransfers).where(eq(impositionTransfers.nrTransfer, String(foreignPlan.codigo_plano_acao)));
    expect(landed).toEqual([]);
    const landedFund = await db().select({ id: fundTransferPlans.id }).from(fundTransferPlans).where(eq(fundTransferPlans.codPlan, String(foreignFund.codigo_plano_acao)));
    expect(landedFund).toEqual([]);
    expect(await synced(campinasId)).toEqual([]);
    server.leak("especiais/planos_acao_especiais", []);
  });

  it("changes nothing on a second run with the same source: no row written, not even its update time", async () => {
    const transfersNow = () => rowsOf(sql`select id, updated_at, synced_at, committed_value, paid_value from imposition_transfers where company_id = ${sjcId} order by id`);
    const paymentsNow = () => rowsOf(sql`select id, updated_at from transaction_payments where company_id = ${sjcId} order by id`);
    const before = await transfersNow();
    const paymentsBefore = await paymentsNow();
    const run = await syncNow(admin, sjcId);
    expect(run.status).toBe("succeeded");
    expect(run.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(run.counts.unchanged).toBeGreaterThan(200);
    expect(await transfersNow()).toEqual(before);
    expect(await paymentsNow()).toEqual(paymentsBefore);
  });

  it("keeps what the municipality edited by hand (notes, public flag) while the source's values change", async () => {
    const [target] = await synced(sjcId);
    const edit = await manager({ method: "PATCH", url: `/api/imposition-transfers/${target.id}`, payload: { internalNotes: "Conferido com a secretaria de obras.", isPublic: false, legislativeNotifiedAt: "2025-04-10" } });
    expect(edit.statusCode, edit.body).toBe(200);
    const plan = server.tables["especiais/planos_acao_especiais"]!.find((p) => String(p.codigo_plano_acao) === target.nrTransfer)!;
    const original = { ...plan };
    Object.assign(plan, { valor_investimento_plano_acao: Number(plan.valor_investimento_plano_acao) + 10_000, nome_objeto: "Recapeamento da Avenida Andrômeda" });
    const run = await syncNow(admin, sjcId);
    expect(run.counts.updated).toBe(1);
    const [after] = await db().select().from(impositionTransfers).where(eq(impositionTransfers.id, target.id));
    expect(after).toMatchObject({ objectName: "Recapeamento da Avenida Andrômeda", internalNotes: "Conferido com a secretaria de obras.", isPublic: false, legislativeNotifiedAt: "2025-04-10" });
    expect(Number(after.investmentValue)).toBe(Number(original.valor_investimento_plano_acao) + 10_000);
    Object.assign(plan, original);
    await syncNow(admin, sjcId);
  });

  it("marks what the source no longer has, never deletes it, and stops counting its payments", async () => {
    const plans = server.tables["especiais/planos_acao_especiais"]!;
    const index = plans.findIndex((p) => p.id_beneficiario === SJC.idBeneficiario && server.tables["especiais/empenhos_especiais"]!.some((e) => e.id_plano_acao === p.id_plano_acao));
    const [gone] = plans.splice(index, 1);
    const obIndex = server.tables["especiais/ordens_pagamentos_ordens_bancarias_especiais"]!.findIndex((o) =>
      server.tables["especiais/documentos_habeis_especiais"]!.some((d) => d.id_dh === o.id_dh && server.tables["especiais/empenhos_especiais"]!.some((e) => e.id_empenho === d.id_empenho && e.id_plano_acao !== gone.id_plano_acao)),
    );
    const [goneOb] = server.tables["especiais/ordens_pagamentos_ordens_bancarias_especiais"]!.splice(obIndex, 1);
    const run = await syncNow(admin, sjcId);
    expect(run.status).toBe("succeeded");
    const [kept] = await db().select().from(impositionTransfers).where(and(eq(impositionTransfers.companyId, sjcId), eq(impositionTransfers.nrTransfer, String(gone.codigo_plano_acao))));
    expect(kept.sourceMissingSince).not.toBeNull();
    const [ob] = await db().select().from(transactionPayments).where(eq(transactionPayments.externalId, `op_ob:${goneOb.id_op_ob}`));
    expect(ob.sourceMissingSince).not.toBeNull();
    const [paidTransfer] = await db().select().from(impositionTransfers).where(eq(impositionTransfers.id, ob.impositionTransferId!));
    expect(paidTransfer.paidValue).toBe("0.00");
    expect(run.details.entities?.["Transferências especiais"]?.missing).toBe(1);
    // Back in the source: the mark goes away and the money counts again.
    plans.splice(index, 0, gone);
    server.tables["especiais/ordens_pagamentos_ordens_bancarias_especiais"]!.splice(obIndex, 0, goneOb);
    await syncNow(admin, sjcId);
    const [back] = await db().select().from(impositionTransfers).where(eq(impositionTransfers.id, kept.id));
    expect(back.sourceMissingSince).toBeNull();
    const [repaid] = await db().select().from(impositionTransfers).where(eq(impositionTransfers.id, paidTransfer.id));
    expect(Number(repaid.paidValue)).toBeGreaterThan(0);
  });

  it("counts a row it cannot store as failed and stores the rest", async () => {
    const bad = complete("especiais/planos_acao_especiais", { id_plano_acao: 999_001, codigo_plano_acao: "0903-ERRADO", ano_plano_acao: 2025, situacao_plano_acao: "CIENTE", id_beneficiario: SJC.idBeneficiario });
    server.tables["especiais/planos_acao_especiais"]!.push(bad);
    const run = await syncNow(admin, sjcId);
    expect(run.status).toBe("succeeded");
    expect(run.counts.failed).toBe(1);
    expect(run.details.problems?.[0]).toMatch(/0903-ERRADO/);
    server.tables["especiais/planos_acao_especiais"]!.pop();
  });

  it("fails the run with a pt-BR message and writes nothing when the source stays down", async () => {
    const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(impositionTransfers).where(eq(impositionTransfers.companyId, campinasId)))[0].n;
    const before = await count();
    server.fail("/fundoafundo/planos-acao", ...Array.from({ length: 5 }, () => ({ status: 503, headers: { "retry-after": "0" } })));
    const run = await syncNow(admin, campinasId);
    expect(run.status).toBe("failed");
    expect(run.error).toBe("O Transferegov não respondeu depois de 5 tentativas (HTTP 503): /fundoafundo/planos-acao.");
    expect(await count()).toBe(before);
  });

  it("lets a MANAGER sync only their own municipality; USER and anonymous may not; bad input is a 4xx in pt-BR", async () => {
    expect((await manager({ method: "POST", url: "/api/sync/transferegov", payload: { companyId: campinasId } })).statusCode).toBe(403);
    expect((await user({ method: "POST", url: "/api/sync/transferegov", payload: { companyId: sjcId } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "POST", url: "/api/sync/transferegov", payload: { companyId: sjcId } })).statusCode).toBe(401);
    const missing = await admin({ method: "POST", url: "/api/sync/transferegov", payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ companyId: "Informe o cliente." });
    const unknown = await admin({ method: "POST", url: "/api/sync/transferegov", payload: { companyId: 999_999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Cliente não encontrado.");
    expect((await admin({ method: "POST", url: "/api/sync/transferegov", payload: { companyId: sjcId, extra: 1 } })).statusCode).toBe(422);
    // A path id that is not a canonical number names no record (issue 36 item 3): 404, no longer 422.
    expect((await admin({ method: "GET", url: "/api/sync-runs/abc" })).statusCode).toBe(404);
    const own = await syncNow(manager, sjcId);
    expect(own.status).toBe("succeeded");
  });

  it("lists runs as simple-rest, newest first, each user seeing only their municipality's", async () => {
    const all = await admin({ method: "GET", url: `/api/sync-runs?companyId=${sjcId}&_start=0&_end=3` });
    expect(all.statusCode).toBe(200);
    expect(Number(all.headers["x-total-count"])).toBeGreaterThan(3);
    const runs = all.json() as SyncRun[];
    expect(runs).toHaveLength(3);
    expect(runs[0].id).toBeGreaterThan(runs[1].id);
    const campinasRun = (await admin({ method: "GET", url: `/api/sync-runs?companyId=${campinasId}` })).json()[0] as SyncRun;
    const seen = (await user({ method: "GET", url: "/api/sync-runs?_start=0&_end=100" })).json() as SyncRun[];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((run) => run.companyId === sjcId)).toBe(true);
    expect((await user({ method: "GET", url: `/api/sync-runs/${campinasRun.id}` })).statusCode).toBe(404);
    expect((await admin({ method: "GET", url: "/api/sync-runs?status=parado" })).statusCode).toBe(400);
  });

  it("answers each module's freshness from data-atualizacao", async () => {
    const res = await user({ method: "GET", url: "/api/sync/transferegov/freshness" });
    expect(res.json()).toEqual({ especiais: { updatedAt: "2026-08-03T06:12:45", error: null }, fundoafundo: { updatedAt: "2026-08-03T05:40:10", error: null }, parcerias: { updatedAt: "2026-08-03T04:55:30", error: null } });
  });
});

describe("the source's freshness when Transferegov does not answer", () => {
  let silent: import("node:net").Server;
  let quiet: TestContext;
  beforeAll(async () => {
    const net = await import("node:net");
    silent = net.createServer(() => undefined); // accepts and never answers, like a source that hangs
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as import("node:net").AddressInfo;
    quiet = await createTestContext({ env: { TRANSFEREGOV_API_URL: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await quiet?.close();
    silent?.close();
  });

  it("answers within one short wait with a pt-BR reason per module, and does not ask again for a minute", async () => {
    const manager = as(quiet.app, await sessionCookie(quiet.app, "gestor@demo.local"));
    const started = Date.now();
    const first = await manager({ method: "GET", url: "/api/sync/transferegov/freshness" });
    expect(first.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(9_000);
    for (const module of ["especiais", "fundoafundo"]) expect(first.json()[module]).toEqual({ updatedAt: null, error: expect.stringMatching(/sem resposta em 5 s/) });
    const again = Date.now();
    expect((await manager({ method: "GET", url: "/api/sync/transferegov/freshness" })).json()).toEqual(first.json());
    expect(Date.now() - again).toBeLessThan(1_000);
  });
});
