import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";

let ctx: TestContext;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const email of ["admin@demo.local", "gestor@demo.local", "usuario@demo.local", "usuario2@demo.local"]) {
    cookies[email] = await sessionCookie(ctx.app, email);
  }
});
afterAll(async () => ctx?.close());

const asUser = (email?: string) => as(ctx.app, email ? cookies[email] : undefined);
const admin = () => asUser("admin@demo.local");
const manager = () => asUser("gestor@demo.local");
const user = () => asUser("usuario@demo.local");
const otherUser = () => asUser("usuario2@demo.local");

interface Transfer {
  id: number;
  companyId: number;
  nrTransfer: string;
  year: number;
  situation: string;
  parliamentarianName: string;
  plannedValue: string;
  committedValue: string;
  paidValue: string;
  acceptedAt: string | null;
}

const cents = (v: string | number) => Math.round(Number(v) * 100);
const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
const sumCents = (rows: Record<string, unknown>[], field: string) => rows.reduce((acc, r) => acc + cents(r[field] as string), 0);

async function list<T = Transfer>(request: ReturnType<typeof asUser>, url: string) {
  const res = await request({ method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as T[], total: Number(res.headers["x-total-count"]) };
}

const newImposition = (overrides: Record<string, unknown> = {}) => ({
  nrTransfer: "09032026-999001",
  year: 2026,
  situation: "CIENTE",
  amendmentNumber: "202612340001",
  parliamentarianName: "MARIA TESTE SILVA",
  expenseCategory: "INVESTIMENTO",
  costingValue: 0,
  investmentValue: "500000.00",
  acceptedAt: "2026-03-10",
  objectName: "Reforma da praça central",
  executionStart: "2026-04-01",
  executionEnd: "2027-04-01",
  ...overrides,
});

describe("GET /api/imposition-transfers (list, tenancy and roles)", () => {
  it("gives a USER only the transfers of their own company, with X-Total-Count", async () => {
    const { rows, total } = await list(user(), "/api/imposition-transfers?_start=0&_end=100");
    expect(total).toBe(40);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.companyId))).toEqual(new Set([1]));
  });

  it("gives an ADMIN without authComp every company, and one company when x-company-id names it", async () => {
    expect((await list(admin(), "/api/imposition-transfers?_end=1")).total).toBe(120);
    const { rows, total } = await list((o) => admin()({ ...o, headers: { "x-company-id": "2" } }), "/api/imposition-transfers?_end=100");
    expect(total).toBe(40);
    expect(rows.every((r) => r.companyId === 2)).toBe(true);
  });

  it("refuses a USER who forges another company's header (403) and an anonymous visitor (401)", async () => {
    const forged = await user()({ method: "GET", url: "/api/imposition-transfers", headers: { "x-company-id": "2" } });
    expect(forged.statusCode).toBe(403);
    expect((await asUser()({ method: "GET", url: "/api/imposition-transfers" })).statusCode).toBe(401);
  });

  it("filters by year, situation (any of), parliamentarian, value and date ranges together", async () => {
    const all = (await list(user(), "/api/imposition-transfers?_end=100")).rows;
    const year = all[0].year;
    const url = `/api/imposition-transfers?_end=100&year=${year}&situation=CIENTE,CONCLUIDO&plannedValue_gte=100000&plannedValue_lte=3000000&acceptedAt_gte=${year}-01-01`;
    const { rows, total } = await list(user(), url);
    const expected = all.filter(
      (r) => r.year === year && ["CIENTE", "CONCLUIDO"].includes(r.situation) && Number(r.plannedValue) >= 100000 && Number(r.plannedValue) <= 3000000 && r.acceptedAt !== null && r.acceptedAt >= `${year}-01-01`,
    );
    expect(total).toBe(expected.length);
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  });

  it("finds by parliamentarian (accent- and case-insensitive contains) and by free text", async () => {
    const [first] = (await list(user(), "/api/imposition-transfers?_end=1")).rows;
    const part = first.parliamentarianName.split(" ")[1].toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
    const byName = await list(user(), `/api/imposition-transfers?_end=100&parliamentarianName_like=${encodeURIComponent(part)}`);
    expect(byName.rows.length).toBeGreaterThan(0);
    expect(byName.rows.every((r) => r.parliamentarianName.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().includes(part))).toBe(true);
    const byCode = await list(user(), `/api/imposition-transfers?q=${first.nrTransfer}`);
    expect(byCode.rows.map((r) => r.id)).toEqual([first.id]);
  });

  it("one list shape asked with other values, pages and companies answers each from its own values", async () => {
    // The same filters, sort and scope reuse one prepared statement: every value must still be the caller's.
    const shape = (year: number, start: number) => `/api/imposition-transfers?year=${year}&_sort=plannedValue&_order=desc&_start=${start}&_end=${start + 3}`;
    const mine = (await list(user(), "/api/imposition-transfers?_end=100")).rows;
    const theirs = (await list(otherUser(), "/api/imposition-transfers?_end=100")).rows;
    const years = [...new Set(mine.map((r) => r.year))].slice(0, 2);
    expect(years.length).toBe(2);
    const byPlanned = (rows: Transfer[], year: number) =>
      rows.filter((r) => r.year === year).sort((a, b) => cents(b.plannedValue) - cents(a.plannedValue) || b.id - a.id);
    for (const year of years) {
      for (const start of [0, 3]) {
        const page = await list(user(), shape(year, start));
        expect(page.rows.map((r) => r.id)).toEqual(byPlanned(mine, year).slice(start, start + 3).map((r) => r.id));
        expect(page.total).toBe(byPlanned(mine, year).length);
        const other = await list(otherUser(), shape(year, start));
        expect(other.rows.every((r) => r.companyId === theirs[0].companyId)).toBe(true);
        expect(other.total).toBe(byPlanned(theirs, year).length);
      }
      const totals = (await user()({ method: "GET", url: `/api/imposition-transfers/totals?year=${year}` })).json();
      expect(totals.count).toBe(byPlanned(mine, year).length);
      expect(cents(totals.plannedValue)).toBe(sumCents(byPlanned(mine, year) as unknown as Record<string, unknown>[], "plannedValue"));
    }
  });

  it("refuses unknown filters, unknown sort keys and invalid values with 400 in pt-BR", async () => {
    const unknown = await user()({ method: "GET", url: "/api/imposition-transfers?foo=1" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Filtro desconhecido: foo");
    const sort = await user()({ method: "GET", url: "/api/imposition-transfers?_sort=internalNotes&_order=asc" });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe("Campo de ordenação desconhecido: internalNotes");
    expect((await user()({ method: "GET", url: "/api/imposition-transfers?situation=QUALQUER" })).statusCode).toBe(400);
    expect((await user()({ method: "GET", url: "/api/imposition-transfers?plannedValue_gte=muito" })).statusCode).toBe(400);
  });

  it("sorts by planned value descending, with ties broken by id", async () => {
    const { rows } = await list(user(), "/api/imposition-transfers?_end=100&_sort=plannedValue&_order=desc");
    const values = rows.map((r) => cents(r.plannedValue));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it("pages at the edges: the last partial page, past the end, and _end before _start", async () => {
    expect((await list(user(), "/api/imposition-transfers?_start=38&_end=45")).rows).toHaveLength(2);
    const past = await list(user(), "/api/imposition-transfers?_start=400&_end=410");
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(40);
    expect((await user()({ method: "GET", url: "/api/imposition-transfers?_start=10&_end=5" })).statusCode).toBe(400);
    expect((await list(admin(), "/api/imposition-transfers?_start=0&_end=1000")).rows).toHaveLength(100);
  });
});

describe("GET /api/imposition-transfers/totals", () => {
  it("sums planned, committed and paid values of exactly the filtered set", async () => {
    const filter = "situation=CIENTE&situation=CONCLUIDO";
    const { rows } = await list(user(), `/api/imposition-transfers?_end=100&${filter}`);
    const res = await user()({ method: "GET", url: `/api/imposition-transfers/totals?${filter}` });
    expect(res.statusCode).toBe(200);
    const totals = res.json();
    expect(totals.count).toBe(rows.length);
    expect(cents(totals.plannedValue)).toBe(sumCents(rows as never, "plannedValue"));
    expect(cents(totals.committedValue)).toBe(sumCents(rows as never, "committedValue"));
    expect(cents(totals.paidValue)).toBe(sumCents(rows as never, "paidValue"));
  });

  it("refuses unknown filters like the list does", async () => {
    expect((await user()({ method: "GET", url: "/api/imposition-transfers/totals?nope=1" })).statusCode).toBe(400);
  });
});

describe("imposition transfer by NR_TRANSFER and id", () => {
  it("returns the company's transfer by its NR_TRANSFER, and 404 for another company's", async () => {
    const [own] = (await list(user(), "/api/imposition-transfers?_end=1")).rows;
    const res = await user()({ method: "GET", url: `/api/imposition-transfers/nr/${own.nrTransfer}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: own.id, nrTransfer: own.nrTransfer });
    const [foreign] = (await list(otherUser(), "/api/imposition-transfers?_end=1")).rows;
    const hidden = await user()({ method: "GET", url: `/api/imposition-transfers/nr/${foreign.nrTransfer}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Transferência não encontrada.");
    expect((await user()({ method: "GET", url: `/api/imposition-transfers/${foreign.id}` })).statusCode).toBe(404);
  });

  it("refuses a malformed NR_TRANSFER with a pt-BR message", async () => {
    const res = await user()({ method: "GET", url: "/api/imposition-transfers/nr/abc" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.key).toBe("Código do plano de ação inválido.");
  });
});

describe("writing imposition transfers", () => {
  it("lets a MANAGER create one in their company and reads it back with its computed planned value", async () => {
    const res = await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ expenseCategory: "CUSTEIO E INVESTIMENTO", costingValue: "100000.50" }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ companyId: 1, plannedValue: "600000.50", committedValue: "0.00", paidValue: "0.00", isPublic: true });
  });

  it("refuses a duplicate NR_TRANSFER in the same company with 409 on the field", async () => {
    const res = await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition() });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.nrTransfer).toBe("Já existe uma transferência com este código de plano de ação.");
  });

  it("refuses a USER (403) and an ADMIN who has not chosen a company (422)", async () => {
    expect((await user()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: "09032026-999002" }) })).statusCode).toBe(403);
    const res = await admin()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: "09032026-999002" }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Selecione um cliente antes de continuar.");
  });

  it("validates every field with pt-BR messages", async () => {
    const res = await manager()({
      method: "POST",
      url: "/api/imposition-transfers",
      payload: newImposition({ nrTransfer: "123", amendmentNumber: "12", costingValue: -5, situation: "X", year: 1990, executionEnd: "2026-01-01" }),
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.nrTransfer).toBe("Código do plano de ação no formato 09032025-079703.");
    expect(errors.amendmentNumber).toMatch(/12 dígitos/);
    expect(errors.costingValue).toBe("Valor de custeio não pode ser negativo.");
    expect(errors.situation).toBe("Situação inválida.");
    expect(errors.year).toBe("O ano precisa estar entre 2000 e 2100.");
  });

  it("refuses an execution end before its start, also when only one side changes", async () => {
    const created = (await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: "09032026-999003" }) })).json();
    const bad = await manager()({ method: "PATCH", url: `/api/imposition-transfers/${created.id}`, payload: { executionEnd: "2026-01-01" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe("O fim da execução não pode ser antes do início.");
    const ok = await manager()({ method: "PATCH", url: `/api/imposition-transfers/${created.id}`, payload: { situation: "CONCLUIDO", isPublic: false } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ situation: "CONCLUIDO", isPublic: false });
  });

  it("answers 404 when a MANAGER edits or deletes another company's transfer, and 403 for a USER delete", async () => {
    const [foreign] = (await list(otherUser(), "/api/imposition-transfers?_end=1")).rows;
    expect((await manager()({ method: "PATCH", url: `/api/imposition-transfers/${foreign.id}`, payload: { situation: "CONCLUIDO" } })).statusCode).toBe(404);
    expect((await manager()({ method: "DELETE", url: `/api/imposition-transfers/${foreign.id}` })).statusCode).toBe(404);
    expect((await user()({ method: "DELETE", url: `/api/imposition-transfers/${foreign.id}` })).statusCode).toBe(403);
  });

  it("deletes a transfer with its payments", async () => {
    const created = (await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: "09032026-999004" }) })).json();
    await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: created.id, kind: "COMMITMENT", documentNumber: "2026NE000001", paymentDate: "2026-04-02", amount: 10 } });
    expect((await manager()({ method: "DELETE", url: `/api/imposition-transfers/${created.id}` })).statusCode).toBe(200);
    expect((await user()({ method: "GET", url: `/api/imposition-transfers/${created.id}` })).statusCode).toBe(404);
    expect((await list(user(), `/api/transaction-payments?impositionTransferId=${created.id}`)).total).toBe(0);
  });
});

describe("GET /api/imposition-transfers/export", () => {
  it("exports the whole filtered set as CSV (BOM, ';', pt-BR dates and decimals), not just one page", async () => {
    const res = await admin()({ method: "GET", url: "/api/imposition-transfers/export?format=csv&_sort=plannedValue&_order=desc" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="transferencias-impositivas-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(lines[0].split(";").slice(0, 3)).toEqual(["Código do plano de ação", "Ano", "Situação"]);
    expect(lines).toHaveLength(1 + (await list(admin(), "/api/imposition-transfers?_end=1")).total);
    expect(lines[1]).toMatch(/;\d+,\d{2};/);
    expect(lines.slice(1).some((l) => /;\d{2}\/\d{2}\/\d{4}/.test(l))).toBe(true);
  });

  it("exports XLSX for the filtered set and refuses an unknown format", async () => {
    const res = await user()({ method: "GET", url: "/api/imposition-transfers/export?format=xlsx&situation=CIENTE" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const { total } = await list(user(), "/api/imposition-transfers?situation=CIENTE");
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(2).getCell(3).value).toBe("Ciente");
    expect((await user()({ method: "GET", url: "/api/imposition-transfers/export?format=pdf" })).statusCode).toBe(422);
    expect((await user()({ method: "GET", url: "/api/imposition-transfers/export?format=csv&nope=1" })).statusCode).toBe(400);
  });
});

describe("/api/transaction-payments", () => {
  async function freshTransfer(nr: string) {
    const res = await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: nr, costingValue: 0, investmentValue: 1000 }) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Transfer;
  }
  const transfer = async (id: number) => (await user()({ method: "GET", url: `/api/imposition-transfers/${id}` })).json() as Transfer;

  it("lets a USER record a commitment and a bank order, and the transfer's and list's totals follow", async () => {
    const t = await freshTransfer("09032026-999010");
    const before = (await user()({ method: "GET", url: "/api/imposition-transfers/totals" })).json();
    const ne = await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, kind: "COMMITMENT", documentNumber: "2026NE000010", paymentDate: "2026-04-10", amount: 1000 } });
    expect(ne.statusCode, ne.body).toBe(201);
    expect(ne.json()).toMatchObject({ kind: "COMMITMENT", status: "EFETIVADO", amount: "1000.00", transferKind: "imposition", nrTransfer: "09032026-999010" });
    await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, kind: "BANK_ORDER", documentNumber: "2026OB000011", paymentDate: "2026-05-10", amount: "400.25" } });
    expect(await transfer(t.id)).toMatchObject({ committedValue: "1000.00", paidValue: "400.25" });
    const after = (await user()({ method: "GET", url: "/api/imposition-transfers/totals" })).json();
    expect(cents(after.paidValue) - cents(before.paidValue)).toBe(40025);
    expect(cents(after.committedValue) - cents(before.committedValue)).toBe(100000);
  });

  it("counts only effective movements of the paying kinds: cancelling or deleting one gives the money back", async () => {
    const t = await freshTransfer("09032026-999011");
    await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, kind: "COMMITMENT", documentNumber: "2026NE000019", paymentDate: "2026-05-01", amount: 1000 } });
    const ob = (await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, kind: "BANK_ORDER", documentNumber: "2026OB000020", paymentDate: "2026-05-10", amount: 300 } })).json();
    await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, kind: "SUPPLIER_PAYMENT", documentNumber: "2026NS000021", paymentDate: "2026-05-11", amount: 250 } });
    await user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, kind: "BANK_ORDER", status: "PENDENTE", documentNumber: "2026OB000022", paymentDate: "2026-05-12", amount: 50 } });
    expect((await transfer(t.id)).paidValue).toBe("300.00");
    const cancel = await user()({ method: "PATCH", url: `/api/transaction-payments/${ob.id}`, payload: { status: "CANCELADO" } });
    expect(cancel.statusCode).toBe(200);
    expect((await transfer(t.id)).paidValue).toBe("0.00");
    await user()({ method: "PATCH", url: `/api/transaction-payments/${ob.id}`, payload: { status: "EFETIVADO" } });
    expect((await user()({ method: "DELETE", url: `/api/transaction-payments/${ob.id}` })).statusCode).toBe(403);
    expect((await manager()({ method: "DELETE", url: `/api/transaction-payments/${ob.id}` })).statusCode).toBe(200);
    expect((await transfer(t.id)).paidValue).toBe("0.00");
  });

  it("refuses money that cannot add up (issue 12): a commitment above the planned value, a payment above the committed total, also by an edit or a status change; pending payments do not count", async () => {
    const t = await freshTransfer("09032026-999012");
    const pay = (payload: Record<string, unknown>) => user()({ method: "POST", url: "/api/transaction-payments", payload: { impositionTransferId: t.id, paymentDate: "2026-05-10", ...payload } });
    const movements = async () => (await list(user(), `/api/transaction-payments?impositionTransferId=${t.id}`)).total;

    const tooMuch = await pay({ kind: "COMMITMENT", documentNumber: "2026NE000040", amount: "1000.01" });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe("O empenho levaria o total empenhado a R$ 1.000,01, acima do valor previsto da transferência (R$ 1.000,00).");
    expect(tooMuch.json().errors.amount).toBe("Restam R$ 1.000,00 para empenhar nesta transferência.");
    expect(await movements()).toBe(0);

    expect((await pay({ kind: "COMMITMENT", documentNumber: "2026NE000041", amount: 600 })).statusCode).toBe(201);
    const overPaid = await pay({ kind: "BANK_ORDER", documentNumber: "2026OB000042", amount: 600.5 });
    expect(overPaid.statusCode).toBe(422);
    expect(overPaid.json().message).toBe("O pagamento levaria o total pago a R$ 600,50, acima do total empenhado (R$ 600,00).");

    // A pending order is accepted (it moves no money); effecting it, or raising a paid one, is refused.
    const pending = await pay({ kind: "BANK_ORDER", status: "PENDENTE", documentNumber: "2026OB000043", amount: 700 });
    expect(pending.statusCode, pending.body).toBe(201);
    const effect = await user()({ method: "PATCH", url: `/api/transaction-payments/${pending.json().id}`, payload: { status: "EFETIVADO" } });
    expect(effect.statusCode).toBe(422);
    expect(effect.json().message).toMatch(/acima do total empenhado \(R\$ 600,00\)/);
    const paid = (await pay({ kind: "BANK_ORDER", documentNumber: "2026OB000044", amount: 500 })).json();
    const raised = await user()({ method: "PATCH", url: `/api/transaction-payments/${paid.id}`, payload: { amount: 650 } });
    expect(raised.statusCode).toBe(422);
    expect(await transfer(t.id)).toMatchObject({ committedValue: "600.00", paidValue: "500.00" });
    expect(await movements()).toBe(3);
  });

  it("refuses values that contradict the expense category, naming the field", async () => {
    const res = await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: "09032026-999013", expenseCategory: "CUSTEIO", costingValue: "150000.00", investmentValue: "50000.00" }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.investmentValue).toBe("Categoria Custeio: o valor de investimento precisa ser zero.");
    expect((await list(user(), "/api/imposition-transfers?q=09032026-999013")).total).toBe(0);
  });

  it("records payments on voluntary transfers: disbursements are paid, commitments committed", async () => {
    const [conv] = (await list<Transfer>(user(), "/api/voluntary-transfers?_end=1&status=EM_EXECUCAO")).rows;
    const res = await user()({ method: "POST", url: "/api/transaction-payments", payload: { voluntaryTransferId: conv.id, kind: "DISBURSEMENT", documentNumber: "2026OB777777", paymentDate: "2026-06-01", amount: 1234.56 } });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await user()({ method: "GET", url: `/api/voluntary-transfers/${conv.id}` })).json();
    expect(cents(after.paidValue) - cents(conv.paidValue)).toBe(123456);
  });

  it("refuses a payment on another company's transfer (404), on both or no transfer, or with a zero amount (422)", async () => {
    const [foreign] = (await list(otherUser(), "/api/imposition-transfers?_end=1")).rows;
    const base = { kind: "BANK_ORDER", documentNumber: "2026OB000030", paymentDate: "2026-05-10", amount: 10 };
    const hidden = await user()({ method: "POST", url: "/api/transaction-payments", payload: { ...base, impositionTransferId: foreign.id } });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Transferência não encontrada.");
    const none = await user()({ method: "POST", url: "/api/transaction-payments", payload: base });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.impositionTransferId).toMatch(/Informe a transferência/);
    expect((await user()({ method: "POST", url: "/api/transaction-payments", payload: { ...base, impositionTransferId: 1, voluntaryTransferId: 1 } })).statusCode).toBe(422);
    const zero = await user()({ method: "POST", url: "/api/transaction-payments", payload: { ...base, impositionTransferId: 1, amount: 0 } });
    expect(zero.json().errors.amount).toBe("O valor precisa ser maior que zero.");
    const badDate = await user()({ method: "POST", url: "/api/transaction-payments", payload: { ...base, impositionTransferId: 1, paymentDate: "10/05/2026" } });
    expect(badDate.json().errors.paymentDate).toBe("A data: use uma data válida.");
    expect((await asUser()({ method: "POST", url: "/api/transaction-payments", payload: { ...base, impositionTransferId: 1 } })).statusCode).toBe(401);
  });

  it("lists a transfer's payments filtered and sorted, newest first by default, within the tenant", async () => {
    const [t] = (await list(user(), "/api/imposition-transfers?_end=1&situation=CONCLUIDO&paidValue_gte=1")).rows;
    const { rows } = await list<{ impositionTransferId: number; paymentDate: string; companyId: number }>(user(), `/api/transaction-payments?impositionTransferId=${t.id}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.impositionTransferId === t.id && r.companyId === 1)).toBe(true);
    const dates = rows.map((r) => r.paymentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const other = await list<{ companyId: number }>(otherUser(), `/api/transaction-payments?impositionTransferId=${t.id}`);
    expect(other.total).toBe(0);
    expect((await user()({ method: "GET", url: "/api/transaction-payments?kind=NOPE" })).statusCode).toBe(400);
  });

  it("keeps every transfer's stored totals equal to the sum of its effective payments", async () => {
    const { rows } = await list<Transfer>(user(), "/api/imposition-transfers?_end=100");
    for (const t of rows.slice(0, 15)) {
      const payments = (await list<{ kind: string; status: string; amount: string }>(user(), `/api/transaction-payments?_end=100&impositionTransferId=${t.id}&status=EFETIVADO`)).rows;
      expect(cents(t.paidValue)).toBe(sumCents(payments.filter((p) => p.kind === "BANK_ORDER"), "amount"));
      expect(cents(t.committedValue)).toBe(sumCents(payments.filter((p) => p.kind === "COMMITMENT"), "amount"));
    }
  });
});

describe("voluntary and fund-to-fund transfers", () => {
  it("lists convênios with filters and totals, and finds one by NR_CONVENIO", async () => {
    const { rows, total } = await list<Transfer & { status: string; transferValue: string }>(user(), "/api/voluntary-transfers?_end=100&status=EM_EXECUCAO&status=ASSINADO&_sort=transferValue&_order=asc");
    expect(rows.every((r) => ["EM_EXECUCAO", "ASSINADO"].includes(r.status))).toBe(true);
    const totals = (await user()({ method: "GET", url: "/api/voluntary-transfers/totals?status=EM_EXECUCAO&status=ASSINADO" })).json();
    expect(totals.count).toBe(total);
    expect(cents(totals.plannedValue)).toBe(sumCents(rows as never, "transferValue"));
    const one = await user()({ method: "GET", url: `/api/voluntary-transfers/nr/${rows[0].nrTransfer}` });
    expect(one.json().id).toBe(rows[0].id);
    expect((await user()({ method: "GET", url: "/api/voluntary-transfers/nr/12345" })).statusCode).toBe(422);
  });

  it("creates a convênio (MANAGER) and refuses a validity that ends before it starts", async () => {
    const payload = { nrTransfer: "765432", year: 2026, modality: "CONVENIO", status: "ASSINADO", object: "Construção de creche", transferValue: 900000, counterpartValue: 45000, validityStart: "2026-05-01", validityEnd: "2028-05-01" };
    const res = await manager()({ method: "POST", url: "/api/voluntary-transfers", payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().globalValue).toBe("945000.00");
    const bad = await manager()({ method: "POST", url: "/api/voluntary-transfers", payload: { ...payload, nrTransfer: "765433", validityEnd: "2026-01-01" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.validityEnd).toBe("O fim da vigência não pode ser antes do início.");
  });

  it("lists fund-to-fund plans, finds one by codPlan and hides other companies' plans", async () => {
    const { rows } = await list<{ id: number; codPlan: string; companyId: number }>(user(), "/api/fund-to-fund-transfers?_end=100");
    expect(rows.length).toBe(18);
    const one = await user()({ method: "GET", url: `/api/fund-to-fund-transfers/cod-plan/${rows[0].codPlan}` });
    expect(one.statusCode).toBe(200);
    const foreign = (await list<{ codPlan: string }>(otherUser(), "/api/fund-to-fund-transfers?_end=1")).rows[0];
    expect((await user()({ method: "GET", url: `/api/fund-to-fund-transfers/cod-plan/${foreign.codPlan}` })).statusCode).toBe(404);
    const totals = (await user()({ method: "GET", url: "/api/fund-to-fund-transfers/totals" })).json();
    expect(totals.count).toBe(18);
  });
});

describe("GET /api/dashboard/summary", () => {
  it("sums a USER's own company only, by kind and year, and the ADMIN's view across companies is larger", async () => {
    const own = (await user()({ method: "GET", url: "/api/dashboard/summary" })).json();
    const all = (await admin()({ method: "GET", url: "/api/dashboard/summary" })).json();
    const count = (s: { totals: { kind: string; count: number }[] }, kind: string) => s.totals.filter((r) => r.kind === kind).reduce((a, r) => a + r.count, 0);
    const ownList = await list(user(), "/api/imposition-transfers?_end=1");
    expect(count(own, "imposition")).toBe(ownList.total);
    expect(count(all, "imposition")).toBeGreaterThan(count(own, "imposition"));
    expect(own.companyId).toBe(1);
    expect(all.companyId).toBeNull();
  });

  it("shows the latest effective payments newest first and the deadlines within the company's default lead times, soonest first", async () => {
    const s = (await user()({ method: "GET", url: "/api/dashboard/summary" })).json();
    const dates = s.latestPayments.map((p: { paymentDate: string }) => p.paymentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(s.latestPayments.every((p: { status: string; companyId: number }) => p.status === "EFETIVADO" && p.companyId === 1)).toBe(true);
    expect(s.company).toEqual({ id: 1, name: "São José dos Campos" });
    expect(s.alertDays).toEqual({ validityAlertDays: 60, accountabilityAlertDays: 30, caucAlertDays: 15 });
    const deadlines: { date: string; deadline: string }[] = s.deadlines;
    const within = (d: { date: string; deadline: string }) => d.date <= plusDays(s.today, d.deadline === "accountabilityDeadline" ? 30 : 60);
    expect(deadlines.every((d) => d.date >= s.today && within(d))).toBe(true);
    expect(deadlines.map((d) => d.date)).toEqual(deadlines.map((d) => d.date).sort());
  });

  it("follows the company's own alert settings for each kind of deadline", async () => {
    const created = await admin()({ method: "POST", url: "/api/companies", payload: { cnpj: "11.222.333/0001-81", name: "Santos", ibgeCode: "3548500" } });
    expect(created.statusCode, created.body).toBe(201);
    const santos = created.json();
    const inSantos = (options: Parameters<ReturnType<typeof admin>>[0]) =>
      admin()({ ...options, headers: { "x-company-id": String(santos.id), "x-company-cnpj": santos.cnpj } });
    const { today } = (await inSantos({ method: "GET", url: "/api/dashboard/summary" })).json();
    const convenio = (nrTransfer: string, validityEnd: number, accountability: number) => ({
      nrTransfer, year: 2026, modality: "CONVENIO", status: "EM_EXECUCAO", object: `Convênio ${nrTransfer}`, transferValue: 100000, counterpartValue: 0,
      validityStart: plusDays(today, -300), validityEnd: plusDays(today, validityEnd), accountabilityDeadline: plusDays(today, accountability),
    });
    for (const payload of [convenio("700001", 40, 100), convenio("700002", 50, 110), convenio("700003", 200, 20)]) {
      const res = await inSantos({ method: "POST", url: "/api/voluntary-transfers", payload });
      expect(res.statusCode, res.body).toBe(201);
    }
    const shown = async (validityAlertDays: number, accountabilityAlertDays: number) => {
      const parametrization = { validityAlertDays, accountabilityAlertDays, caucAlertDays: 15, alertEmails: [] };
      expect((await admin()({ method: "PATCH", url: `/api/companies/${santos.id}`, payload: { parametrization } })).statusCode).toBe(200);
      const summary = (await inSantos({ method: "GET", url: "/api/dashboard/summary" })).json();
      expect(summary.alertDays).toMatchObject({ validityAlertDays, accountabilityAlertDays });
      return summary.deadlines.map((d: { key: string; deadline: string }) => `${d.key} ${d.deadline}`);
    };
    expect(await shown(45, 25)).toEqual(["700003 accountabilityDeadline", "700001 validityEnd"]);
    expect(await shown(60, 15)).toEqual(["700001 validityEnd", "700002 validityEnd"]);
    expect(await shown(30, 90)).toEqual(["700003 accountabilityDeadline"]);
    // Across every company each row follows its own company's settings.
    const all = (await admin()({ method: "GET", url: "/api/dashboard/summary" })).json();
    expect(all).toMatchObject({ alertDays: null, company: null });
    const { upcomingDeadlines } = await import("../../server/domain/transfers");
    const national = (await upcomingDeadlines(ctx.database.db, null, today, 10_000)).map((d) => `${d.key} ${d.deadline}`);
    expect(national).toContain("700003 accountabilityDeadline");
    expect(national).not.toContain("700001 validityEnd");
    const sjc = (await upcomingDeadlines(ctx.database.db, 1, today, 10_000)).map((d) => d.date);
    expect(sjc.every((date) => date <= plusDays(today, 60))).toBe(true);
  });

  it("refuses an anonymous visitor and a forged company header", async () => {
    expect((await asUser()({ method: "GET", url: "/api/dashboard/summary" })).statusCode).toBe(401);
    expect((await user()({ method: "GET", url: "/api/dashboard/summary", headers: { "x-company-id": "3" } })).statusCode).toBe(403);
  });
});

describe("domain helpers the SOL assistant reuses", () => {
  it("latestPayment gives the company's newest effective payment with its transfer", async () => {
    const { latestPayment } = await import("../../server/domain/transfers");
    const payment = await latestPayment(ctx.database.db, 1);
    const { rows } = await list<{ id: number; paymentDate: string }>(user(), "/api/transaction-payments?status=EFETIVADO&_sort=paymentDate,id&_order=desc,desc&_end=1");
    expect(payment?.id).toBe(rows[0].id);
    expect(payment?.nrTransfer).toMatch(/^(\d{8}-\d{6}|\d{6})$/);
    expect(await latestPayment(ctx.database.db, 999)).toBeNull();
  });

  it("activeTransfers lists only transfers in force, as many as the dashboard counts", async () => {
    const { activeTransfers } = await import("../../server/domain/transfers");
    const summary = (await user()({ method: "GET", url: "/api/dashboard/summary" })).json();
    const active = await activeTransfers(ctx.database.db, 1, summary.today);
    const byKind = (kind: string) => active.filter((a) => a.kind === kind).length;
    expect(byKind("imposition")).toBe(summary.active.imposition);
    expect(byKind("voluntary")).toBe(summary.active.voluntary);
    expect(byKind("fund")).toBe(summary.active.fund);
    expect(active.every((a) => a.endsAt === null || a.endsAt >= summary.today)).toBe(true);
    expect(active.some((a) => ["CONCLUIDO", "CANCELADO", "RESCINDIDO", "ANULADO"].includes(a.situation))).toBe(false);
  });
});

describe("impossible values and rules across records (issue 31)", () => {
  const convenio = async (nr: string, overrides: Record<string, unknown> = {}) => {
    const payload = { nrTransfer: nr, year: 2026, modality: "CONVENIO", status: "EM_EXECUCAO", object: "Pavimentação", transferValue: 743300, counterpartValue: 10300, ...overrides };
    const res = await manager()({ method: "POST", url: "/api/voluntary-transfers", payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Transfer;
  };
  const pay = (payload: Record<string, unknown>) => user()({ method: "POST", url: "/api/transaction-payments", payload: { paymentDate: "2026-05-10", ...payload } });
  const paymentsOf = async (id: number) => (await list(user(), `/api/transaction-payments?voluntaryTransferId=${id}`)).total;

  it("refuses any movement on a cancelled or concluded transfer, and writes nothing", async () => {
    const closed = await convenio("765501", { status: "CANCELADO" });
    const res = await pay({ voluntaryTransferId: closed.id, kind: "COMMITMENT", documentNumber: "2026NE000501", amount: 100 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.voluntaryTransferId).toBe("A transferência está cancelada: não se registram nem alteram movimentações nela.");
    expect(await paymentsOf(closed.id)).toBe(0);
    const done = (await manager()({ method: "POST", url: "/api/imposition-transfers", payload: newImposition({ nrTransfer: "09032026-999501", situation: "CONCLUIDO" }) })).json();
    const onDone = await pay({ impositionTransferId: done.id, kind: "COMMITMENT", documentNumber: "2026NE000502", amount: 100 });
    expect(onDone.statusCode).toBe(422);
    expect(onDone.json().message).toMatch(/concluída/);
  });

  it("keeps counterpart deposits within the agreed counterpart plus 1%", async () => {
    const c = await convenio("765502");
    expect((await pay({ voluntaryTransferId: c.id, kind: "COUNTERPART_DEPOSIT", documentNumber: "2026DP000001", amount: 10300 })).statusCode).toBe(201);
    expect((await pay({ voluntaryTransferId: c.id, kind: "COUNTERPART_DEPOSIT", documentNumber: "2026DP000002", amount: 103 })).statusCode).toBe(201);
    const over = await pay({ voluntaryTransferId: c.id, kind: "COUNTERPART_DEPOSIT", documentNumber: "2026DP000003", amount: 1000000 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toMatch(/acima da contrapartida pactuada \(R\$ 10\.300,00, com tolerância de 1%\)/);
    expect(await paymentsOf(c.id)).toBe(2);
  });

  it("keeps supplier payments within what entered the account (received plus counterpart)", async () => {
    const c = await convenio("765503");
    await pay({ voluntaryTransferId: c.id, kind: "COMMITMENT", documentNumber: "2026NE000503", amount: 5000 });
    await pay({ voluntaryTransferId: c.id, kind: "DISBURSEMENT", documentNumber: "2026OB000503", amount: 4000 });
    await pay({ voluntaryTransferId: c.id, kind: "COUNTERPART_DEPOSIT", documentNumber: "2026DP000503", amount: 500 });
    expect((await pay({ voluntaryTransferId: c.id, kind: "SUPPLIER_PAYMENT", documentNumber: "2026NS000001", amount: 4500 })).statusCode).toBe(201);
    const over = await pay({ voluntaryTransferId: c.id, kind: "SUPPLIER_PAYMENT", documentNumber: "2026NS000002", amount: 50000000 });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toMatch(/acima do que entrou na conta \(R\$ 4\.500,00/);
    expect(await paymentsOf(c.id)).toBe(4);
  });

  it("refuses a payment dated before 2000 or in the future, a negative or huge amount, and a payee document with wrong check digits", async () => {
    const c = await convenio("765504");
    const base = { voluntaryTransferId: c.id, kind: "DISBURSEMENT", documentNumber: "2026OB000504", amount: 10 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ paymentDate: "1900-01-01" }, "paymentDate", "A data: use uma data a partir de 01/01/2000."],
      [{ paymentDate: `${new Date().getUTCFullYear() + 1}-01-15` }, "paymentDate", "A data não pode estar no futuro."],
      [{ amount: -5 }, "amount", "Valor não pode ser negativo."],
      [{ amount: 50_000_000_000_000 }, "amount", "Valor é grande demais: no máximo R$ 9.999.999.999.999,99."],
      [{ payeeDocument: "11.111.111/1111-11" }, "payeeDocument", "CNPJ ou CPF inválido. Confira os dígitos verificadores."],
      [{ kind: undefined }, "kind", "Escolha o tipo de movimentação."],
    ];
    for (const [change, field, message] of cases) {
      const res = await pay({ ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors[field]).toBe(message);
    }
    expect(await paymentsOf(c.id)).toBe(0);
    const ok = await pay({ ...base, kind: "COMMITMENT", payeeDocument: "123.456.789-09" });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().payeeDocument).toBe("12345678909");
  });

  it("refuses a convênio signed before 2000 or with a negative transfer value, and writes neither", async () => {
    const old = await manager()({ method: "POST", url: "/api/voluntary-transfers", payload: { nrTransfer: "765505", year: 2026, modality: "CONVENIO", status: "ASSINADO", object: "X", transferValue: 1, counterpartValue: 0, signedAt: "1900-01-01" } });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.signedAt).toBe("A data de assinatura: use uma data a partir de 01/01/2000.");
    const negative = await manager()({ method: "POST", url: "/api/voluntary-transfers", payload: { nrTransfer: "765506", year: 2026, modality: "CONVENIO", status: "ASSINADO", object: "X", transferValue: -1, counterpartValue: 0 } });
    expect(negative.json().errors.transferValue).toBe("Valor de repasse não pode ser negativo.");
    expect((await list(user(), "/api/voluntary-transfers?q=76550")).rows.map((r) => r.nrTransfer).sort()).toEqual(["765501", "765502", "765503", "765504"]);
  });
});
