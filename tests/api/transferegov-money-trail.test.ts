import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { companies, impositionTransfers, syncRuns, transferAccountEntries, transferAccountSubtransactions } from "../../server/db/schema";
import { queueDailySyncs } from "../../server/sync/transferegov/service";
import type { AccountTrail } from "../../src/domain/account-trail";
import type { SyncRun } from "../../src/domain/sync";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { recordedTransferegov, CAMPINAS, SJC, SUPPLIERS } from "../support/transferegov/recorded";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

/**
 * Issue 32: the especiais chain at a cost that does not grow with the clients, the money trail of
 * each emenda (statement, sub-transactions, balance, returns) reconciled with the payments recorded
 * by hand, each client's freshness per source, and the nightly schedule as one job per client.
 */

let ctx: TestContext;
let server: RecordedServer;
let admin: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let sjcId: number;
let campinasId: number;

beforeAll(async () => {
  server = await startRecordedTransferegov(recordedTransferegov());
  ctx = await createTestContext({ env: { TRANSFEREGOV_API_URL: server.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  manager = as(ctx.app, await sessionCookie(ctx.app, "gestor@demo.local"));
  const rows = await ctx.database.db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies);
  sjcId = rows.find((r) => r.cnpj === SJC.cnpj)!.id;
  campinasId = rows.find((r) => r.cnpj === CAMPINAS.cnpj)!.id;
});

afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

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

const db = () => ctx.database.db;
const sjcPlans = () => server.tables["especiais/planos_acao_especiais"]!.filter((p) => p.id_beneficiario === SJC.idBeneficiario);
/** The requests of one run, counted per table path. */
const perTable = (requests: string[]) => {
  const counts: Record<string, number> = {};
  for (const request of requests) {
    const path = request.split("?")[0];
    counts[path] = (counts[path] ?? 0) + 1;
  }
  return counts;
};
const transferOf = async (plan: Record<string, unknown>) =>
  (await db().select().from(impositionTransfers).where(and(eq(impositionTransfers.companyId, sjcId), eq(impositionTransfers.nrTransfer, String(plan.codigo_plano_acao)))))[0];

// A whole sync of a client per test (about 1,400 recorded answers with the work plans' analyses): minutes, not
// seconds, when the browser suite runs beside it on two cores.
describe("the especiais chain and its money trail for one 205-plan client", { timeout: 180_000 }, () => {
  let requests: Record<string, number>;

  it("asks at most one request per plan per single-valued table, the statement and the returns by the CNPJ, and fundoafundo in lists", async () => {
    server.requests.length = 0;
    const run = await syncNow(sjcId);
    expect(run.status, run.error ?? "").toBe("succeeded");
    requests = perTable(server.requests);
    const plans = sjcPlans().length;
    const empenhos = server.tables["especiais/empenhos_especiais"]!.filter((e) => sjcPlans().some((p) => p.id_plano_acao === e.id_plano_acao)).length;
    const documents = server.tables["especiais/documentos_habeis_especiais"]!.filter((d) => server.tables["especiais/empenhos_especiais"]!.some((e) => e.id_empenho === d.id_empenho && sjcPlans().some((p) => p.id_plano_acao === e.id_plano_acao))).length;
    const withParts = server.tables["especiais/gestao_financeira_lancamentos_especiais"]!.filter((l) => l.cnpj_ente_solicitante_gestao_financeira === SJC.cnpj && Number(l.quantidade_subtransacoes_lancamento_gestao_financeira) > 0).length;
    expect(requests["/especiais/planos-trabalho-especiais"]).toBe(plans);
    expect(requests["/especiais/empenhos-especiais"]).toBe(plans);
    expect(requests["/especiais/saldo-conta-gestao-financeira-especiais"]).toBeLessThanOrEqual(plans);
    expect(requests["/especiais/documentos-habeis-especiais"]).toBe(empenhos);
    expect(requests["/especiais/ordens-pagamentos-ordens-bancarias-especiais"]).toBe(documents);
    expect(requests["/especiais/gestao-financeira-lancamentos-especiais"]).toBe(Math.ceil(server.tables["especiais/gestao_financeira_lancamentos_especiais"]!.filter((l) => l.cnpj_ente_solicitante_gestao_financeira === SJC.cnpj).length / 200));
    expect(requests["/especiais/gestao-financeira-subtransacoes-especiais"]).toBe(withParts);
    expect(requests["/especiais/devolucao-especiais"]).toBe(1);
    // The work plans' analyses (issue 32 item 3): one per plan, one history per analysis, the pending bodies only where the plan says some hold it.
    const workPlans = server.tables["especiais/planos_trabalho_especiais"]!.filter((w) => sjcPlans().some((p) => p.id_plano_acao === w.id_plano_acao));
    const analyses = server.tables["especiais/planos_trabalho_analises_especiais"]!.filter((a) => workPlans.some((w) => w.id_plano_trabalho === a.id_plano_trabalho)).length;
    expect(requests["/especiais/planos-trabalho-analises-especiais"]).toBe(plans);
    expect(requests["/especiais/plano-trabalho-analise-historico-especiais"]).toBe(analyses);
    expect(requests["/especiais/orgaos-analises-pendentes-especiais"]).toBe(workPlans.filter((w) => w.ind_orgao_analises_pendentes === "Sim").length);
    expect(requests["/fundoafundo/empenhos"]).toBe(1);
    expect(requests["/fundoafundo/relatorios-gestao"]).toBe(1);
    expect(requests["/fundoafundo/programas"]).toBe(1);
    // Every especiais path asked at its hyphenated spelling, never the August one.
    expect(server.requests.some((r) => /\/especiais\/[a-z]+_/.test(r))).toBe(false);
    console.info(`[medição] sincronização sob demanda de 1 cliente com ${plans} planos: ${server.requests.length} requisições`, JSON.stringify(requests));
  });

  it("shows a supplier that appears only in the bank statement, with the amount paid, the balance and the returns beside it", async () => {
    const plan = sjcPlans()[0]; // pays two suppliers in one debit (sub-transactions) and returns its interest
    const transfer = await transferOf(plan);
    const res = await manager({ method: "GET", url: `/api/imposition-transfers/${transfer.id}/account-trail` });
    expect(res.statusCode, res.body).toBe(200);
    const trail = res.json() as AccountTrail;
    const entries = server.tables["especiais/gestao_financeira_lancamentos_especiais"]!.filter((l) => l.id_agencia_conta === plan.id_agencia_conta);
    const credit = entries.find((l) => l.tipo_operacao_gestao_financeira === "C" && String(l.descricao_gestao_financeira).startsWith("TED"))!;
    const interest = entries.find((l) => String(l.descricao_gestao_financeira).startsWith("RENDIMENTO"))!;
    const parts = server.tables["especiais/gestao_financeira_subtransacoes_especiais"]!.filter((s) => entries.some((l) => l.id_lancamento_gestao_financeira === s.id_lancamento_gestao_financeira));
    const balance = server.tables["especiais/saldo_conta_gestao_financeira_especiais"]!.find((b) => b.id_agencia_conta === plan.id_agencia_conta)!;
    const devolution = server.tables["especiais/devolucao_especiais"]!.find((d) => d.id_plano_acao === plan.id_plano_acao)!;
    expect(parts).toHaveLength(2);
    expect(trail).toMatchObject({
      synced: true,
      received: Number(credit.valor_gestao_financeira),
      interest: Number(interest.valor_gestao_financeira),
      returned: Number(devolution.vl_total_devolucao),
      balance: Number(balance.saldo_final_gestao_financeira),
      balanceDate: balance.data_saldo_conta,
      unexplained: 0,
    });
    expect(trail.suppliers).toEqual(
      expect.arrayContaining(parts.map((p) => ({ document: p.numero_documento_beneficiario_subtransacao_gestao_financeira, name: p.nome_beneficiario_subtransacao_gestao_financeira, amount: Number(p.valor_subtransacao_gestao_financeira), lines: 1 }))),
    );
    expect(trail.returns[0]).toMatchObject({ kind: "RENDIMENTOS", total: Number(devolution.vl_total_devolucao) });
    expect(trail.reconciliation).toMatchObject({ matched: 0, differs: 0, unmatched: 2 });
    // Another municipality's transfer is not found, and a bad id is a 4xx in pt-BR.
    const foreign = (await db().select().from(impositionTransfers).where(eq(impositionTransfers.companyId, campinasId)))[0];
    if (foreign) expect((await manager({ method: "GET", url: `/api/imposition-transfers/${foreign.id}/account-trail` })).statusCode).toBe(404);
    const bad = await manager({ method: "GET", url: "/api/imposition-transfers/abc/account-trail" });
    expect(bad.statusCode).toBe(422);
  });

  it("links a hand-recorded payment that matches a debit (value, date window, document), flags one that differs, and never duplicates", async () => {
    const plan = sjcPlans()[1]; // one debit to one supplier, no sub-transactions
    const transfer = await transferOf(plan);
    const debit = server.tables["especiais/gestao_financeira_lancamentos_especiais"]!.find((l) => l.id_agencia_conta === plan.id_agencia_conta && l.tipo_operacao_gestao_financeira === "D")!;
    const supplier = SUPPLIERS.find((s) => s.cnpj === debit.doc_favorecido_gestao_financeira)!;
    const twoDaysLater = new Date(Date.parse(`${String(debit.data_lancamento_gestao_financeira)}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const record = (amount: string, documentNumber: string) =>
      manager({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: transfer.id, kind: "SUPPLIER_PAYMENT", documentNumber, paymentDate: twoDaysLater, amount, payeeName: supplier.name, payeeDocument: supplier.cnpj } });
    const matching = await record(Number(debit.valor_gestao_financeira).toFixed(2), "NF 1001");
    expect(matching.statusCode, matching.body).toBe(201);
    // Plan 2's debit differs from what the municipality wrote down for the same supplier.
    const other = sjcPlans()[2];
    const otherTransfer = await transferOf(other);
    const otherDebit = server.tables["especiais/gestao_financeira_lancamentos_especiais"]!.find((l) => l.id_agencia_conta === other.id_agencia_conta && l.tipo_operacao_gestao_financeira === "D")!;
    const differing = await manager({
      method: "POST",
      url: "/api/transaction-payments",
      payload: { impositionTransferId: otherTransfer.id, kind: "SUPPLIER_PAYMENT", documentNumber: "NF 2002", paymentDate: otherDebit.data_lancamento_gestao_financeira, amount: (Number(otherDebit.valor_gestao_financeira) + 100).toFixed(2), payeeDocument: otherDebit.doc_favorecido_gestao_financeira },
    });
    expect(differing.statusCode, differing.body).toBe(201);

    const entriesBefore = (await db().select({ n: sql<number>`count(*)::int` }).from(transferAccountEntries))[0].n;
    const run = await syncNow(sjcId);
    expect(run.status).toBe("succeeded");
    const trail = (await manager({ method: "GET", url: `/api/imposition-transfers/${transfer.id}/account-trail` })).json() as AccountTrail;
    const linked = trail.entries.find((e) => e.kind === "PAYMENT")!;
    expect(linked).toMatchObject({ matchStatus: "MATCHED", matchedPaymentId: matching.json().id, counterpartyName: supplier.name, counterpartyDocument: supplier.cnpj });
    expect(trail.reconciliation).toMatchObject({ matched: 1, unmatched: 0, recordedWithoutStatement: 0 });
    const otherTrail = (await manager({ method: "GET", url: `/api/imposition-transfers/${otherTransfer.id}/account-trail` })).json() as AccountTrail;
    expect(otherTrail.entries.find((e) => e.kind === "PAYMENT")).toMatchObject({ matchStatus: "DIFFERS", matchedPaymentId: differing.json().id, matchNote: expect.stringMatching(/^Valor no extrato R\$\s?[\d.,]+; registrado R\$\s?[\d.,]+\.$/) });
    // Nothing new was written: the statement's rows are the same, and the hand payments are not copied.
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(transferAccountEntries))[0].n).toBe(entriesBefore);
    expect(run.counts.created).toBe(0);
  });

  it("writes nothing on a second run with the same source, the trail and its reconciliation included", async () => {
    const snapshot = async () => [
      await db().execute(sql`select id, updated_at, match_status, matched_payment_id from transfer_account_entries where company_id = ${sjcId} order by id`),
      await db().execute(sql`select id, updated_at, match_status from transfer_account_subtransactions where company_id = ${sjcId} order by id`),
      await db().execute(sql`select id, updated_at from transfer_returns where company_id = ${sjcId} order by id`),
      await db().execute(sql`select id, updated_at from transfer_account_balances where company_id = ${sjcId} order by id`),
    ];
    const before = JSON.stringify(await snapshot());
    const run = await syncNow(sjcId);
    expect(run.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(JSON.stringify(await snapshot())).toBe(before);
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(transferAccountSubtransactions).where(eq(transferAccountSubtransactions.companyId, sjcId)))[0].n).toBeGreaterThan(0);
  });
});

// A whole sync of a client per test (about 1,400 recorded answers with the work plans' analyses): minutes, not
// seconds, when the browser suite runs beside it on two cores.
describe("each client's freshness per source, and the nightly queue", { timeout: 180_000 }, () => {
  it("records per source the source's data-atualizacao, the last successful read with rows read and skipped, and the last failure in pt-BR", async () => {
    const res = await manager({ method: "GET", url: "/api/sync/freshness" });
    expect(res.statusCode, res.body).toBe(200);
    const [especiais, fundoafundo] = res.json() as { source: string; sourceUpdatedAt: string; lastSuccessAt: string; rowsRead: number; lastFailure: string | null }[];
    expect(especiais).toMatchObject({ source: "especiais", sourceUpdatedAt: server.freshness.especiais, lastFailure: null });
    expect(especiais.rowsRead).toBeGreaterThan(sjcPlans().length);
    expect(fundoafundo).toMatchObject({ source: "fundoafundo", sourceUpdatedAt: server.freshness.fundoafundo });

    server.fail("/fundoafundo/planos-acao", ...Array.from({ length: 5 }, () => ({ status: 503, headers: { "retry-after": "0" } })));
    const failed = await syncNow(sjcId);
    expect(failed.status).toBe("failed");
    const after = (await admin({ method: "GET", url: `/api/sync/freshness?companyId=${sjcId}` })).json() as { source: string; lastSuccessAt: string | null; lastFailure: string | null }[];
    expect(after.find((r) => r.source === "fundoafundo")).toMatchObject({ lastSuccessAt: expect.any(String), lastFailure: "O Transferegov não respondeu depois de 5 tentativas (HTTP 503): /fundoafundo/planos-acao." });
    expect(after.find((r) => r.source === "especiais")!.lastFailure).toBeNull();
    // A manager asking for another client's freshness is refused; the consultancy must name one.
    expect((await manager({ method: "GET", url: `/api/sync/freshness?companyId=${campinasId}` })).statusCode).toBe(404);
    const none = await admin({ method: "GET", url: "/api/sync/freshness" });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("Selecione um cliente antes de continuar.");
  });

  it("queues one sync job per client with sync enabled, and never a second one for a client already queued", async () => {
    const first = await queueDailySyncs(db(), ctx.app.jobs, new Date());
    const again = await queueDailySyncs(db(), ctx.app.jobs, new Date());
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(again.slice().sort()).toEqual(first.slice().sort());
    const runs = await db().select().from(syncRuns).where(eq(syncRuns.trigger, "schedule"));
    expect(new Set(runs.map((r) => r.companyId)).size).toBe(runs.length);
    expect(runs.every((r) => r.jobId !== null)).toBe(true);
  });
});
