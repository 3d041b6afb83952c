import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { companies, impositionTransfers, workPlanAnalyses, workPlanPendingBodies } from "../../server/db/schema";
import type { SyncRun } from "../../src/domain/sync";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { complete, recordedTransferegov, SJC } from "../support/transferegov/recorded";
import { startRecordedTransferegov, type RecordedServer } from "../support/transferegov/server";

/**
 * Issue 32 item 3: each emenda's work plan, its analyses (planos-trabalho-analises-especiais), their
 * history (plano-trabalho-analise-historico-especiais) and the bodies still holding it
 * (orgaos-analises-pendentes-especiais), read from recorded answers in the published format.
 */

let ctx: TestContext;
let server: RecordedServer;
let admin: ReturnType<typeof as>;
let sjcId: number;

beforeAll(async () => {
  server = await startRecordedTransferegov(recordedTransferegov());
  ctx = await createTestContext({ env: { TRANSFEREGOV_API_URL: server.url, TRANSFEREGOV_REQUESTS_PER_MINUTE: "60000" } });
  // The demo's work-plan analyses stand in for a sync that never ran (the risk queue's seed): here the
  // recorded source's sync is the first, so its counts start from empty tables.
  await ctx.database.db.delete(workPlanAnalyses);
  await ctx.database.db.delete(workPlanPendingBodies);
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
  const rows = await ctx.database.db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies);
  sjcId = rows.find((r) => r.cnpj === SJC.cnpj)!.id;
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
const workPlanOf = (plan: Record<string, unknown>) => server.tables["especiais/planos_trabalho_especiais"]!.find((w) => w.id_plano_acao === plan.id_plano_acao)!;
const sjcWorkPlans = () => sjcPlans().map(workPlanOf);
const analysesOf = (workPlanId: unknown) => server.tables["especiais/planos_trabalho_analises_especiais"]!.filter((a) => a.id_plano_trabalho === workPlanId);
const requestsTo = (path: string) => server.requests.filter((r) => r.startsWith(`${path}?`)).length;
const transferOf = async (plan: Record<string, unknown>) =>
  (await db().select().from(impositionTransfers).where(and(eq(impositionTransfers.companyId, sjcId), eq(impositionTransfers.nrTransfer, String(plan.codigo_plano_acao)))))[0];
const pendingOf = (transferId: number) => db().select().from(workPlanPendingBodies).where(eq(workPlanPendingBodies.transferId, transferId)).orderBy(workPlanPendingBodies.bodyName);

// Whole syncs of a client: minutes, not seconds, when the browser suite runs beside it on two cores.
describe("the work plans' analyses of one 205-plan client", { timeout: 180_000 }, () => {
  it("stores every analysis with its history, the bodies holding a plan, and the emenda's current work plan, at one request per plan per table", async () => {
    server.requests.length = 0;
    const run = await syncNow(sjcId);
    expect(run.status, run.error ?? "").toBe("succeeded");
    const plans = sjcPlans().length;
    const analyses = sjcWorkPlans().flatMap((w) => analysesOf(w.id_plano_trabalho));
    const held = sjcWorkPlans().filter((w) => w.ind_orgao_analises_pendentes === "Sim");
    expect(held.length).toBeGreaterThan(10);
    expect(requestsTo("/especiais/planos-trabalho-analises-especiais")).toBe(plans);
    expect(requestsTo("/especiais/plano-trabalho-analise-historico-especiais")).toBe(analyses.length);
    // A work plan that says no body holds it costs no pending-bodies request.
    expect(requestsTo("/especiais/orgaos-analises-pendentes-especiais")).toBe(held.length);

    const stored = await db().select().from(workPlanAnalyses).where(eq(workPlanAnalyses.companyId, sjcId));
    const history = server.tables["especiais/plano_trabalho_analise_historico_especiais"]!.filter((h) => analyses.some((a) => a.id_plano_trabalho_analise_pt === h.id_plano_trabalho_analise_pt));
    expect(stored.filter((r) => r.kind === "ANALYSIS")).toHaveLength(analyses.length);
    expect(stored.filter((r) => r.kind === "HISTORY")).toHaveLength(history.length);
    expect(run.details.entities?.["Análises dos planos de trabalho"]).toMatchObject({ created: analyses.length + history.length, failed: 0 });

    // An emenda in complementation: its work plan's situation, its two analyses and the two bodies holding it.
    const plan = sjcPlans().find((p) => workPlanOf(p).ind_orgao_analises_pendentes === "Sim")!;
    const workPlan = workPlanOf(plan);
    const transfer = await transferOf(plan);
    expect(transfer).toMatchObject({ workPlanId: workPlan.id_plano_trabalho, workPlanStatus: "Em Complementação" });
    // The source writes Brasília's wall-clock time without an offset.
    expect(transfer.workPlanStatusAt?.toISOString()).toBe(new Date(`${String(workPlan.dt_hora_situacao_plano_trabalho)}-03:00`).toISOString());
    const mine = stored.filter((r) => r.transferId === transfer.id && r.kind === "ANALYSIS").sort((a, b) => a.analysisId! - b.analysisId!);
    const [request] = analysesOf(workPlan.id_plano_trabalho);
    expect(mine[0]).toMatchObject({
      workPlanId: workPlan.id_plano_trabalho,
      analysisId: request.id_plano_trabalho_analise_pt,
      bodyCode: request.codigo_siorg_orgao_analise_pt,
      bodyName: request.nome_orgao_analise_pt,
      planningStatus: "EM_COMPLEMENTACAO",
      opinion: "Solicitar Complementação",
      analysisStatus: "Concluída",
      opinionText: request.texto_parecer_analise_pt,
      rejectedValue: "0.00",
      source: "transferegov_especiais",
      externalId: `analise:${request.id_plano_trabalho_analise_pt}`,
    });
    expect(mine[1]).toMatchObject({ analysisStatus: "Em elaboração", opinion: "Não se aplica" });
    const bodies = await pendingOf(transfer.id);
    const holders = server.tables["especiais/orgaos_analises_pendentes_especiais"]!.filter((b) => b.id_plano_trabalho === workPlan.id_plano_trabalho);
    expect(bodies.map((b) => [b.bodyId, b.bodyName, b.stillPending, b.workPlanId]).sort()).toEqual(holders.map((h) => [h.id_orgao_analise_pendente_pt, h.nome_orgao_analise_pendente_pt, true, workPlan.id_plano_trabalho]).sort());
    expect(bodies).toHaveLength(2);

    // An approved emenda: one concluded analysis, no body holding it.
    const approved = sjcPlans().find((p) => workPlanOf(p).ind_orgao_analises_pendentes === "Não")!;
    const approvedTransfer = await transferOf(approved);
    expect(approvedTransfer.workPlanStatus).toBe("Aprovado");
    expect(stored.filter((r) => r.transferId === approvedTransfer.id && r.kind === "ANALYSIS").map((r) => r.opinion)).toEqual(["Aprovar Plano de Trabalho"]);
    expect(await pendingOf(approvedTransfer.id)).toEqual([]);
  });

  it("writes nothing on a second run, and asks again only the history of analyses still in progress", async () => {
    const snapshot = async () =>
      JSON.stringify([
        await db().execute(sql`select id, updated_at, synced_at from work_plan_analyses where company_id = ${sjcId} order by id`),
        await db().execute(sql`select id, updated_at, pending_since, still_pending from work_plan_pending_bodies where company_id = ${sjcId} order by id`),
        await db().execute(sql`select id, updated_at, work_plan_status, work_plan_status_at from imposition_transfers where company_id = ${sjcId} order by id`),
      ]);
    const before = await snapshot();
    server.requests.length = 0;
    const run = await syncNow(sjcId);
    expect(run.counts).toMatchObject({ created: 0, updated: 0, failed: 0 });
    expect(await snapshot()).toBe(before);
    const inProgress = sjcWorkPlans().flatMap((w) => analysesOf(w.id_plano_trabalho)).filter((a) => a.situacao_analise_pt !== "Concluída");
    expect(inProgress.length).toBeGreaterThan(0);
    expect(requestsTo("/especiais/plano-trabalho-analise-historico-especiais")).toBe(inProgress.length);
    // The skipped histories are still the source's: none went missing.
    expect((await db().select().from(workPlanAnalyses).where(and(eq(workPlanAnalyses.companyId, sjcId), sql`${workPlanAnalyses.sourceMissingSince} is not null`))).length).toBe(0);
  });

  it("keeps a body that stops holding a plan with since when it held it, and lets go of every body when the plan says none holds it", async () => {
    const plans = sjcPlans().filter((p) => workPlanOf(p).ind_orgao_analises_pendentes === "Sim");
    const [oneLeft, allLeft] = plans;
    const pendingTable = server.tables["especiais/orgaos_analises_pendentes_especiais"]!;
    const oneTransfer = await transferOf(oneLeft);
    const allTransfer = await transferOf(allLeft);
    const before = await pendingOf(oneTransfer.id);
    // One of the two bodies finishes with the first plan; the second plan is approved and its flag turns to "Não".
    const gone = pendingTable.findIndex((row) => row.id_plano_trabalho === workPlanOf(oneLeft).id_plano_trabalho);
    const [removed] = pendingTable.splice(gone, 1);
    const flag = workPlanOf(allLeft);
    Object.assign(flag, { ind_orgao_analises_pendentes: "Não" });
    const run = await syncNow(sjcId);
    expect(run.status, run.error ?? "").toBe("succeeded");
    expect(run.details.entities?.["Órgãos com análise pendente"]?.missing).toBe(3);
    const after = await pendingOf(oneTransfer.id);
    expect(after).toHaveLength(2);
    const left = after.find((b) => b.bodyId === removed.id_orgao_analise_pendente_pt)!;
    expect(left).toMatchObject({ stillPending: false, sourceMissingSince: null });
    expect(left.pendingSince.toISOString()).toBe(before.find((b) => b.id === left.id)!.pendingSince.toISOString());
    expect(after.find((b) => b.id !== left.id)!.stillPending).toBe(true);
    expect((await pendingOf(allTransfer.id)).map((b) => b.stillPending)).toEqual([false, false]);

    // The body takes the plan back: it holds it again, from that day.
    pendingTable.splice(gone, 0, removed);
    const back = await syncNow(sjcId);
    expect(back.status).toBe("succeeded");
    const again = (await pendingOf(oneTransfer.id)).find((b) => b.id === left.id)!;
    expect(again.stillPending).toBe(true);
    expect(again.pendingSince.getTime()).toBeGreaterThan(left.pendingSince.getTime());
    Object.assign(flag, { ind_orgao_analises_pendentes: "Sim" });
  });

  it("reports an analysis it cannot read, in pt-BR, and stores the rest of the run", async () => {
    const plan = sjcPlans()[3];
    const workPlanId = workPlanOf(plan).id_plano_trabalho;
    const bad = complete("especiais/planos_trabalho_analises_especiais", { id_plano_trabalho_analise_pt: 9_990_001, id_plano_trabalho: workPlanId, nome_orgao_analise_pt: null, situacao_analise_pt: "Em elaboração", data_analise_pt: "2025-13-45T99:00:00" });
    const odd = complete("especiais/planos_trabalho_analises_especiais", { id_plano_trabalho_analise_pt: 9_990_002, id_plano_trabalho: workPlanId, nome_orgao_analise_pt: "MINISTÉRIO DO ESPORTE", situacao_analise_pt: "Em elaboração", data_analise_pt: "ontem" });
    server.tables["especiais/planos_trabalho_analises_especiais"]!.push(bad, odd);
    const run = await syncNow(sjcId);
    expect(run.status).toBe("succeeded");
    expect(run.details.entities?.["Análises dos planos de trabalho"]?.failed).toBe(2);
    expect(run.details.problems).toEqual(expect.arrayContaining([expect.stringMatching(/análise 9990001 .*sem o nome do órgão/), expect.stringMatching(/análise 9990002 .*data e hora inválidas em data_analise_pt: ontem/)]));
    const stored = await db().select({ id: workPlanAnalyses.id }).from(workPlanAnalyses).where(eq(workPlanAnalyses.workPlanId, Number(workPlanId)));
    expect(stored.length).toBeGreaterThan(0);
    expect((await db().select().from(workPlanAnalyses).where(eq(workPlanAnalyses.analysisId, 9_990_002))).length).toBe(0);
    server.tables["especiais/planos_trabalho_analises_especiais"]!.splice(-2, 2);
  });
});
