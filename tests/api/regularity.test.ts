import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, and, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import { demoApi } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { multipart } from "../support/siconv-dump";
import { startRecordedCkan } from "../support/tesouro-ckan";
import { regularityItemResource } from "../../server/regularity/routes";
import { companies, regularityItems, regularitySnapshots, users } from "../../server/db/schema";
import { CAUC_ITEMS, CAUC_LEGAL_BASIS } from "../../src/domain/regularity";

const FIXTURE = readFileSync(path.join(import.meta.dirname, "../fixtures/cauc/cauc-municipios-extrato.csv"));
// The Tesouro's portal serves the file in Windows-1252 as often as in UTF-8.
const ckan = await startRecordedCkan(iconv.encode(FIXTURE.toString("utf8"), "win1252"));
const api = demoApi({ env: { CAUC_CKAN_URL: ckan.url, TRANSFEREGOV_TIMEOUT_MS: "3000" } });
afterAll(() => ckan.close());

let serial = 0;
const certificate = () => ({
  kind: "OUTRA",
  code: `CERT-${++serial}`,
  label: "Certidão de regularidade do FGTS da autarquia de água",
  source: "CAIXA",
  status: "REGULAR",
  validUntil: "2027-03-31",
  checkedOn: "2026-11-01",
  evidenceUrl: "https://consulta-crf.caixa.gov.br/",
});

describeResourceContract(regularityItemResource, {
  api,
  validCreate: certificate,
  invalid: { body: { ...certificate(), status: "OK" }, field: "status" },
  patch: { notes: "Renovada pela tesouraria." },
});

const db = () => api.ctx.database.db;
async function companyByIbge(ibge: string) {
  const [row] = await db().select({ id: companies.id }).from(companies).where(eq(companies.ibgeCode, ibge));
  return row.id;
}
const upload = (content: Buffer, name = "cauc-municipios.csv") => ({ method: "POST" as const, url: "/api/regularity/cauc-import", ...multipart([{ name, content }]) });

describe("regularity (CAUC)", () => {
  let sjc: number;
  beforeAll(async () => {
    sjc = await companyByIbge("3549904");
    // The demo data was checked before the extract's search date (20/11/2026), whatever day the tests run.
    await db().update(regularityItems).set({ checkedOn: "2026-11-01" });
  });

  it("seeds every CAUC item of groups I to V for each municipality, with its group, source and legal basis", async () => {
    const res = await (await api.user())({ method: "GET", url: "/api/regularity-items?kind=CAUC&_start=0&_end=200" });
    expect(res.statusCode, res.body).toBe(200);
    const rows: { code: string; group: string; source: string; legalBasis: string; status: string }[] = res.json();
    expect(rows.map((r) => r.code).sort()).toEqual(CAUC_ITEMS.map((i) => i.code).sort());
    expect(rows.find((r) => r.code === "3.2.4")).toMatchObject({ group: "III", source: "SIOPS", legalBasis: CAUC_LEGAL_BASIS });
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThan(2);
    const overview = await (await api.user())({ method: "GET", url: "/api/regularity/overview" });
    expect(overview.json()).toMatchObject({ alertDays: 15, companyId: expect.any(Number) });
    expect((await (await api.admin())({ method: "GET", url: "/api/regularity/overview" })).json().companyId).toBeNull();
  });

  it("lets a MANAGER update an item by hand with its evidence, keeps the day's snapshot, and refuses a future check date", async () => {
    const manager = await api.manager();
    const [item] = await db().select().from(regularityItems).where(and(eq(regularityItems.companyId, sjc), eq(regularityItems.code, "3.2.4")));
    const today = (await manager({ method: "GET", url: "/api/regularity/overview" })).json().today as string;
    const res = await manager({
      method: "PATCH",
      url: `/api/regularity-items/${item.id}`,
      payload: { status: "REGULAR", validUntil: "2027-02-28", checkedOn: today, evidenceUrl: "https://siops.datasus.gov.br/comprovante.pdf", responsibleName: "Ana Souza", version: item.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "REGULAR", updatedBy: "MANUAL", responsibleName: "Ana Souza", rawValue: item.rawValue });
    const [snapshot] = await db().select().from(regularitySnapshots).where(and(eq(regularitySnapshots.companyId, sjc), eq(regularitySnapshots.takenOn, today)));
    const [{ regular }] = await db().select({ regular: sql<number>`count(*)::int` }).from(regularityItems).where(and(eq(regularityItems.companyId, sjc), eq(regularityItems.status, "REGULAR")));
    expect(snapshot.regular).toBe(regular);
    const future = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { checkedOn: "2199-01-01" } });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.checkedOn).toMatch(/futuro/);
    const user = await (await api.user())({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { status: "IRREGULAR" } });
    expect(user.statusCode).toBe(403);
  });

  it("refuses to remove a CAUC item, and to create one by hand", async () => {
    const manager = await api.manager();
    const [item] = await db().select().from(regularityItems).where(and(eq(regularityItems.companyId, sjc), eq(regularityItems.code, "1.1")));
    const removed = await manager({ method: "DELETE", url: `/api/regularity-items/${item.id}` });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().message).toMatch(/não podem ser excluídos/);
    const created = await manager({ method: "POST", url: "/api/regularity-items", payload: { ...certificate(), kind: "CAUC", code: "1.1" } });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.kind).toMatch(/catálogo do Tesouro/);
  });

  it("imports the national file into every registered municipality by IBGE code, keeps a later manual update, and is idempotent", async () => {
    const admin = await api.admin();
    const first = await admin(upload(FIXTURE));
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json();
    expect(result.checkedOn).toBe("2026-11-20");
    expect(result.rows).toBe(3);
    expect(result.applied.map((a: { ibgeCode: string }) => a.ibgeCode).sort()).toEqual(["3509502", "3549904"]);
    expect(result.missing.map((m: { name: string }) => m.name)).toContain("Belo Horizonte");

    const items = await db().select().from(regularityItems).where(eq(regularityItems.companyId, await companyByIbge("3509502")));
    const byCode = new Map(items.map((i) => [i.code, i]));
    expect(byCode.get("1.1")).toMatchObject({ status: "REGULAR", validUntil: "2026-12-02", rawValue: "02/12/26", checkedOn: "2026-11-20", updatedBy: "IMPORTACAO" });
    expect(byCode.get("1.5")).toMatchObject({ status: "IRREGULAR", rawValue: "10/11/26" });
    expect(byCode.get("2.1.2")).toMatchObject({ status: "A_COMPROVAR", rawValue: "!", validUntil: null });
    expect(byCode.get("4.3")).toMatchObject({ status: "DESABILITADO", rawValue: "Desabilitado" });
    const mine = new Map((await db().select().from(regularityItems).where(eq(regularityItems.companyId, sjc))).map((i) => [i.code, i]));
    expect(mine.get("3.6")).toMatchObject({ status: "SEM_INFORMACAO", rawValue: "" });
    // Checked by hand today, after the file's search date: the file does not overwrite it.
    expect(mine.get("3.2.4")).toMatchObject({ status: "REGULAR", updatedBy: "MANUAL", validUntil: "2027-02-28" });
    const [snapshot] = await db().select().from(regularitySnapshots).where(and(eq(regularitySnapshots.companyId, sjc), eq(regularitySnapshots.takenOn, "2026-11-20")));
    expect(snapshot).toBeDefined();

    const versions = await db().select({ id: regularityItems.id, version: regularityItems.version }).from(regularityItems).orderBy(regularityItems.id);
    const again = await admin(upload(FIXTURE));
    expect(again.statusCode).toBe(200);
    expect(again.json().applied.every((a: { items: number }) => a.items === 0)).toBe(true);
    expect(await db().select({ id: regularityItems.id, version: regularityItems.version }).from(regularityItems).orderBy(regularityItems.id)).toEqual(versions);
  });

  it("refuses the import to anyone but ADMIN, a body that is not a file, and a file that is not the CAUC's, in pt-BR", async () => {
    expect((await (await api.manager())(upload(FIXTURE))).statusCode).toBe(403);
    const admin = await api.admin();
    const json = await admin({ method: "POST", url: "/api/regularity/cauc-import", payload: { file: "x" } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/multipart/);
    const wrong = await admin(upload(Buffer.from("NR_CONVENIO;OBJETO\n1;x\n"), "siconv_convenio.csv"));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toMatch(/não é o CAUC/);
    const empty = await admin({ method: "POST", url: "/api/regularity/cauc-import", ...multipart([]) });
    expect(empty.statusCode).toBe(422);
  });

  it("downloads the file from Tesouro Transparente's CKAN (Windows-1252) and imports it; a refusal there is a 502 that says so", async () => {
    const admin = await api.admin();
    const res = await admin({ method: "POST", url: "/api/regularity/cauc-import/tesouro" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkedOn).toBe("2026-11-20");
    expect(ckan.requests).toEqual(["/api/3/action/package_show?id=cauc", "/dataset/a2b6f5b5-cauc/resource/9c2e/download/cauc-municipios.csv"]);
    ckan.failNext(403);
    const refused = await admin({ method: "POST", url: "/api/regularity/cauc-import/tesouro" });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/Tesouro Transparente não entregou o arquivo do CAUC \(resposta 403\)/);
    expect((await (await api.manager())({ method: "POST", url: "/api/regularity/cauc-import/tesouro" })).statusCode).toBe(403);
  });

  it("refuses the import to a USER, and an evidence id that is not an item's with a pt-BR 4xx", async () => {
    expect((await (await api.user())(upload(FIXTURE))).statusCode).toBe(403);
    expect((await (await api.user())({ method: "POST", url: "/api/regularity/cauc-import/tesouro" })).statusCode).toBe(403);
    for (const url of ["/api/regularity-items/abc/evidence", "/api/regularity-items/0/evidence", "/api/regularity-items/99999999999/evidence"]) {
      const res = await (await api.user())({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().message, url).toMatch(/Verifique os campos destacados|não encontrado/);
    }
  });

  it("lists the evolution snapshots of the company, oldest first", async () => {
    const res = await (await api.user())({ method: "GET", url: "/api/regularity-snapshots" });
    expect(res.statusCode).toBe(200);
    const days = res.json().map((s: { takenOn: string }) => s.takenOn);
    expect(days.length).toBeGreaterThanOrEqual(6);
    expect([...days].sort()).toEqual(days);
  });
});

describe("expiring CAUC items among the dashboard's deadlines", () => {
  const plus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it("lists a regular item whose validity ends within the company's caucAlertDays, follows a change of that setting, and leaves out lapsed ones", async () => {
    const manager = await api.manager();
    const admin = await api.admin();
    const sjc = await companyByIbge("3549904");
    const today = (await manager({ method: "GET", url: "/api/regularity/overview" })).json().today as string;
    const set = async (code: string, status: string, validUntil: string) => {
      const [item] = await db().select().from(regularityItems).where(and(eq(regularityItems.companyId, sjc), eq(regularityItems.code, code)));
      const res = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { status, validUntil, checkedOn: today, version: item.version } });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Every other item of the company out of the way, so the lead time alone decides.
    await db().update(regularityItems).set({ validUntil: plus(today, 400) }).where(eq(regularityItems.companyId, sjc));
    await set("1.1", "REGULAR", today);
    await set("2.1.1", "REGULAR", plus(today, 20));
    await set("3.2.4", "IRREGULAR", plus(today, 3));
    const { upcomingDeadlines } = await import("../../server/domain/transfers");
    const cauc = async () => (await upcomingDeadlines(db(), sjc, today, 10_000)).filter((d) => d.kind === "regularity").map((d) => `${d.key} ${d.date}`);

    const summary = (await manager({ method: "GET", url: "/api/dashboard/summary" })).json();
    expect(summary.alertDays.caucAlertDays).toBe(15);
    expect(summary.deadlines).toContainEqual(expect.objectContaining({ kind: "regularity", deadline: "caucValidUntil", key: "1.1", date: today }));
    expect(await cauc()).toEqual([`1.1 ${today}`]);

    const parametrization = { validityAlertDays: 60, accountabilityAlertDays: 30, caucAlertDays: 20, alertEmails: [] };
    expect((await admin({ method: "PATCH", url: `/api/companies/${sjc}`, payload: { parametrization } })).statusCode).toBe(200);
    expect(await cauc()).toEqual([`1.1 ${today}`, `2.1.1 ${plus(today, 20)}`]);
    // Another company's settings and items stay its own.
    const [other] = await db().select({ companyId: regularityItems.companyId }).from(regularityItems).where(sql`${regularityItems.companyId} <> ${sjc}`).limit(1);
    expect((await upcomingDeadlines(db(), other.companyId, today, 10_000)).some((d) => d.kind === "regularity" && ["1.1", "2.1.1"].includes(d.key) && d.date >= plus(today, 20))).toBe(false);
    await admin({ method: "PATCH", url: `/api/companies/${sjc}`, payload: { parametrization: { ...parametrization, caucAlertDays: 15 } } });
  });
});

describe("the item's responsible person", () => {
  it("is picked among the municipality's active users, takes the user's name, keeps a name typed before until someone is picked, and refuses anyone else", async () => {
    const manager = await api.manager();
    const sjc = await companyByIbge("3549904");
    const [legacy] = await db().select().from(regularityItems).where(and(eq(regularityItems.companyId, sjc), eq(regularityItems.code, "TCE-CONTAS")));
    expect(legacy).toMatchObject({ responsibleUserId: null, responsibleName: "Controladoria-Geral do Município" });
    const patch = async (payload: Record<string, unknown>) => manager({ method: "PATCH", url: `/api/regularity-items/${legacy.id}`, payload });
    // A change that does not pick anyone keeps the typed name readable.
    const notes = await patch({ notes: "Certidão pedida ao TCE.", responsibleUserId: null });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json()).toMatchObject({ responsibleUserId: null, responsibleName: "Controladoria-Geral do Município" });

    const people: { id: number; name: string; companyId: number | null; role: string }[] = (await manager({ method: "GET", url: "/api/users?_end=100" })).json();
    const colleague = people.find((p) => p.companyId === sjc && p.role === "USER")!;
    const picked = await patch({ responsibleUserId: colleague.id });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ responsibleUserId: colleague.id, responsibleName: colleague.name });

    const [stranger] = await db().select({ id: users.id }).from(users).where(sql`${users.companyId} <> ${sjc}`).limit(1);
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.role, "ADMIN")).limit(1);
    for (const id of [stranger.id, admin.id, 99_999_999, -1]) {
      const refused = await patch({ responsibleUserId: id });
      expect(refused.statusCode, String(id)).toBe(422);
      expect(refused.json().errors.responsibleUserId).toBe("Escolha como responsável um usuário desta prefeitura.");
    }
    await db().update(users).set({ active: false }).where(eq(users.id, colleague.id));
    expect((await patch({ responsibleUserId: colleague.id })).statusCode).toBe(422);
    await db().update(users).set({ active: true }).where(eq(users.id, colleague.id));

    const cleared = await patch({ responsibleUserId: null });
    expect(cleared.json()).toMatchObject({ responsibleUserId: null, responsibleName: null });
    const [stored] = await db().select().from(regularityItems).where(eq(regularityItems.id, legacy.id));
    expect(stored.responsibleUserId).toBeNull();
  });
});

describe("the demo CAUC's dates", () => {
  it("counts the days ahead from São Paulo's day, also between 21:00 and midnight there, when UTC is already tomorrow", async () => {
    const { seedRegularity } = await import("../../server/db/seed/regularity");
    const sjc = await companyByIbge("3549904");
    const undo = new Error("desfazer");
    // 22:30 of 23/11 in São Paulo: 01:30 of 24/11 in UTC.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T01:30:00Z") });
    try {
      await expect(
        db().transaction(async (tx) => {
          await tx.delete(regularitySnapshots).where(eq(regularitySnapshots.companyId, sjc));
          await tx.delete(regularityItems).where(eq(regularityItems.companyId, sjc));
          await seedRegularity(tx as never, [sjc]);
          const [fgts] = await tx.select().from(regularityItems).where(and(eq(regularityItems.companyId, sjc), eq(regularityItems.code, "1.3")));
          // Seeded to run out in 6 days: 23/11 + 6, as the CAUC screen counts them.
          expect(fgts.validUntil).toBe("2026-11-29");
          throw undo;
        }),
      ).rejects.toBe(undo);
    } finally {
      vi.useRealTimers();
    }
  });
});
