import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { companies, fundPlanAnalyses, fundTransferPlans, transactionPayments, voluntaryTransfers } from "../../server/db/schema";
import type { SyncRun } from "../../src/domain/sync";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { recordedTransferegov, CAMPINAS, type RecordedMunicipality } from "../support/transferegov/recorded";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

/**
 * Issue 32, "a health emenda from parcerias shows in the transfer lists and the dashboard", and the
 * fundo a fundo analyses: Campinas (3 emendas PIX, 2 fundo a fundo plans) with three partnerships of
 * the parcerias module (two of "FAF SAUDE" programs, one of a plain "FAF" one) and published
 * analyses of its fundo a fundo plans, synced from the recorded stand-in.
 */

const CLIENT: RecordedMunicipality = { ...CAMPINAS, parcerias: 3, fundAnalyses: true };

let ctx: TestContext;
let server: RecordedServer;
let admin: ReturnType<typeof as>;
let company: { id: number; cnpj: string };

beforeAll(async () => {
  server = await startRecordedTransferegov(recordedTransferegov([CLIENT]));
  ctx = await createTestContext({ env: { TRANSFEREGOV_API_URL: server.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  const [row] = await ctx.database.db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies).where(eq(companies.cnpj, CLIENT.cnpj));
  company = row;
});

afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

/** The ADMIN with this client chosen (the screens' headers). */
const asClient = (url: string) => admin({ method: "GET", url, headers: { "x-company-id": String(company.id), "x-company-cnpj": company.cnpj } });

async function syncNow(): Promise<SyncRun> {
  const res = await admin({ method: "POST", url: "/api/sync/transferegov", payload: { companyId: company.id } });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json() as { id: number };
  for (let i = 0; i < 600; i++) {
    const run = (await admin({ method: "GET", url: `/api/sync-runs/${id}` })).json() as SyncRun;
    if (run.status === "succeeded" || run.status === "failed") return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("a sincronização não terminou");
}

const db = () => ctx.database.db;
const recordedPartnership = (k: number) => server.tables["parcerias/parceria"]![k];
const nrOf = (k: number) => String(recordedPartnership(k).cd_parceria).padStart(6, "0");
type Summary = { totals: { kind: string; year: number; count: number; plannedValue: string | null; committedValue: string | null; paidValue: string | null }[] };

describe("parcerias: the health emendas of the Transferegov partnerships module", { timeout: 180_000 }, () => {
  let dashboardBefore: Summary;

  it("asks the module by the municipality's CNPJ, then in lists of ids, a handful of requests for every partnership", async () => {
    dashboardBefore = (await asClient("/api/dashboard/summary")).json() as Summary;
    server.requests.length = 0;
    const run = await syncNow();
    expect(run.status, run.error ?? "").toBe("succeeded");
    const asked = server.requests.filter((r) => r.startsWith("/parcerias/") && !r.startsWith("/parcerias/data-atualizacao"));
    expect(asked.map((r) => r.split("?")[0]).sort()).toEqual(
      ["/parcerias/distribuicao-recurso-proposta", "/parcerias/documento-habil", "/parcerias/empenho-parceria", "/parcerias/ordem-pagamento", "/parcerias/parceria", "/parcerias/programa", "/parcerias/proposta"].sort(),
    );
    // The module's own date is asked for the freshness record, like the other modules'.
    expect(server.requests).toContain("/parcerias/data-atualizacao");
    expect(asked.find((r) => r.startsWith("/parcerias/proposta?"))).toContain(`cnpj_ente_recebedor=${CLIENT.cnpj}`);
    // The partnerships are asked by the proposals' ids in one comma list, at the module's page size.
    const partnerships = new URLSearchParams(asked.find((r) => r.startsWith("/parcerias/parceria?"))!.split("?")[1]);
    expect(partnerships.get("id_proposta")!.split(",")).toHaveLength(3);
    expect(partnerships.get("tamanho_da_pagina")).toBe("200");
    expect(run.details.entities?.["Parcerias (emendas de saúde)"]).toMatchObject({ created: 3, failed: 0 });
  });

  it("lands a health emenda as a voluntary transfer of modality fundo a fundo saúde, with its amendment, author and money chain", async () => {
    const nr = nrOf(0);
    const list = await asClient(`/api/voluntary-transfers?nrTransfer=${nr}`);
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json() as Record<string, unknown>[];
    const distribution = server.tables["parcerias/distribuicao-recurso-proposta"]![0];
    expect(row).toMatchObject({
      nrTransfer: nr,
      year: 2026,
      modality: "FUNDO_A_FUNDO_SAUDE",
      status: "EM_EXECUCAO",
      programName: "INCREMENTO TEMPORÁRIO AO CUSTEIO DOS SERVIÇOS DE ATENÇÃO ESPECIALIZADA À SAÚDE",
      grantorAcronym: "FNS",
      amendmentNumber: distribution.nr_emenda_proposta,
      parliamentarianName: distribution.nm_parlamentar_proposta,
      transferValue: Number(distribution.valor_emenda).toFixed(2),
      committedValue: Number(distribution.valor_emenda).toFixed(2),
      paidValue: Number(distribution.valor_emenda).toFixed(2),
    });
    const payments = await db().select().from(transactionPayments).where(eq(transactionPayments.voluntaryTransferId, row.id as number));
    const order = server.tables["parcerias/ordem-pagamento"]![0];
    expect(payments.map((p) => [p.kind, p.documentNumber, p.status, p.source]).sort()).toEqual(
      [
        ["BANK_ORDER", order.nr_ordem_bancaria, "EFETIVADO", "transferegov_parcerias"],
        ["COMMITMENT", server.tables["parcerias/empenho-parceria"]![0].numero_nota_empenho_gerada, "EFETIVADO", "transferegov_parcerias"],
      ].sort(),
    );
    // A payment order still without its OB is pending: committed, not yet paid.
    const [pending] = (await asClient(`/api/voluntary-transfers?nrTransfer=${nrOf(1)}`)).json() as Record<string, unknown>[];
    expect(pending).toMatchObject({ modality: "FUNDO_A_FUNDO_SAUDE", paidValue: "0.00" });
    expect(Number(pending.committedValue)).toBeGreaterThan(0);
    // A partnership of a plain fundo a fundo program is a partnership, not a health emenda.
    const [plain] = (await asClient(`/api/voluntary-transfers?nrTransfer=${nrOf(2)}`)).json() as Record<string, unknown>[];
    expect(plain).toMatchObject({ modality: "PARCERIA" });
  });

  it("counts the partnerships in the dashboard's voluntary figures of their year", async () => {
    const after = (await asClient("/api/dashboard/summary")).json() as Summary;
    const of = (summary: Summary) => summary.totals.find((t) => t.kind === "voluntary" && t.year === 2026) ?? { count: 0, plannedValue: "0", committedValue: "0", paidValue: "0" };
    const planned = server.tables["parcerias/distribuicao-recurso-proposta"]!.reduce((sum, d) => sum + Number(d.valor_emenda), 0);
    const paid = server.tables["parcerias/ordem-pagamento"]!.filter((o) => o.nr_ordem_bancaria).reduce((sum, o) => sum + Number(o.vl_ordem_pagamento), 0);
    expect(of(after).count - of(dashboardBefore).count).toBe(3);
    expect(Number(of(after).plannedValue) - Number(of(dashboardBefore).plannedValue)).toBeCloseTo(planned, 2);
    expect(Number(of(after).paidValue) - Number(of(dashboardBefore).paidValue)).toBeCloseTo(paid, 2);
  });

  it("stores the fundo a fundo analyses of each plan and of its management report, and shows them on the plan", async () => {
    const [plan] = await db()
      .select({ id: fundTransferPlans.id, externalId: fundTransferPlans.externalId })
      .from(fundTransferPlans)
      .where(and(eq(fundTransferPlans.companyId, company.id), eq(fundTransferPlans.source, "transferegov_fundoafundo")))
      .orderBy(fundTransferPlans.externalId)
      .limit(1);
    const res = await asClient(`/api/fund-to-fund-transfers/${plan.id}/analyses`);
    expect(res.statusCode, res.body).toBe(200);
    const analyses = res.json() as { subject: string; analysisType: string; result: string; analyzedOn: string; opinion: string; origin: string }[];
    const recorded = server.tables["fundoafundo/planos-acao-analises"]!.filter((a) => String(a.id_plano_acao) === plan.externalId);
    expect(analyses.filter((a) => a.subject === "PLANO_ACAO")).toHaveLength(recorded.length);
    expect(analyses).toContainEqual(expect.objectContaining({ subject: "PLANO_ACAO", analysisType: "MERITO", result: "APROVADO", analyzedOn: recorded[0].data_analise_plano_acao, origin: "CONCEDENTE" }));
    expect(analyses).toContainEqual(expect.objectContaining({ subject: "RELATORIO_GESTAO", analysisType: "TECNICA", result: "APROVADO", origin: "CONSELHO" }));
    // Newest first.
    expect([...analyses.map((a) => a.analyzedOn)]).toEqual([...analyses.map((a) => a.analyzedOn)].sort().reverse());
    // Another client's plan is not found, not refused.
    const [other] = await db().select({ id: companies.id, cnpj: companies.cnpj }).from(companies).where(sql`${companies.id} <> ${company.id}`).limit(1);
    const foreign = await admin({ method: "GET", url: `/api/fund-to-fund-transfers/${plan.id}/analyses`, headers: { "x-company-id": String(other.id), "x-company-cnpj": other.cnpj } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: "Plano fundo a fundo não encontrado." });
  });

  it("writes nothing on a second sync with the same source: not a partnership, a payment nor an analysis", async () => {
    // The rows only: PostgreSQL's driver answers a Result whose own fields differ between two reads.
    const rowsOf = async (query: SQL) => ((await db().execute(query)) as unknown as { rows: unknown[] }).rows;
    const snapshot = async () => ({
      transfers: await rowsOf(sql`select id, updated_at, committed_value, paid_value from voluntary_transfers where company_id = ${company.id} and source = 'transferegov_parcerias' order by id`),
      payments: await rowsOf(sql`select id, updated_at from transaction_payments where company_id = ${company.id} and source = 'transferegov_parcerias' order by id`),
      analyses: await rowsOf(sql`select id, updated_at from fund_plan_analyses where company_id = ${company.id} order by id`),
    });
    const before = await snapshot();
    const run = await syncNow();
    expect(run.status, run.error ?? "").toBe("succeeded");
    expect(run.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(run.details.entities?.["Parcerias (emendas de saúde)"]).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(run.details.entities?.["Análises fundo a fundo"]).toMatchObject({ created: 0, updated: 0 });
    expect(await snapshot()).toEqual(before);
    expect((await db().select({ id: fundPlanAnalyses.id }).from(fundPlanAnalyses).where(eq(fundPlanAnalyses.companyId, company.id))).length).toBeGreaterThan(0);
  });

  it("keeps the other sources when parcerias fails, and the freshness answer says why in pt-BR", async () => {
    const partnershipsBefore = await db().select({ id: voluntaryTransfers.id }).from(voluntaryTransfers).where(and(eq(voluntaryTransfers.companyId, company.id), eq(voluntaryTransfers.source, "transferegov_parcerias")));
    // Every try of the proposals answers 500 (Retry-After 0 keeps the test quick).
    server.fail("/parcerias/proposta", ...Array.from({ length: 5 }, () => ({ status: 500, headers: { "retry-after": "0" } })));
    const run = await syncNow();
    expect(run.status, run.error ?? "").toBe("succeeded");
    expect(run.details.problems?.some((p) => p.startsWith("parcerias: O Transferegov não respondeu"))).toBe(true);
    // Nothing of the partnerships was marked missing: the source said nothing.
    const partnershipsAfter = await db()
      .select({ id: voluntaryTransfers.id, missing: voluntaryTransfers.sourceMissingSince })
      .from(voluntaryTransfers)
      .where(and(eq(voluntaryTransfers.companyId, company.id), eq(voluntaryTransfers.source, "transferegov_parcerias")));
    expect(partnershipsAfter).toHaveLength(partnershipsBefore.length);
    expect(partnershipsAfter.every((p) => p.missing === null)).toBe(true);

    const freshness = (await asClient(`/api/sync/freshness?companyId=${company.id}`)).json() as { source: string; sourceUpdatedAt: string | null; lastSuccessAt: string | null; lastFailureAt: string | null; lastFailure: string | null }[];
    const parcerias = freshness.find((f) => f.source === "parcerias")!;
    expect(parcerias.lastFailure).toBe("O Transferegov não respondeu depois de 5 tentativas (HTTP 500): /parcerias/proposta.");
    expect(parcerias.lastFailureAt! > parcerias.lastSuccessAt!).toBe(true);
    expect(parcerias).toMatchObject({ sourceUpdatedAt: server.freshness.parcerias });
    // The other modules were read: their last success is this run's.
    const especiais = freshness.find((f) => f.source === "especiais")!;
    expect(especiais.lastSuccessAt! >= parcerias.lastFailureAt!.slice(0, 16)).toBe(true);
    expect(especiais.lastFailure).toBeNull();
    // The deadline center names the failing source in words.
    const deadlines = await asClient("/api/deadlines");
    if (deadlines.statusCode === 200) expect(deadlines.body).toContain("Falha na leitura de Transferegov · parcerias (emendas de saúde)");
  });
});
