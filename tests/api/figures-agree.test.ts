import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import { accountabilityChecklistItems, accountabilityObligations, users } from "../../server/db/schema";
import { isOpen, type ChecklistItem, type Obligation } from "../../src/domain/accountability";

/**
 * Figures that agree (issue 31 item 5): each figure a screen shows is computed here a second way, from
 * the rows it summarizes, and the two must match. (The payments report's top payees: reports.test.ts;
 * the dashboard's active transfers and a work-plan goal's value are computed in the SPA: unit tests.)
 */
const api = demoApi();
const db = () => api.ctx.database.db;

async function managerCompany(): Promise<number> {
  const [row] = await db().select({ companyId: users.companyId }).from(users).where(eq(users.email, "gestor@demo.local"));
  return row.companyId!;
}

/** Every obligation of the manager's company, page by page, in the list's own order. */
async function listedObligations(query = ""): Promise<Obligation[]> {
  const manager = await api.manager();
  const rows: Obligation[] = [];
  for (let start = 0; ; start += 200) {
    const res = await manager({ method: "GET", url: `/api/accountability-obligations?_start=${start}&_end=${start + 200}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Obligation[];
    rows.push(...page);
    if (page.length < 200) return rows;
  }
}

describe("the accountability list's figures agree with the obligation's own rows", () => {
  it("shows each obligation's checklist progress as the count of its own documents ready and listed, not another obligation's", async () => {
    const companyId = await managerCompany();
    const manager = await api.manager();
    // One obligation with two documents, none ready: the list must say 0/2, as its page says "0 de 2 prontos".
    const [ob] = await db()
      .select()
      .from(accountabilityObligations)
      .where(and(eq(accountabilityObligations.companyId, companyId), eq(accountabilityObligations.kind, "CONVENIO")))
      .limit(1);
    await db().delete(accountabilityChecklistItems).where(eq(accountabilityChecklistItems.obligationId, ob.id));
    for (const label of ["Relatório de cumprimento do objeto", "Extrato da conta específica"]) {
      const created = await manager({ method: "POST", url: "/api/accountability-checklist-items", payload: { obligationId: ob.id, label, done: false } });
      expect(created.statusCode, created.body).toBe(201);
    }
    const listed = await listedObligations();
    expect(listed.find((row) => row.id === ob.id)).toMatchObject({ checklistDone: 0, checklistTotal: 2 });

    // The second way, for every obligation listed: its checklist items, read through their own list.
    const items = await db().select({ obligationId: accountabilityChecklistItems.obligationId, done: accountabilityChecklistItems.done }).from(accountabilityChecklistItems).where(eq(accountabilityChecklistItems.companyId, companyId));
    const mismatches = listed.filter((row) => {
      const own = items.filter((item) => item.obligationId === row.id);
      return row.checklistTotal !== own.length || row.checklistDone !== own.filter((item) => item.done).length;
    });
    expect(mismatches.map((row) => `${row.id}: ${row.checklistDone}/${row.checklistTotal}`)).toEqual([]);

    // And through the API the obligation's page reads.
    const page = (await manager({ method: "GET", url: `/api/accountability-checklist-items?obligationId=${ob.id}&_start=0&_end=200` })).json() as ChecklistItem[];
    expect([page.filter((item) => item.done).length, page.length]).toEqual([0, 2]);
  });

  it("keeps a computed deadline computed when only the owner and the notes are saved, as the form sends every field", async () => {
    const companyId = await managerCompany();
    const manager = await api.manager();
    const [ob] = await db()
      .select()
      .from(accountabilityObligations)
      .where(and(eq(accountabilityObligations.companyId, companyId), eq(accountabilityObligations.kind, "CONVENIO"), eq(accountabilityObligations.dueDateManual, false)))
      .limit(1);
    expect(ob.dueDate).not.toBeNull();
    const [person] = await db().select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.email, "usuario@demo.local")));
    // What the follow-up form sends: every field, the due date as it was read.
    const saved = await manager({
      method: "PATCH",
      url: `/api/accountability-obligations/${ob.id}`,
      payload: { status: ob.status, dueDate: ob.dueDate, responsibleUserId: person.id, notes: "Responsável definido.", version: ob.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ dueDate: ob.dueDate, dueDateManual: false, notes: "Responsável definido." });
    // A date that differs is typed by hand, and says so.
    const typed = await manager({ method: "PATCH", url: `/api/accountability-obligations/${ob.id}`, payload: { dueDate: "2027-03-31", version: saved.json().version } });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ dueDate: "2027-03-31", dueDateManual: true });
    // Cleared, the computation has its say again.
    const cleared = await manager({ method: "PATCH", url: `/api/accountability-obligations/${ob.id}`, payload: { dueDate: null, version: typed.json().version } });
    expect(cleared.json()).toMatchObject({ dueDateManual: false });
  });

  it("lists what is still owed first, the overdue at the top, and what was already sent after it", async () => {
    const listed = await listedObligations();
    const open = (row: Obligation) => isOpen(row.status as Parameters<typeof isOpen>[0]);
    // The second way: the same rows sorted here, open before settled, then by due date (none last), then id.
    const expected = [...listed].sort(
      (a, b) => Number(!open(a)) - Number(!open(b)) || (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || a.id - b.id,
    );
    expect(listed.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    // The demo has both, so the order is really tested: overdue open obligations and ones already sent.
    const today = (await (await api.manager())({ method: "GET", url: "/api/accountability/overview" })).json().today as string;
    const firstSettled = listed.findIndex((row) => !open(row));
    const overdue = listed.map((row, index) => ({ row, index })).filter(({ row }) => open(row) && row.dueDate !== null && row.dueDate < today);
    expect(firstSettled).toBeGreaterThan(0);
    expect(overdue.length).toBeGreaterThan(0);
    expect(Math.max(...overdue.map(({ index }) => index))).toBeLessThan(firstSettled);
  });
});
