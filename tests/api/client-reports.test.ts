import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { demoApi } from "../support/accounts";
import { inflateSync } from "node:zlib";
import { startTestSmtp } from "../support/smtp";
import { clientReports, companies, impositionTransfers, transactionPayments } from "../../server/db/schema";
import { generateMonthlyReports, isFirstBusinessDay } from "../../server/client-reports/service";
import { previousMonth, type ClientReportData } from "../../src/domain/client-reports";
import { todayInSaoPaulo } from "../../src/domain/dates";

const smtp = await startTestSmtp();
const api = demoApi({ env: { SMTP_URL: smtp.url, MAIL_FROM: "SOL Transferências <relatorios@sol.test>", PUBLIC_ORIGIN: "https://sol.example.gov.br" } });
afterAll(() => smtp.close());

/**
 * Every page's text: each content stream ("stream" not preceded by "end") inflated and its hex strings
 * decoded (WinAnsi, as pdfmake writes the standard fonts).
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let text = "";
  for (const match of raw.matchAll(/(?<!end)stream\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("\nendstream", start);
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString("latin1");
      for (const [, hex] of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex, "hex").toString("latin1");
    } catch {
      // not a compressed content stream (fonts)
    }
  }
  return text;
}

const SAO_JOSE = 1;
const CAMPINAS = 2;
const lastMonth = () => previousMonth(todayInSaoPaulo());
const brl = (value: string | number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(Number(value));

describe("the demo data's monthly reports", () => {
  it("holds last month's report for every demo client, never e-mailed", async () => {
    const res = await api.admin()({ method: "GET", url: "/api/client-reports" });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { companyId: number; month: string; trigger: string; mailStatus: string }[];
    const clients = await api.ctx.app.db.select({ id: companies.id }).from(companies);
    const demo = rows.filter((r) => r.trigger === "DEMO");
    expect(new Set(demo.map((r) => r.companyId))).toEqual(new Set(clients.map((c) => c.id)));
    expect(demo.every((r) => r.month === lastMonth() && r.mailStatus === "DEMO")).toBe(true);
  });

  it("draws a demo report's PDF from its figures on its first download, and serves the same file afterwards", async () => {
    const [row] = await api.ctx.app.db.select().from(clientReports).where(and(eq(clientReports.companyId, SAO_JOSE), eq(clientReports.trigger, "DEMO")));
    const first = await api.admin()({ method: "GET", url: `/api/client-reports/${row.id}/pdf` });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["content-disposition"]).toMatch(/relatorio-mensal-\d{4}-\d{2}-sao-jose-dos-campos\.pdf/);
    expect(first.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(first.rawPayload);
    expect(text).toContain("Relatório mensal de transferências");
    expect(text).toContain(row.data.monthLabel);
    expect(text).toContain("Cobertura dos dados");
    const again = await api.admin()({ method: "GET", url: `/api/client-reports/${row.id}/pdf` });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

describe("Gerar agora", () => {
  let paymentId: number;
  const month = lastMonth();
  beforeAll(async () => {
    // A known movement in the reported month, so the month's money is not zero by accident.
    const [transfer] = await api.ctx.app.db.select({ id: impositionTransfers.id }).from(impositionTransfers).where(eq(impositionTransfers.companyId, SAO_JOSE)).limit(1);
    const [payment] = await api.ctx.app.db
      .insert(transactionPayments)
      .values({ companyId: SAO_JOSE, impositionTransferId: transfer.id, kind: "BANK_ORDER", status: "EFETIVADO", documentNumber: "2099OB777001", paymentDate: `${month}-15`, amount: "123456.78" })
      .returning({ id: transactionPayments.id });
    paymentId = payment.id;
  });

  it("generates the client's report, archives it and e-mails it with the PDF to the client's managers", async () => {
    const before = smtp.messages.length;
    const res = await api.admin()({ method: "POST", url: "/api/client-reports", payload: { companyId: SAO_JOSE, month } });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report).toMatchObject({ companyId: SAO_JOSE, month, trigger: "MANUAL", mailStatus: "SENT" });
    expect(report.recipients).toContain("gestor@demo.local");

    expect(smtp.messages.length).toBe(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail.envelopeTo.sort()).toEqual([...report.recipients].sort());
    expect(mail.subject).toContain("relatório mensal");
    expect(mail.subject).toContain("São José dos Campos");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe("application/pdf");
    expect(mail.text).toContain("https://sol.example.gov.br/admin/client-reports?authComp=1_");

    // The archived PDF is the attached one.
    const pdf = await api.admin()({ method: "GET", url: `/api/client-reports/${report.id}/pdf` });
    expect(pdf.rawPayload.equals(mail.attachments[0].content)).toBe(true);
  });

  it("puts in the report the figures the screens show: the payments report, the deadline center and the open transfers", async () => {
    const [latest] = await api.ctx.app.db.select().from(clientReports).where(and(eq(clientReports.companyId, SAO_JOSE), eq(clientReports.trigger, "MANUAL")));
    const shownReport = await api.admin()({ method: "GET", url: `/api/client-reports/${latest.id}` });
    expect(shownReport.statusCode).toBe(200);
    const data = shownReport.json().data as ClientReportData;

    const received = async (from: string) => {
      const res = await api.admin()({ method: "GET", url: `/api/reports/payments?from=${from}&to=${month}&status=EFETIVADO`, headers: { "x-company-id": String(SAO_JOSE) } });
      expect(res.statusCode).toBe(200);
      const byKind = res.json().byKind as { kind: string; value: string }[];
      return byKind.filter((k) => k.kind === "BANK_ORDER" || k.kind === "DISBURSEMENT").reduce((acc, k) => acc + Math.round(Number(k.value) * 100), 0) / 100;
    };
    expect(Number(data.money.month.received)).toBe(await received(month));
    expect(Number(data.money.month.received)).toBeGreaterThanOrEqual(123456.78);
    expect(Number(data.money.year.received)).toBe(await received(`${month.slice(0, 4)}-01`));

    const center = (await api.admin()({ method: "GET", url: "/api/deadlines", headers: { "x-company-id": String(SAO_JOSE) } })).json();
    const expected = center.items.filter((i: { overdue: boolean; daysLeft: number | null }) => i.overdue || (i.daysLeft !== null && i.daysLeft <= 60));
    expect(data.deadlines.map((d) => d.title)).toEqual(expected.map((i: { title: string }) => i.title));

    const pdf = await api.admin()({ method: "GET", url: `/api/client-reports/${latest.id}/pdf` });
    const text = pdfText(pdf.rawPayload);
    expect(text.replace(/\u00a0/g, " ")).toContain(brl(data.money.month.received).replace(/\u00a0/g, " "));
    expect(text).toContain("Riscos e provid");
  });

  it("lists in 'Riscos e providências' the risk queue's items with their owner, state and last comment, as the queue shows them", async () => {
    const queue = (await api.admin()({ method: "GET", url: `/api/risks?companyIds=${SAO_JOSE}` })).json() as {
      items: { key: string; reason: string; handling: { ownerName: string | null } }[];
      owners: { id: number; name: string }[];
    };
    expect(queue.items.length).toBeGreaterThan(0);
    const [item] = queue.items;
    const owner = queue.owners[0];
    const admin = await api.admin();
    const assigned = await admin({ method: "POST", url: "/api/risks/assign", payload: { keys: [item.key], ownerId: owner.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await admin({ method: "POST", url: "/api/risks/state", payload: { keys: [item.key], state: "IN_PROGRESS" } })).statusCode).toBe(200);
    expect((await admin({ method: "POST", url: "/api/risks/comments", payload: { key: item.key, body: "Ofício enviado ao ministério em 20/10." } })).statusCode).toBe(201);

    const res = await api.admin()({ method: "POST", url: "/api/client-reports", payload: { companyId: SAO_JOSE, month } });
    expect(res.statusCode, res.body).toBe(201);
    const data = (await api.admin()({ method: "GET", url: `/api/client-reports/${res.json().id}` })).json().data as ClientReportData;
    expect(data.risks.map((r) => r.reason)).toEqual(expect.arrayContaining(queue.items.map((i) => i.reason)));
    expect(data.risks.find((r) => r.reason === item.reason)).toMatchObject({ owner: owner.name, state: "Em andamento", lastComment: "Ofício enviado ao ministério em 20/10." });
  });

  it("names every source in the coverage box, with its date or why nothing was collected", async () => {
    const [latest] = await api.ctx.app.db.select().from(clientReports).where(and(eq(clientReports.companyId, SAO_JOSE), eq(clientReports.trigger, "MANUAL")));
    const sources = latest.data.coverage.map((c) => c.source);
    expect(sources).toEqual(["especiais", "fundoafundo", "parcerias", "siconv", "cauc"]);
    for (const line of latest.data.coverage) expect(line.lastReadAt !== null || line.problem !== null, line.source).toBe(true);
    const campinas = await api.admin()({ method: "POST", url: "/api/client-reports", payload: { companyId: CAMPINAS } });
    expect(campinas.statusCode).toBe(201);
    const [row] = await api.ctx.app.db.select().from(clientReports).where(eq(clientReports.id, campinas.json().id));
    expect(row.month).toBe(lastMonth());
    expect(row.data.coverage.find((c) => c.source === "fundoafundo")?.problem).toContain("503");
  });

  afterAll(async () => {
    if (paymentId) await api.ctx.app.db.delete(transactionPayments).where(eq(transactionPayments.id, paymentId));
  });
});

describe("who sees which reports", () => {
  it("lets a MANAGER list and download its own municipality's reports only", async () => {
    const res = await api.manager()({ method: "GET", url: "/api/client-reports" });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; companyId: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.companyId === SAO_JOSE)).toBe(true);
    // Asking for another client's through the filter does not widen it.
    const widened = await api.manager()({ method: "GET", url: `/api/client-reports?companyId=${CAMPINAS}` });
    expect((widened.json() as { companyId: number }[]).every((r) => r.companyId === SAO_JOSE)).toBe(true);

    const [other] = await api.ctx.app.db.select({ id: clientReports.id }).from(clientReports).where(eq(clientReports.companyId, CAMPINAS)).limit(1);
    expect((await api.manager()({ method: "GET", url: `/api/client-reports/${other.id}/pdf` })).statusCode).toBe(404);
    expect((await api.manager()({ method: "GET", url: `/api/client-reports/${other.id}` })).statusCode).toBe(404);
    expect((await api.manager()({ method: "GET", url: `/api/client-reports/${rows[0].id}/pdf` })).statusCode).toBe(200);
  });

  it("refuses Gerar agora to a MANAGER, and the archive to a USER", async () => {
    expect((await api.manager()({ method: "POST", url: "/api/client-reports", payload: { companyId: SAO_JOSE } })).statusCode).toBe(403);
    expect((await api.user()({ method: "GET", url: "/api/client-reports" })).statusCode).toBe(403);
    expect((await api.anonymous()({ method: "GET", url: "/api/client-reports" })).statusCode).toBe(401);
  });

  it("lists only the chosen client's reports when the ADMIN has chosen one", async () => {
    const res = await api.admin()({ method: "GET", url: "/api/client-reports", headers: { "x-company-id": String(CAMPINAS) } });
    expect((res.json() as { companyId: number }[]).every((r) => r.companyId === CAMPINAS)).toBe(true);
  });
});

describe("bad requests", () => {
  it("answers a clear pt-BR 4xx for a bad month, a future month, an unknown client or report", async () => {
    const badMonth = await api.admin()({ method: "POST", url: "/api/client-reports", payload: { companyId: SAO_JOSE, month: "2026-13" } });
    expect(badMonth.statusCode).toBe(422);
    expect(badMonth.json().errors.month).toMatch(/AAAA-MM/);
    const future = await api.admin()({ method: "POST", url: "/api/client-reports", payload: { companyId: SAO_JOSE, month: "2099-01" } });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe("O mês do relatório não pode ser futuro.");
    const unknown = await api.admin()({ method: "POST", url: "/api/client-reports", payload: { companyId: 999999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Cliente não encontrado.");
    const noClient = await api.admin()({ method: "POST", url: "/api/client-reports", payload: {} });
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json().errors.companyId).toBe("Escolha o cliente.");
    expect((await api.admin()({ method: "GET", url: "/api/client-reports/abc/pdf" })).statusCode).toBe(404);
    expect((await api.admin()({ method: "GET", url: "/api/client-reports/999999" })).statusCode).toBe(404);
    expect((await api.admin()({ method: "GET", url: "/api/client-reports?month=13-2026" })).statusCode).toBe(422);
  });
});

describe("the monthly schedule", () => {
  it("knows the first business day of a month (weekends and fixed national holidays skipped)", () => {
    expect(isFirstBusinessDay("2026-12-01")).toBe(true); // a Tuesday
    expect(isFirstBusinessDay("2026-11-02")).toBe(false); // Finados (Monday)
    expect(isFirstBusinessDay("2026-11-03")).toBe(true);
    expect(isFirstBusinessDay("2026-08-03")).toBe(true); // the 1st is a Saturday
    expect(isFirstBusinessDay("2026-08-01")).toBe(false);
    expect(isFirstBusinessDay("2027-01-01")).toBe(false); // Confraternização (a Friday)
    expect(isFirstBusinessDay("2027-01-04")).toBe(true); // the Monday after
  });

  it("generates every client's report of the month before on the first business day, once", async () => {
    const now = Date.UTC(2026, 11, 1, 12); // 2026-12-01, a Tuesday
    const deps = { db: api.ctx.app.db, files: api.ctx.app.storage.files, mailer: null, from: "x@sol.test", origin: "https://sol.example.gov.br", now };
    const clients = await api.ctx.app.db.select({ id: companies.id }).from(companies);
    const first = await generateMonthlyReports(deps);
    expect(first).toEqual({ generated: clients.length, failures: [] });
    const rows = await api.ctx.app.db.select().from(clientReports).where(and(eq(clientReports.month, "2026-11"), eq(clientReports.trigger, "SCHEDULE")));
    expect(rows).toHaveLength(clients.length);
    expect(rows.find((r) => r.companyId === SAO_JOSE)?.mailStatus).toBe("NO_SMTP");
    expect(await generateMonthlyReports(deps)).toEqual({ generated: 0, failures: [] });
    expect(await generateMonthlyReports({ ...deps, now: Date.UTC(2026, 11, 2, 12) })).toEqual({ generated: 0, failures: [] });
  });
});
