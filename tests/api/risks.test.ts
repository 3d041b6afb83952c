import { afterAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { describeActionContract } from "../support/action-contract";
import { startTestSmtp } from "../support/smtp";
import { companies, impositionTransfers, requirements, requirementTemplates, riskHandlings, users } from "../../server/db/schema";
import { riskActions } from "../../server/risks/routes";
import { riskItemsFor } from "../../server/risks/queries";
import { runDigest, smtpMailer } from "../../server/deadlines/digest";
import { todayInSaoPaulo } from "../../src/domain/dates";
import type { RiskItem, RiskQueue } from "../../src/domain/risks";

const smtp = await startTestSmtp();
const api = demoApi();
afterAll(() => smtp.close());

const db = () => api.ctx.database.db;

async function companyOf(email: string): Promise<number> {
  const [row] = await db().select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
  return row.companyId!;
}

async function adminQueue(query = ""): Promise<RiskQueue> {
  const res = await (await api.admin())({ method: "GET", url: `/api/risks${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function managerQueue(query = ""): Promise<RiskQueue> {
  const res = await (await api.manager())({ method: "GET", url: `/api/risks${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describeActionContract(riskActions.queue, { api, invalid: { url: "/api/risks?kind=inexistente", field: "kind" } });
describeActionContract(riskActions.assign, { api, invalid: { body: { keys: [], ownerId: null }, field: "keys" } });
describeActionContract(riskActions.changeState, { api, invalid: { body: { keys: ["cauc:1"], state: "ESQUECIDO" }, field: "state" } });

describe("the risk queue across clients", () => {
  it("lists, for the consultancy with every client, items of at least two municipalities, each with its client, reason, link with the client kept and an open state", async () => {
    const queue = await adminQueue();
    const clients = new Set(queue.items.map((i) => i.companyId));
    expect(clients.size).toBeGreaterThanOrEqual(2);
    const kinds = new Set(queue.items.map((i) => i.kind));
    for (const kind of ["work-plan", "cauc", "lc210", "idle-money", "sync"]) expect(kinds, kind).toContain(kind);
    const [company] = await db().select().from(companies).where(eq(companies.id, queue.items[0].companyId));
    expect(queue.items[0].companyName).toBe(company.name);
    for (const item of queue.items) {
      expect(item.reason.length, item.key).toBeGreaterThan(10);
      if (item.kind !== "sync") expect(item.link, item.key).toMatch(new RegExp(`[?&]authComp=${item.companyId}_\\d{14}`));
      expect(item.handling.state).toBe("OPEN");
    }
    expect(queue.owners.map((o) => o.name).length).toBeGreaterThan(0);
    expect(Number(queue.totalMoney)).toBeGreaterThan(0);
  });

  it("ranks what is late or due within a week first, and inside each band the most money first", async () => {
    const { items } = await adminQueue();
    const band = (i: RiskItem) => (i.overdue || (i.daysLeft !== null && i.daysLeft <= 7) ? 0 : i.daysLeft !== null && i.daysLeft <= 30 ? 1 : i.daysLeft !== null ? 2 : 3);
    for (let k = 1; k < items.length; k++) {
      const a = items[k - 1];
      const b = items[k];
      expect(band(a), `${a.key} antes de ${b.key}`).toBeLessThanOrEqual(band(b));
      if (band(a) === band(b)) expect(Number(a.money ?? 0), `${a.key} antes de ${b.key}`).toBeGreaterThanOrEqual(Number(b.money ?? 0));
    }
  });

  it("lists an emenda whose plan is held by a ministry near its impediment date, with the body, how long, the date and the money", async () => {
    const { items } = await adminQueue("?kind=work-plan");
    expect(items.length).toBeGreaterThan(0);
    const held = items.find((i) => /com Ministério/.test(i.reason));
    expect(held, JSON.stringify(items.slice(0, 3))).toBeTruthy();
    expect(held!.reason).toMatch(/há \d+ dias; impedimento técnico em \d{2}\/\d{2}\/\d{4} \(faltam \d+ dias\)/);
    expect(held!.deadline).not.toBeNull();
    expect(Number(held!.money)).toBeGreaterThan(0);
    expect(held!.link).toMatch(/^\/admin\/transactions-imposition\/info\/\d{8}-\d{6}\?authComp=/);
    expect(items.every((i) => i.kind === "work-plan")).toBe(true);
    // An approved plan is never at risk.
    const [approved] = await db().select({ id: impositionTransfers.id }).from(impositionTransfers).where(eq(impositionTransfers.workPlanStatus, "Aprovado")).limit(1);
    expect(items.some((i) => i.key === `work-plan:${approved.id}`)).toBe(false);
  });

  it("covers only the chosen clients when the consultancy names a set, and one when it chose a client in the header", async () => {
    const a = await companyOf("gestor@demo.local");
    const b = await companyOf("usuario2@demo.local");
    const set = await adminQueue(`?companyIds=${a},${b}`);
    expect(new Set(set.items.map((i) => i.companyId))).toEqual(new Set([a, b]));
    expect(set.companies.map((c) => c.id).sort()).toEqual([a, b].sort());
    const res = await (await api.admin())({ method: "GET", url: "/api/risks", headers: { "x-company-id": String(b) } });
    expect(res.statusCode).toBe(200);
    expect(new Set((res.json() as RiskQueue).items.map((i) => i.companyId))).toEqual(new Set([b]));
  });

  it("shows a MANAGER only its own municipality (never the sync sources), refuses another's, and refuses a USER", async () => {
    const own = await companyOf("gestor@demo.local");
    const other = await companyOf("usuario2@demo.local");
    const queue = await managerQueue();
    expect(queue.items.length).toBeGreaterThan(0);
    expect(queue.items.every((i) => i.companyId === own)).toBe(true);
    expect(queue.items.some((i) => i.kind === "sync")).toBe(false);
    expect(queue.companies).toEqual([expect.objectContaining({ id: own })]);
    const forged = await (await api.manager())({ method: "GET", url: `/api/risks?companyIds=${other}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/seus clientes/);
    expect((await (await api.user())({ method: "GET", url: "/api/risks" })).statusCode).toBe(403);
    expect((await (await api.anonymous())({ method: "GET", url: "/api/risks" })).statusCode).toBe(401);
  });

  it("answers every bad filter with a pt-BR 422 naming the field", async () => {
    const admin = await api.admin();
    for (const [query, field] of [
      ["companyIds=abc", "companyIds"],
      ["state=PERDIDO", "state"],
      ["owner=ninguem", "owner"],
      ["limit=0", "limit"],
      ["limit=5000", "limit"],
    ] as const) {
      const res = await admin({ method: "GET", url: `/api/risks?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});

describe("the risk queue in pages", () => {
  it("answers the page _start–_end of the same ranking, with the total and the money of the whole queue, and X-Total-Count", async () => {
    const whole = await adminQueue("?state=OPEN,IN_PROGRESS,WAITING_MUNICIPALITY,DONE,SNOOZED");
    expect(whole.total).toBeGreaterThan(6);
    const res = await (await api.admin())({ method: "GET", url: "/api/risks?state=OPEN,IN_PROGRESS,WAITING_MUNICIPALITY,DONE,SNOOZED&_start=2&_end=6" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(whole.total));
    const page: RiskQueue = res.json();
    expect(page.items).toEqual(whole.items.slice(2, 6));
    expect(page.total).toBe(whole.total);
    expect(page.totalMoney).toBe(whole.totalMoney);
    expect(page.owners).toEqual(whole.owners);
    // Past the end: no items, the same total.
    const beyond: RiskQueue = (await (await api.admin())({ method: "GET", url: `/api/risks?_start=${whole.total + 10}&_end=${whole.total + 60}` })).json();
    expect(beyond.items).toEqual([]);
  });

  it("answers a page that is empty, reversed or over 1000 items with a pt-BR 422 naming _end", async () => {
    const admin = await api.admin();
    for (const query of ["_start=10&_end=10", "_start=10&_end=5", "_start=0&_end=1001", "_end=abc", "_start=-1&_end=5"]) {
      const res = await admin({ method: "GET", url: `/api/risks?${query}` });
      expect(res.statusCode, query).toBe(422);
      const answer = JSON.stringify(res.json());
      expect(answer, query).toMatch(/_end|_start/);
      expect(answer, query).toMatch(/Página inválida/);
    }
  });
});

describe("handling items in batches", () => {
  it("assigns and snoozes several items at once; both persist, the snoozed leave the default view and return with their filter", async () => {
    const { items, owners } = await adminQueue("?kind=cauc,lc210,work-plan");
    const chosen = items.slice(0, 3).map((i) => i.key);
    expect(chosen.length).toBe(3);
    const admin = await api.admin();
    const owner = owners[0];
    const assigned = await admin({ method: "POST", url: "/api/risks/assign", payload: { keys: chosen, ownerId: owner.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toEqual({ updated: 3 });
    const mine = await adminQueue(`?owner=${owner.id}`);
    expect(mine.items.map((i) => i.key).sort()).toEqual([...chosen].sort());
    expect(mine.items.every((i) => i.handling.ownerName === owner.name)).toBe(true);

    const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const snoozed = await admin({ method: "POST", url: "/api/risks/state", payload: { keys: chosen.slice(0, 2), state: "SNOOZED", snoozedUntil: until } });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const active = await adminQueue();
    expect(active.items.some((i) => chosen.slice(0, 2).includes(i.key))).toBe(false);
    expect(active.items.find((i) => i.key === chosen[2])?.handling.ownerId).toBe(owner.id);
    const later = await adminQueue("?state=SNOOZED");
    expect(later.items.map((i) => i.key).sort()).toEqual(chosen.slice(0, 2).sort());
    expect(later.items.every((i) => i.handling.snoozedUntil === until && i.handling.ownerId === owner.id)).toBe(true);
    // Stored once per item, keyed by the item, nothing of its data.
    const rows = await db().select().from(riskHandlings).where(inArray(riskHandlings.itemKey, chosen));
    expect(rows.length).toBe(3);

    // Done, then open again.
    expect((await admin({ method: "POST", url: "/api/risks/state", payload: { keys: [chosen[2]], state: "DONE" } })).statusCode).toBe(200);
    expect((await adminQueue("?state=DONE")).items.map((i) => i.key)).toContain(chosen[2]);
    expect((await admin({ method: "POST", url: "/api/risks/state", payload: { keys: chosen, state: "OPEN" } })).statusCode).toBe(200);
    expect((await adminQueue("?state=OPEN")).items.filter((i) => chosen.includes(i.key)).length).toBe(3);
  });

  it("refuses, with a pt-BR 4xx and nothing written, a snooze without a future day, an unknown or foreign item, and an owner outside the consultancy", async () => {
    const { items } = await managerQueue();
    const key = items[0].key;
    const manager = await api.manager();
    const today = todayInSaoPaulo();
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(riskHandlings);
    const cases = [
      { payload: { keys: [key], state: "SNOOZED" }, message: /data depois de hoje/ },
      { payload: { keys: [key], state: "SNOOZED", snoozedUntil: today }, message: /data depois de hoje/ },
      { payload: { keys: [key], state: "SNOOZED", snoozedUntil: "2026-02-30" }, message: /use uma data válida/ },
      { payload: { keys: [key], state: "DONE", snoozedUntil: "2099-01-01" }, message: /só vale para adiar/ },
      { payload: { keys: [key, "cauc:999999"], state: "DONE" }, message: /Item não encontrado.*cauc:999999/ },
    ];
    for (const c of cases) {
      const res = await manager({ method: "POST", url: "/api/risks/state", payload: c.payload });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(422);
      expect(JSON.stringify(res.json())).toMatch(c.message);
    }
    // Another municipality's item is not in the manager's queue.
    const other = (await adminQueue(`?companyIds=${await companyOf("usuario2@demo.local")}`)).items[0];
    const foreign = await manager({ method: "POST", url: "/api/risks/assign", payload: { keys: [other.key], ownerId: null } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toMatch(/Item não encontrado/);
    // A person of another municipality cannot own the manager's items.
    const [stranger] = await db().select({ id: users.id }).from(users).where(eq(users.email, "usuario2@demo.local"));
    const owner = await manager({ method: "POST", url: "/api/risks/assign", payload: { keys: [key], ownerId: stranger.id } });
    expect(owner.statusCode).toBe(422);
    expect(owner.json().message).toMatch(/Responsável inválido/);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(riskHandlings);
    expect(after[0].n).toBe(before[0].n);
  });

  it("keeps a comment thread per item, counted on the queue's row", async () => {
    const { items } = await managerQueue();
    const key = items[1].key;
    const manager = await api.manager();
    const posted = await manager({ method: "POST", url: "/api/risks/comments", payload: { key, body: "Liguei para a secretaria; enviam a certidão até sexta." } });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ itemKey: key, authorName: expect.any(String) });
    const thread = await manager({ method: "GET", url: `/api/risks/comments?key=${encodeURIComponent(key)}` });
    expect(thread.statusCode).toBe(200);
    expect(thread.json().comments.map((c: { body: string }) => c.body)).toContain("Liguei para a secretaria; enviam a certidão até sexta.");
    expect((await managerQueue()).items.find((i) => i.key === key)?.handling.commentCount).toBe(1);
    expect((await manager({ method: "POST", url: "/api/risks/comments", payload: { key, body: "   " } })).statusCode).toBe(422);
    expect((await manager({ method: "GET", url: "/api/risks/comments?key=nada" })).statusCode).toBe(422);
  });

  it("generates the requirement document of a template for every selected item of an emenda, all or nothing", async () => {
    const { items } = await adminQueue("?kind=work-plan");
    const chosen = items.slice(0, 2);
    const [impositiva] = await db().select().from(requirementTemplates).where(eq(requirementTemplates.type, "IMPOSITIVA")).limit(1);
    const admin = await api.admin();
    const res = await admin({ method: "POST", url: "/api/risks/requirements", payload: { keys: chosen.map((i) => i.key), templateId: impositiva.id } });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().created as { key: string; requirementId: number; companyId: number }[];
    expect(created.length).toBe(2);
    const rows = await db().select().from(requirements).where(inArray(requirements.id, created.map((c) => c.requirementId)));
    expect(rows.every((r) => r.status === "RASCUNHO" && r.transferKind === "IMPOSITION")).toBe(true);
    expect(rows.map((r) => r.transferNumber).sort()).toEqual(chosen.map((i) => i.reference).sort());

    const [convenio] = await db().select().from(requirementTemplates).where(eq(requirementTemplates.type, "CONVENIO")).limit(1);
    if (convenio) {
      const count = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(requirements))[0].n;
      const before = await count();
      const refused = await admin({ method: "POST", url: "/api/risks/requirements", payload: { keys: chosen.map((i) => i.key), templateId: convenio.id } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/não serve/);
      expect(await count()).toBe(before);
    }
    expect((await admin({ method: "POST", url: "/api/risks/requirements", payload: { keys: [chosen[0].key], templateId: 999999 } })).statusCode).toBe(422);
  });
});

describe("the impediment radar", () => {
  async function heldTransfer(companyId: number) {
    const [t] = await db()
      .select({ id: impositionTransfers.id, nr: impositionTransfers.nrTransfer })
      .from(impositionTransfers)
      .where(and(eq(impositionTransfers.companyId, companyId), eq(impositionTransfers.workPlanStatus, "Em análise")))
      .limit(1);
    return t;
  }

  it("tells, for an emenda, where its plan stands, which body holds it since when, and the impediment date with its alert", async () => {
    const t = await heldTransfer(await companyOf("gestor@demo.local"));
    const res = await (await api.user())({ method: "GET", url: `/api/risks/radar/${t.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const radar = res.json();
    expect(radar.level).toBe("alert");
    expect(radar.workPlanStatus).toBe("Em análise");
    expect(radar.pendingBodies[0]).toMatchObject({ name: expect.stringMatching(/^Ministério/), days: expect.any(Number) });
    expect(radar.pendingBodies[0].days).toBeGreaterThanOrEqual(50);
    expect(radar.history.length).toBeGreaterThan(0);
    expect(radar.impedimentDate > radar.alertFrom).toBe(true);
    expect(radar.summary).toMatch(/impedimento técnico em/);
    // Another municipality's emenda is not found; a malformed id neither.
    const other = await heldTransfer(await companyOf("usuario2@demo.local"));
    expect((await (await api.manager())({ method: "GET", url: `/api/risks/radar/${other.id}` })).statusCode).toBe(404);
    expect((await (await api.manager())({ method: "GET", url: "/api/risks/radar/abc" })).statusCode).toBe(404);
  });

  it("follows the configurable calendar: a later impediment date takes the emenda out of the alert, and only the consultancy edits it", async () => {
    const t = await heldTransfer(await companyOf("gestor@demo.local"));
    const admin = await api.admin();
    const list = await admin({ method: "GET", url: "/api/risk-calendar" });
    expect(list.statusCode).toBe(200);
    const year = new Date().getFullYear();
    const row = (list.json() as { id: number; year: number; impedimentDate: string; version: number }[]).find((r) => r.year === year)!;
    const far = `${year + 1}-12-01`;
    const moved = await admin({ method: "PATCH", url: `/api/risk-calendar/${row.id}`, payload: { impedimentDate: far, version: row.version } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await admin({ method: "GET", url: `/api/risks/radar/${t.id}` })).json().level).toBe("on-time");
    expect((await adminQueue("?kind=work-plan")).items.some((i) => i.key === `work-plan:${t.id}`)).toBe(false);
    const back = await admin({ method: "PATCH", url: `/api/risk-calendar/${row.id}`, payload: { impedimentDate: row.impedimentDate, version: moved.json().version } });
    expect(back.statusCode).toBe(200);
    expect((await admin({ method: "POST", url: "/api/risk-calendar", payload: { year, impedimentDate: `${year}-05-05` } })).statusCode).toBe(409);
    expect((await admin({ method: "POST", url: "/api/risk-calendar", payload: { year: 2030, impedimentDate: "2030-05-05", alertDays: 0 } })).statusCode).toBe(422);
    expect((await (await api.manager())({ method: "POST", url: "/api/risk-calendar", payload: { year: 2031, impedimentDate: "2031-05-05" } })).statusCode).toBe(403);
  });

  it("sends the radar's alert in the daily digest e-mail, read from the local SMTP catcher", async () => {
    const companyId = await companyOf("gestor@demo.local");
    const t = await heldTransfer(companyId);
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    await db().update(companies).set({ parametrization: { ...(company.parametrization as object), alertEmails: ["prefeitura@teste.local"] } }).where(eq(companies.id, companyId));
    const before = smtp.messages.length;
    const outcome = await runDigest({ db: db(), mailer: smtpMailer(smtp.url), from: "SOL <prazos@sol.test>", origin: "https://sol.example.gov.br", now: Date.now() }, companyId, "MANUAL");
    expect(outcome.status).toBe("SENT");
    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.text).toContain("Emendas em risco de impedimento (plano de trabalho)");
    expect(mail.text).toMatch(/Impedimento técnico: Plano de trabalho «Em análise» com Ministério/);
    expect(mail.text).toContain(`[${t.nr}]`);
    expect(mail.text).toContain(`/admin/transactions-imposition/info/${t.nr}?authComp=${companyId}_`);
  });
});

describe("the monthly report's risk items", () => {
  it("gives every current item of the clients in any state, and the items closed since a day whose data no longer raises them", async () => {
    const companyId = await companyOf("gestor@demo.local");
    const { current } = await riskItemsFor(db(), [companyId]);
    expect(current.length).toBeGreaterThan(0);
    expect(current.every((i) => i.companyId === companyId)).toBe(true);
    await db().insert(riskHandlings).values({ companyId, itemKey: "cauc:987654", state: "DONE", doneAt: new Date() });
    const since = new Date(Date.now() - 86_400_000);
    const { closed } = await riskItemsFor(db(), [companyId], { includeDoneSince: since });
    expect(closed).toEqual([expect.objectContaining({ companyId, key: "cauc:987654", kind: "cauc" })]);
  });
});
