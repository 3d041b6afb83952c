import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { answerQuestion } from "../../server/assistant";
import { ALL_CLIENTS, portfolioVars } from "../../src/domain/assistant";
import { expiresSoon, type RegularityItem } from "../../src/domain/regularity";
import { codeLabels } from "../../src/domain/labels/codes";
import { municipalAmendmentLabels } from "../../src/domain/labels/municipal-amendments";
import { PROPOSAL_STATUSES } from "../../src/domain/captacao";

/**
 * The assistant on every topic its screens answer (issue 33 item 5, issue 37): for a chosen client,
 * CAUC, proposals, accountability, LC 210 and the councillors' emendas; with "Todos os clientes", the
 * portfolio. Each answer is checked against the figures the screen's own endpoint gives.
 */

const SJC = { id: 1, cnpj: "46643466000106" };
const PREDICTION = "/api/v1/prediction/sol-local";

let ctx: TestContext;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
}, 180_000);
afterAll(async () => ctx?.close());

/** The screen's endpoint as the ADMIN sees it with a client chosen (authComp headers), or with every client (none). */
const api = async (url: string, company: { id: number; cnpj: string } | null = SJC) => {
  const res = await admin({ method: "GET", url, headers: company ? { "x-company-id": String(company.id), "x-company-cnpj": company.cnpj } : {} });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const rows = async <T>(url: string, company?: { id: number; cnpj: string } | null) => (await api(url, company)).json() as T[];
const totalOf = async (url: string, company?: { id: number; cnpj: string } | null) => Number((await api(url, company)).headers["x-total-count"]);

const ask = (question: string) => answerQuestion(ctx.database.db, { cnpj: SJC.cnpj, question });
const askAll = (question: string) => answerQuestion(ctx.database.db, { cnpj: "", question, allClients: true });

const brl = (value: unknown) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(value ?? 0));
const br = (iso: string) => iso.slice(0, 10).split("-").reverse().join("/");
const OPEN = "AGUARDANDO,PENDENTE,EM_ELABORACAO,PARCIAL,EM_COMPLEMENTACAO";

describe("the assistant for a chosen client", () => {
  it("answers CAUC items expiring within the client's alert days and the pending ones, with their dates, as the regularity screen lists them", async () => {
    const { today, alertDays } = (await api("/api/regularity/overview")).json() as { today: string; alertDays: number };
    const items = await rows<RegularityItem>("/api/regularity-items?_end=200");
    const expiring = items.filter((item) => expiresSoon(item, today, alertDays));
    const pending = items.filter((item) => item.status === "IRREGULAR" || item.status === "A_COMPROVAR");
    expect(expiring.length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);

    const reply = await ask("tem algum item do cauc vencendo ou pendente?");
    expect(reply.answererId).toBe("cauc");
    expect(reply.text).toContain(`${expiring.length === 1 ? "1 item vence" : `${expiring.length} itens vencem`} nos próximos ${alertDays} dias`);
    for (const item of expiring) expect(reply.text).toContain(`${item.label} (${item.code}): válido até **${br(item.validUntil!)}**`);
    for (const item of pending) expect(reply.text).toContain(`${item.label} (${item.code}): **${codeLabels.regularityStatuses[item.status]}**`);
    expect(reply.text).toContain(`/admin/regularity?authComp=1_${SJC.cnpj}`);
    expect(reply.text).not.toContain("Todos os clientes");

    // Asked about the clients with one chosen: that client's answer, and how to see them all.
    const clients = await ask("quais clientes tem cauc vencendo?");
    expect(clients.answererId).toBe("cauc");
    expect(clients.text).toContain('Esta resposta é só da Prefeitura de São José dos Campos. Para ver todos os clientes, escolha "Todos os clientes"');
  });

  it("answers proposals by status from the proposals list, not the convênios", async () => {
    const reply = await ask("quantas propostas temos por situacao?");
    expect(reply.answererId).toBe("proposals");
    const total = await totalOf("/api/proposals?_end=1");
    expect(total).toBeGreaterThan(0);
    expect(reply.text).toContain(`**${total} propostas**`);
    for (const status of PROPOSAL_STATUSES) {
      const count = await totalOf(`/api/proposals?_end=1&status=${status}`);
      if (!count) continue;
      const { transferValue } = (await api(`/api/proposals/totals?status=${status}`)).json() as { transferValue: string };
      expect(reply.text).toContain(`${codeLabels.proposalStatuses[status]}: **${count}** (${brl(transferValue)} de repasse)`);
    }
    const analysis = await ask("quantas propostas estao em analise?");
    expect(analysis.text).toContain(`Há **${await totalOf("/api/proposals?_end=1&status=EM_ANALISE")}**`);
  });

  it("answers the overdue accountability deadlines the deadline center lists, and the nearest one ahead", async () => {
    const center = (await api("/api/deadlines")).json() as { today: string; items: { kind: string; reference: string; date: string; overdue: boolean }[] };
    const overdue = center.items.filter((item) => item.kind === "accountability" && item.overdue);
    expect(overdue.length).toBeGreaterThan(0);
    const [nearest] = await rows<{ transferKey: string; dueDate: string }>(`/api/accountability-obligations?_end=1&_sort=dueDate,id&_order=asc,asc&kind_ne=LC210&status=${OPEN}&dueDate_gte=${center.today}`);

    for (const question of ["qual o proximo prazo de prestacao de contas?", "prestacoes de contas vencidas"]) {
      const reply = await ask(question);
      expect(reply.answererId).toBe("deadlines");
      expect(reply.text).toContain(`**${overdue.length} ${overdue.length === 1 ? "prazo vencido" : "prazos vencidos"}**`);
      for (const item of overdue.slice(0, 8)) expect(reply.text).toContain(`**${item.reference}**`);
      for (const item of overdue.slice(0, 8)) expect(reply.text).toContain(`venceu em **${br(item.date)}**`);
      expect(reply.text).toContain(`**Próximo prazo:**`);
      expect(reply.text.split("**Próximo prazo:**")[1]).toContain(`**${nearest.transferKey}**`);
      expect(reply.text.split("**Próximo prazo:**")[1]).toContain(`vence em **${br(nearest.dueDate)}**`);
    }
  });

  it("answers the LC 210 notices sent, in part, pending and late, as the accountability list shows them", async () => {
    const { today } = (await api("/api/regularity/overview")).json() as { today: string };
    const notices = await rows<{ status: string; dueDate: string | null; transferKey: string }>("/api/accountability-obligations?_end=200&kind=LC210");
    expect(notices.length).toBeGreaterThan(0);
    const late = notices.filter((n) => n.status !== "COMUNICADA" && n.dueDate !== null && n.dueDate < today);
    const reply = await ask("as comunicacoes da lc 210 foram enviadas?");
    expect(reply.answererId).toBe("lc210");
    expect(reply.text).toContain(`Enviadas aos três destinatários (Câmara, TCU e TCE): **${notices.filter((n) => n.status === "COMUNICADA").length}**`);
    expect(reply.text).toContain(`Enviadas em parte: **${notices.filter((n) => n.status === "PARCIAL").length}**`);
    expect(reply.text).toContain(`Atrasadas (prazo de 30 dias vencido sem envio completo): **${late.length}**`);
    for (const n of late.slice(0, 8)) expect(reply.text).toContain(`**${n.transferKey}**`);
  });

  it("answers the councillors' emendas indicated, executed and per councillor, as the municipal emendas list counts them", async () => {
    const count = await totalOf("/api/municipal-amendments?_end=1");
    expect(count).toBeGreaterThan(0);
    const { value } = (await api("/api/municipal-amendments/totals")).json() as { value: string };
    const executed = await totalOf("/api/municipal-amendments?_end=1&stage=EXECUTADA,CONTAS_PRESTADAS");
    const reply = await ask("quantas emendas de vereadores foram indicadas e executadas?");
    expect(reply.answererId).toBe("municipal-amendments");
    expect(reply.text).toContain(`**${count} indicadas** (${brl(value)}), **${executed} executadas**`);
    const paid = await totalOf("/api/municipal-amendments?_end=1&stage=PAGA");
    if (paid) expect(reply.text).toContain(`${municipalAmendmentLabels.stages.PAGA}: ${paid} (`);
    const list = await rows<{ authorName: string; value: string }>("/api/municipal-amendments?_end=200");
    const first = list[0].authorName;
    const mine = await totalOf(`/api/municipal-amendments?_end=1&authorName=${encodeURIComponent(first)}`);
    const { value: theirs } = (await api(`/api/municipal-amendments/totals?authorName=${encodeURIComponent(first)}`)).json() as { value: string };
    const line = reply.text.split("\n").find((l) => l.toLowerCase().startsWith(`- ${first.toLowerCase()} (`));
    expect(line, first).toBeDefined();
    expect(line).toContain(`${mine} ${mine === 1 ? "emenda" : "emendas"}, ${brl(theirs)}`);
  });

  it("says it found no data, naming what it looked for, when a client has none of a topic", async () => {
    await ctx.database.db.execute(sql`delete from municipal_amendments where company_id = 2`);
    const reply = await answerQuestion(ctx.database.db, { cnpj: "51885242000140", question: "emendas de vereadores por vereador" });
    expect(reply.text).toMatch(/^Não encontrei emendas municipais da Prefeitura de Campinas: procurei nas indicações dos vereadores/);
    expect(reply.text).not.toContain("R$");
  });
});

describe("the assistant with 'Todos os clientes' chosen", () => {
  it("answers the total received this year, per kind and in total, as the dashboard of every client sums it", async () => {
    const summary = (await api("/api/dashboard/summary", null)).json() as { today: string; totals: { kind: string; year: number; paidValue: string | null }[] };
    const year = Number(summary.today.slice(0, 4));
    const paid = (kind: string) => summary.totals.filter((t) => t.year === year && t.kind === kind).reduce((acc, t) => acc + Number(t.paidValue ?? 0), 0);
    const total = paid("imposition") + paid("voluntary") + paid("fund");
    const reply = await askAll("quanto os clientes receberam este ano?");
    expect(reply.answererId).toBe("portfolio-received");
    expect(reply.text).toContain(`**Recebido (pago) em ${year}, todos os clientes: ${brl(total)}**`);
    expect(reply.text).toContain(`Transferências especiais: ${brl(paid("imposition"))}`);
    expect(reply.text).toContain(`: ${brl(paid("voluntary"))}`);
    expect(reply.text).toContain(`: ${brl(paid("fund"))}`);

    const previous = summary.totals.filter((t) => t.year === year - 1 && t.kind === "voluntary").reduce((acc, t) => acc + Number(t.paidValue ?? 0), 0);
    const voluntary = await askAll(`qto os clientes receberam de convenios em ${year - 1}`);
    expect(voluntary.answererId).toBe("portfolio-received");
    expect(voluntary.text).toContain(`**Recebido (pago) em ${year - 1} (transferências voluntárias), todos os clientes: ${brl(previous)}**`);
    expect(voluntary.text).not.toContain("Fundo a fundo:");
    // A month is not in the dashboard's yearly totals: one client's question.
    expect((await askAll("quanto os clientes receberam em outubro?")).answererId).toBeNull();
  });

  it("answers which clients have CAUC items expiring (each within its own alert days) or pending", async () => {
    const companies = await rows<{ id: number; cnpj: string; name: string }>("/api/companies?_end=100", null);
    const expected: string[] = [];
    for (const company of companies) {
      const { today, alertDays } = (await api("/api/regularity/overview", company)).json() as { today: string; alertDays: number };
      const items = await rows<RegularityItem>("/api/regularity-items?_end=200", company);
      if (items.some((item) => expiresSoon(item, today, alertDays) || item.status === "IRREGULAR" || item.status === "A_COMPROVAR")) expected.push(company.name);
    }
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const reply = await askAll("quais clientes tem itens do cauc vencendo ou pendentes?");
    expect(reply.answererId).toBe("portfolio-cauc");
    expect(reply.text).toContain(`**${expected.length} clientes** com itens do CAUC a cuidar`);
    for (const name of expected.slice(0, 10)) expect(reply.text).toContain(`**${name}**:`);
  });

  it("answers which clients have overdue accountability, as each client's accountability list counts it", async () => {
    const companies = await rows<{ id: number; cnpj: string; name: string }>("/api/companies?_end=100", null);
    const { today } = (await api("/api/regularity/overview", null)).json() as { today: string };
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const reply = await askAll("quais clientes tem prestacao de contas vencida?");
    expect(reply.answererId).toBe("portfolio-accountability");
    let clients = 0;
    for (const company of companies) {
      const overdue = await totalOf(`/api/accountability-obligations?_end=1&kind_ne=LC210&status=${OPEN}&dueDate_lte=${yesterday}`, company);
      if (!overdue) continue;
      clients += 1;
      expect(reply.text).toContain(`**${company.name}**: ${overdue} ${overdue === 1 ? "vencida" : "vencidas"}`);
    }
    expect(clients).toBeGreaterThanOrEqual(2);
    expect(reply.text).toContain(`**${clients} clientes têm prestação de contas vencida**`);
  });

  it("answers which clients have LC 210 notices late, as each client's accountability list counts them", async () => {
    const companies = await rows<{ id: number; cnpj: string; name: string }>("/api/companies?_end=100", null);
    const { today } = (await api("/api/regularity/overview", null)).json() as { today: string };
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const reply = await askAll("quais clientes tem comunicacao da lc 210 atrasada?");
    expect(reply.answererId).toBe("portfolio-lc210");
    let clients = 0;
    for (const company of companies) {
      const late = await totalOf(`/api/accountability-obligations?_end=1&kind=LC210&status=PENDENTE,PARCIAL&dueDate_lte=${yesterday}`, company);
      if (!late) continue;
      clients += 1;
      expect(reply.text).toContain(`**${company.name}**: ${late} ${late === 1 ? "atrasada" : "atrasadas"}`);
    }
    expect(clients).toBeGreaterThanOrEqual(1);
    expect(reply.text).toContain(`**${clients} ${clients === 1 ? "cliente tem" : "clientes têm"} comunicações da LC 210 atrasadas**`);
  });

  it("answers which emendas are at risk of impediment from the work plans' analyses and the bodies holding them", async () => {
    const db = ctx.database.db;
    const open = async (companyId: number, offset: number) => {
      const { rows: found } = (await db.execute(
        sql`select id, nr_transfer from imposition_transfers where company_id = ${companyId} and situation in ('CIENTE', 'AGUARDANDO_CONCLUSAO_PLANO_TRABALHO', 'AGUARDANDO_CIENCIA') order by id offset ${offset} limit 1`,
      )) as unknown as { rows: { id: number; nr_transfer: string }[] };
      return found[0];
    };
    // Nothing read of the work plans yet: the risk is unknown, and the assistant says so instead of "none".
    await db.execute(sql`delete from work_plan_analyses`);
    await db.execute(sql`delete from work_plan_pending_bodies`);
    await db.execute(sql`update imposition_transfers set work_plan_status = null where work_plan_status is not null`);
    const unknown = await askAll("quais emendas estao em risco de impedimento?");
    expect(unknown.text).toMatch(/^Não sei dizer quais emendas correm risco de impedimento: ainda não há análises de plano de trabalho lidas/);

    // Every open emenda's plan approved but three: one held by a ministry, one in complementation (another
    // client), and one approved; the exercise's impediment date near (the radar's calendar).
    const held = await open(1, 0);
    const complemented = await open(2, 0);
    const approved = await open(1, 1);
    await db.execute(sql`update imposition_transfers set work_plan_status = 'Aprovado'`);
    await db.execute(sql`update imposition_transfers set work_plan_status = 'Enviado para Análise' where id = ${held.id}`);
    await db.execute(sql`update imposition_transfers set work_plan_status = 'Em Complementação' where id = ${complemented.id}`);
    await db.execute(sql`insert into work_plan_pending_bodies (company_id, transfer_id, work_plan_id, body_id, body_name, pending_since, source, external_id)
      values (1, ${held.id}, 901, 26000, 'Ministério da Saúde', '2026-09-01T12:00:00Z', 'transferegov_especiais', 'test-pending-1')`);
    await db.execute(sql`insert into work_plan_analyses (company_id, transfer_id, kind, work_plan_id, body_name, planning_status, opinion, analysis_status, analyzed_at, source, external_id)
      values (2, ${complemented.id}, 'ANALYSIS', 902, 'Ministério das Cidades', 'EM_COMPLEMENTACAO', 'Solicitar Complementação', 'Concluída', '2026-10-05T12:00:00Z', 'transferegov_especiais', 'test-analysis-2'),
             (1, ${approved.id}, 'ANALYSIS', 903, 'Ministério da Educação', 'APROVADO', 'Aprovar Plano de Trabalho', 'Concluída', '2026-10-06T12:00:00Z', 'transferegov_especiais', 'test-analysis-3')`);
    const near = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await db.execute(sql`insert into risk_calendar (year, impediment_date, alert_days) select distinct year, ${near}::date, 30 from imposition_transfers
      where id in (${held.id}, ${complemented.id}, ${approved.id}) on conflict (year) do update set impediment_date = excluded.impediment_date, alert_days = 30`);

    // The same emendas, with the same reasons, as the risk queue lists them.
    const queue = (await api("/api/risks?kind=work-plan", null)).json() as { items: { reference: string; reason: string }[] };
    expect(queue.items.map((i) => i.reference).sort()).toEqual([held.nr_transfer, complemented.nr_transfer].sort());
    const reasonOf = (nr: string) => queue.items.find((i) => i.reference === nr)!.reason;
    expect(reasonOf(held.nr_transfer)).toContain("Ministério da Saúde");

    const reply = await askAll("quais emendas estao em risco de impedimento?");
    expect(reply.answererId).toBe("portfolio-impediment-risk");
    for (const [transfer, company] of [
      [held, SJC],
      [complemented, { id: 2, cnpj: "51885242000140" }],
    ] as const) {
      const [screen] = await rows<{ plannedValue: string }>(`/api/imposition-transfers?_end=1&nrTransfer=${transfer.nr_transfer}`, company);
      expect(reply.text).toContain(`emenda **${transfer.nr_transfer}** (${brl(screen.plannedValue)},`);
      expect(reply.text).toContain(reasonOf(transfer.nr_transfer));
    }
    expect(reply.text).not.toContain(approved.nr_transfer);
    expect(reply.text).toMatch(/São José dos Campos: emenda/);
    expect(reply.text).toMatch(/Campinas: emenda/);

    const one = await ask("quais emendas correm risco de impedimento?");
    expect(one.answererId).toBe("impediment-risk");
    expect(one.text).toContain(held.nr_transfer);
    expect(one.text).not.toContain(complemented.nr_transfer);
  });

  it("answers the top parliamentarians by value across clients, as the fundraising report ranks them", async () => {
    const report = (await api("/api/reports/fundraising", null)).json() as { byParliamentarian: { name: string; value: string }[] };
    expect(report.byParliamentarian.length).toBeGreaterThanOrEqual(3);
    const reply = await askAll("quais parlamentares mais destinaram recursos aos clientes?");
    expect(reply.answererId).toBe("portfolio-parliamentarians");
    report.byParliamentarian.slice(0, 5).forEach((p, i) => expect(reply.text.toLowerCase()).toContain(`${i + 1}. **${p.name.toLowerCase()}**: ${brl(p.value).toLowerCase()}`));
  });

  it("answers through the widget's endpoint when it says every client is chosen, and asks for a client on a one-client question", async () => {
    expect(portfolioVars()).toEqual({ cnpj: "", proponente: "", clientes: ALL_CLIENTS });
    const res = await admin({ method: "POST", url: PREDICTION, payload: { question: "O que posso perguntar para você?", overrideConfig: { vars: portfolioVars() } } });
    expect(res.statusCode).toBe(200);
    const text: string = res.json().text;
    expect(text).toContain("Com \"Todos os clientes\" escolhido, respondo sobre a carteira inteira");
    for (const example of [...text.matchAll(/^- (.+)$/gm)].map((m) => m[1])) expect((await askAll(example)).answererId, example).not.toBeNull();

    const oneClient = await askAll("qual o cnpj da prefeitura?");
    expect(oneClient.answererId).toBeNull();
    expect(oneClient.text).toContain("escolha um cliente no topo da página");
    expect(oneClient.text).not.toContain("R$");
  });
});
