import ExcelJS from "exceljs";
import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import { PROPOSALS_LISTED, type FundraisingAnswer, type MunicipalAmendmentsAnswer, type PaymentsAnswer, type ProposalAnswer, type TransactionsAnswer } from "../../src/domain/reports";
import { pdfText } from "../support/pdf";

/**
 * The reports (issue 17). Every figure is checked against SQL written here on its own, over the raw
 * tables: a MANAGER's company (its rows grouped on the fly) and an ADMIN across every company (the
 * national rollups kept by triggers), also after payments and transfers change.
 */
const api = demoApi();
const SAO_JOSE = 1;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await api.ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const scoped = (companyId: number | null) => (companyId === null ? sql`true` : sql`company_id = ${companyId}`);
const money = (value: unknown) => Number(value ?? 0).toFixed(2);

/** Every transfer in one shape, straight from the three tables. */
const transfers = (companyId: number | null) => sql`(
  select 'imposition' as kind, year, situation::text as situation, situation not in ('IMPEDIDO', 'IMPEDIDO_REJEICAO_PLANO_TRABALHO', 'CANCELADO') as captured,
    grantor_acronym, parliamentarian_name, planned_value as planned, committed_value as committed, paid_value as paid from imposition_transfers where ${scoped(companyId)}
  union all
  select 'voluntary', year, status::text, status not in ('ANULADO', 'RESCINDIDO', 'CANCELADO'), grantor_acronym, parliamentarian_name, transfer_value, committed_value, paid_value
    from voluntary_transfers where ${scoped(companyId)}
  union all
  select 'fund', year, situation::text, situation <> 'CANCELADO', grantor_acronym, parliamentarian_name, total_transfer_value, committed_value, paid_value
    from fund_transfer_plans where ${scoped(companyId)})`;

async function expectedFundraising(companyId: number | null) {
  const byYear = await rows<{ year: number; kind: string; value: string }>(
    sql`select year::int as year, kind, sum(planned)::text as value from ${transfers(companyId)} t where captured group by 1, 2`,
  );
  const byGrantor = await rows<{ grantor: string; value: string; count: number }>(
    sql`select coalesce(grantor_acronym, '') as grantor, sum(planned)::text as value, count(*)::int as count from ${transfers(companyId)} t where captured group by 1`,
  );
  const byParliamentarian = await rows<{ name: string; value: string }>(
    sql`select parliamentarian_name as name, sum(planned)::text as value from ${transfers(companyId)} t where captured and parliamentarian_name is not null group by 1`,
  );
  return { byYear, byGrantor, byParliamentarian };
}

async function checkFundraising(answer: FundraisingAnswer, companyId: number | null) {
  const expected = await expectedFundraising(companyId);
  for (const row of answer.byYear) {
    for (const kind of ["imposition", "voluntary", "fund"] as const) {
      expect(money(row[kind]), `${row.year} ${kind}`).toBe(money(expected.byYear.find((e) => e.year === row.year && e.kind === kind)?.value));
    }
  }
  expect(new Set(answer.byYear.map((r) => r.year))).toEqual(new Set(expected.byYear.map((r) => r.year)));
  expect(Object.fromEntries(answer.byGrantor.map((g) => [g.grantor, money(g.value)]))).toEqual(Object.fromEntries(expected.byGrantor.map((g) => [g.grantor, money(g.value)])));
  expect(Object.fromEntries(answer.byParliamentarian.map((p) => [p.name, money(p.value)]))).toEqual(Object.fromEntries(expected.byParliamentarian.map((p) => [p.name, money(p.value)])));
  const [funnel] = await rows<{ sent: number; approved: number; signed: number; signedValue: string }>(sql`select
      count(*) filter (where status_history @> '[{"status":"ENVIADA_ANALISE"}]')::int as sent,
      count(*) filter (where status_history @> '[{"status":"APROVADA"}]')::int as approved,
      count(*) filter (where status_history @> '[{"status":"CONVENIADA"}]')::int as signed,
      coalesce(sum(transfer_value) filter (where status_history @> '[{"status":"CONVENIADA"}]'), 0)::text as "signedValue"
    from proposals where ${scoped(companyId)}`);
  expect(answer.funnel.sent.count).toBe(funnel.sent);
  expect(answer.funnel.approved.count).toBe(funnel.approved);
  expect(answer.funnel.signed.count).toBe(funnel.signed);
  expect(money(answer.funnel.signed.value)).toBe(money(funnel.signedValue));
  expect(answer.funnel.approvalRate).toBeCloseTo(funnel.approved / funnel.sent, 10);
}

async function expectedPayments(companyId: number | null, where: SQL = sql`true`) {
  const byMonth = await rows<{ month: string; kind: string; count: number; value: string }>(
    sql`select to_char(payment_date, 'YYYY-MM') as month, kind::text, count(*)::int as count, sum(amount)::text as value
      from transaction_payments where ${scoped(companyId)} and ${where} group by 1, 2`,
  );
  const payments = await rows<{ payee: string; document: string | null; amount: string }>(
    sql`select payee_name as payee, payee_document as document, amount::text as amount from transaction_payments
      where ${scoped(companyId)} and ${where} and payee_name is not null and kind = 'SUPPLIER_PAYMENT'`,
  );
  return { byMonth, payees: suppliersPaid(payments).slice(0, 10) };
}

/**
 * The top payees computed a second way, in JavaScript from the payment rows (issue 31 item 5): only
 * suppliers paid (the fund and the convênio account receive the other kinds), one per CNPJ however
 * it was masked, by total paid; a payee without a document is its name.
 */
function suppliersPaid(payments: { payee: string; document: string | null; amount: string }[]) {
  const byPayee = new Map<string, { key: string; cents: number }>();
  for (const payment of payments) {
    const document = (payment.document ?? "").toUpperCase().replace(/[^0-9A-Z]/g, "");
    const key = document || payment.payee.trim().replace(/\s+/g, " ").toUpperCase();
    const entry = byPayee.get(key) ?? { key, cents: 0 };
    entry.cents += Math.round(Number(payment.amount) * 100);
    byPayee.set(key, entry);
  }
  return [...byPayee.values()].sort((a, b) => b.cents - a.cents || a.key.localeCompare(b.key)).map((p) => ({ key: p.key, value: (p.cents / 100).toFixed(2) }));
}

/** A payee as the second computation names it: its document, else its name in capitals. */
const payeeKey = (p: { payee: string; document: string | null }) => p.document ?? p.payee.trim().replace(/\s+/g, " ").toUpperCase();

async function checkPayments(answer: PaymentsAnswer, companyId: number | null, where?: SQL) {
  const expected = await expectedPayments(companyId, where);
  const key = (r: { month: string; kind: string; count: number; value: string }) => `${r.month} ${r.kind} ${r.count} ${money(r.value)}`;
  expect(answer.byMonth.map(key).sort()).toEqual(expected.byMonth.map(key).sort());
  expect(answer.topPayees.map((p) => `${payeeKey(p)} ${money(p.value)}`)).toEqual(expected.payees.map((p) => `${p.key} ${money(p.value)}`));
  expect(money(answer.total.value)).toBe(money(expected.byMonth.reduce((acc, r) => acc + Math.round(Number(r.value) * 100), 0) / 100));
}

async function checkTransactions(answer: TransactionsAnswer, companyId: number | null) {
  const expected = await rows<{ kind: string; year: number; situation: string; count: number; planned: string; committed: string; paid: string }>(
    sql`select kind, year::int as year, situation, count(*)::int as count, sum(planned)::text as planned, sum(committed)::text as committed, sum(paid)::text as paid
      from ${transfers(companyId)} t group by 1, 2, 3`,
  );
  const key = (r: { kind: string; year: number; situation: string; count: number }, planned: string, committed: string, paid: string) =>
    `${r.kind} ${r.year} ${r.situation} ${r.count} ${money(planned)} ${money(committed)} ${money(paid)}`;
  expect(answer.groups.map((g) => key(g, g.plannedValue, g.committedValue, g.paidValue)).sort()).toEqual(expected.map((e) => key(e, e.planned, e.committed, e.paid)).sort());
}

describe("reports of a MANAGER's company, figures against SQL of the test's own", () => {
  it("fundraising: captured value per year and kind, by grantor, by parliamentarian, and the proposals' funnel with its rates", async () => {
    const res = await api.manager()({ method: "GET", url: "/api/reports/fundraising" });
    expect(res.statusCode).toBe(200);
    const answer = res.json<FundraisingAnswer>();
    expect(answer.scope).toMatchObject({ companyId: SAO_JOSE, companyName: "São José dos Campos" });
    expect(answer.byYear.length).toBeGreaterThan(1);
    expect(answer.funnel.sent.count).toBeGreaterThan(0);
    await checkFundraising(answer, SAO_JOSE);
    // Cancelled or impeded transfers were not captured: their value is outside the total.
    const [withCancelled] = await rows<{ all: string }>(sql`select sum(planned)::text as all from ${transfers(SAO_JOSE)} t`);
    expect(Number(answer.total.value)).toBeLessThanOrEqual(Number(withCancelled.all));
  });

  it("fundraising filtered by kind and years keeps only those rows", async () => {
    const years = (await api.manager()({ method: "GET", url: "/api/reports/fundraising" })).json<FundraisingAnswer>().byYear.map((r) => r.year);
    const from = years[1];
    const answer = (await api.manager()({ method: "GET", url: `/api/reports/fundraising?yearFrom=${from}&kind=voluntary` })).json<FundraisingAnswer>();
    expect(answer.byYear.every((r) => r.year >= from && Number(r.imposition) === 0 && Number(r.fund) === 0)).toBe(true);
    const [expected] = await rows<{ value: string }>(sql`select sum(planned)::text as value from ${transfers(SAO_JOSE)} t where captured and kind = 'voluntary' and year >= ${from}`);
    expect(money(answer.total.value)).toBe(money(expected.value));
  });

  it("payments per month and kind with the top payees, also filtered by period, kind, status and transfer", async () => {
    await checkPayments((await api.manager()({ method: "GET", url: "/api/reports/payments" })).json(), SAO_JOSE);
    const filtered = await api.manager()({ method: "GET", url: "/api/reports/payments?from=2024-01&to=2026-12&kind=SUPPLIER_PAYMENT&status=EFETIVADO" });
    expect(filtered.statusCode).toBe(200);
    await checkPayments(filtered.json(), SAO_JOSE, sql`payment_date between '2024-01-01' and '2026-12-31' and kind = 'SUPPLIER_PAYMENT' and status = 'EFETIVADO'`);
    const [transfer] = await rows<{ id: number; nr: string }>(
      sql`select t.id, t.nr_transfer as nr from voluntary_transfers t where company_id = ${SAO_JOSE} and exists (select 1 from transaction_payments p where p.voluntary_transfer_id = t.id) limit 1`,
    );
    const one = (await api.manager()({ method: "GET", url: `/api/reports/payments?transfer=${transfer.nr}` })).json<PaymentsAnswer>();
    expect(one.total.count).toBeGreaterThan(0);
    await checkPayments(one, SAO_JOSE, sql`voluntary_transfer_id = ${transfer.id}`);
  });

  it("lists as top payees only suppliers, never the municipal fund or the convênio account, and each supplier once however its name was typed (issue 31)", async () => {
    const [transfer] = await rows<{ id: number }>(sql`select id from imposition_transfers where company_id = ${SAO_JOSE} and situation not in ('CONCLUIDO', 'CANCELADO') and paid_value >= 100000 order by id limit 1`);
    const pay = (payeeName: string, documentNumber: string) =>
      api.manager()({
        method: "POST",
        url: "/api/transaction-payments",
        payload: { impositionTransferId: transfer.id, kind: "SUPPLIER_PAYMENT", documentNumber, paymentDate: "2026-03-10", amount: "1000.00", payeeName, payeeDocument: "46.643.466/0001-06" },
      });
    const ids: number[] = [];
    for (const [name, nr] of [["Fornecedor Duplo Ltda", "2026NS880001"], ["FORNECEDOR DUPLO LTDA.", "2026NS880002"]]) {
      const res = await pay(name, nr);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    try {
      const answer = (await api.manager()({ method: "GET", url: "/api/reports/payments?from=2026-03&to=2026-03" })).json<PaymentsAnswer>();
      expect(answer.topPayees.map((p) => p.payee)).not.toEqual(expect.arrayContaining([expect.stringMatching(/FUNDO MUNICIPAL|CONTA DO CONV/)]));
      const documents = answer.topPayees.map((p) => p.document).filter(Boolean);
      expect(new Set(documents).size).toBe(documents.length);
      const supplier = answer.topPayees.find((p) => p.document === "46643466000106");
      expect(supplier).toMatchObject({ count: 2 });
      // The same figure a second way: the payment rows of that CNPJ in the month, added up here.
      const [paid] = await rows<{ cents: number }>(sql`select (sum(amount) * 100)::bigint::int as cents from transaction_payments where company_id = ${SAO_JOSE} and kind = 'SUPPLIER_PAYMENT' and payee_document = '46643466000106' and payment_date between '2026-03-01' and '2026-03-31'`);
      expect(Math.round(Number(supplier!.value) * 100)).toBe(Number(paid.cents));
      await checkPayments(answer, SAO_JOSE, sql`payment_date between '2026-03-01' and '2026-03-31'`);
    } finally {
      for (const id of ids) await api.manager()({ method: "DELETE", url: `/api/transaction-payments/${id}` });
    }
  });

  it("proposals by status, program and grantor, and the days each spent in each status from its history", async () => {
    const answer = (await api.manager()({ method: "GET", url: "/api/reports/proposal" })).json<ProposalAnswer>();
    const byStatus = await rows<{ status: string; count: number; value: string }>(
      sql`select status::text, count(*)::int as count, sum(transfer_value)::text as value from proposals where company_id = ${SAO_JOSE} group by 1`,
    );
    expect(Object.fromEntries(answer.byStatus.map((s) => [s.status, `${s.count} ${money(s.transferValue)}`]))).toEqual(Object.fromEntries(byStatus.map((s) => [s.status, `${s.count} ${money(s.value)}`])));
    expect(answer.byProgram.reduce((n, p) => n + p.count, 0)).toBe(answer.total.count);
    expect(answer.byGrantor.reduce((n, g) => n + g.count, 0)).toBe(answer.total.count);
    // One finished proposal: each status lasted until the next entry of its history.
    const [signed] = await rows<{ id: number; history: { status: string; at: string }[] }>(
      sql`select id, status_history as history from proposals where company_id = ${SAO_JOSE} and status = 'CONVENIADA' limit 1`,
    );
    const days: Record<string, number> = {};
    signed.history.slice(0, -1).forEach((entry, i) => {
      days[entry.status] = (days[entry.status] ?? 0) + (Date.parse(signed.history[i + 1].at) - Date.parse(entry.at)) / 86_400_000;
    });
    const row = answer.proposals.find((p) => p.id === signed.id)!;
    for (const [status, value] of Object.entries(days)) expect(row.days[status], status).toBeCloseTo(value, 1);
    expect(row.days.CONVENIADA).toBeUndefined();
    const analysis = answer.timeInStatus.find((t) => t.status === "EM_ANALISE")!;
    expect(analysis.averageDays).toBeCloseTo(analysis.totalDays / analysis.proposals, 0);
  });

  it("proposal times and the funnel follow every proposal change, for a company and across every company", async () => {
    // The definition, straight from the histories: each entry lasts until the next one (the last, unless final, until now).
    const expectedTimes = (companyId: number | null) =>
      rows<{ status: string; proposals: number; days: number }>(sql`
        select s.status, count(distinct s.id)::int as proposals, sum(s.days)::float8 as days from (
          select p.id, e.value ->> 'status' as status,
            extract(epoch from (coalesce((p.status_history -> e.n::int ->> 'at')::timestamptz, now()) - (e.value ->> 'at')::timestamptz)) / 86400 as days
          from proposals p cross join lateral jsonb_array_elements(p.status_history) with ordinality as e(value, n) where ${scoped(companyId)}) s
        where s.status not in ('REJEITADA', 'CANCELADA', 'CONVENIADA') group by s.status`);
    const expectedFunnel = (companyId: number | null) =>
      rows<{ stage: string; count: number }>(sql`
        select x.stage, count(*) filter (where p.status::text = x.status or p.status_history @> jsonb_build_array(jsonb_build_object('status', x.status)))::int as count
        from proposals p cross join (values ('sent', 'ENVIADA_ANALISE'), ('approved', 'APROVADA'), ('signed', 'CONVENIADA')) x(stage, status)
        where ${scoped(companyId)} group by x.stage`);
    // The national rollup is exactly proposal_facts grouped by its key (rows in one and not the other).
    const rollupDrift = () =>
      rows(sql`
        with f as (
          select year, status, grantor_id, program_id, reached, open_status, count(*)::int as count, sum(transfer_value) as transfer_value,
            sum(days_em_analise::numeric) as days_em_analise, coalesce(sum(extract(epoch from open_since)), 0) as open_since_epoch
          from proposal_facts group by 1, 2, 3, 4, 5, 6),
        t as (
          select year, status, grantor_id, program_id, reached, open_status, count, transfer_value, days_em_analise, open_since_epoch
          from report_proposal_totals where count <> 0)
        (select 'facts' as side, * from (select * from f except select * from t) x)
        union all
        (select 'rollup', * from (select * from t except select * from f) y)`);
    const check = async () => {
      expect(await rollupDrift()).toEqual([]);
      for (const [who, companyId] of [["manager", SAO_JOSE], ["admin", null]] as const) {
        const answer = (await (await api[who]())({ method: "GET", url: "/api/reports/proposal" })).json<ProposalAnswer>();
        const statuses = await rows<{ status: string; count: number }>(sql`select status::text, count(*)::int as count from proposals where ${scoped(companyId)} group by 1`);
        expect(Object.fromEntries(answer.byStatus.map((s) => [s.status, s.count])), who).toEqual(Object.fromEntries(statuses.map((s) => [s.status, s.count])));
        const expected = await expectedTimes(companyId);
        expect(answer.timeInStatus.map((t) => t.status).sort(), who).toEqual(expected.map((e) => e.status).sort());
        for (const e of expected) {
          const got = answer.timeInStatus.find((t) => t.status === e.status)!;
          expect(got.proposals, `${who} ${e.status}`).toBe(e.proposals);
          expect(got.totalDays, `${who} ${e.status}`).toBeCloseTo(e.days, 0);
        }
        const funnel = (await (await api[who]())({ method: "GET", url: "/api/reports/fundraising" })).json<FundraisingAnswer>().funnel;
        for (const e of await expectedFunnel(companyId)) expect(funnel[e.stage as "sent" | "approved" | "signed"].count, `${who} ${e.stage}`).toBe(e.count);
      }
    };
    await check();
    const [inAnalysis] = await rows<{ id: number; version: number }>(sql`select id, version from proposals where company_id = ${SAO_JOSE} and status = 'EM_ANALISE' limit 1`);
    const moved = await api.manager()({ method: "PATCH", url: `/api/proposals/${inAnalysis.id}`, payload: { status: "APROVADA", version: inAnalysis.version } });
    expect(moved.statusCode, moved.body).toBe(200);
    await check();
    expect((await api.manager()({ method: "DELETE", url: `/api/proposals/${inAnalysis.id}` })).statusCode).toBe(200);
    await check();
  });

  it("transactions by kind, year and situation with planned, committed and paid, and the lowest execution ending soon first", async () => {
    const answer = (await api.manager()({ method: "GET", url: "/api/reports/transactions?days=365" })).json<TransactionsAnswer>();
    await checkTransactions(answer, SAO_JOSE);
    expect(answer.endingSoon.length).toBeGreaterThan(0);
    const executions = answer.endingSoon.map((e) => e.execution);
    expect(executions).toEqual([...executions].sort((a, b) => a - b));
    for (const e of answer.endingSoon) {
      expect(e.endsAt >= answer.today).toBe(true);
      expect(Date.parse(e.endsAt) - Date.parse(answer.today)).toBeLessThanOrEqual(365 * 86_400_000);
      expect(e.companyName).toBe("São José dos Campos");
    }
  });
});

describe("reports across every company (ADMIN without a chosen client) come from exact rollups", () => {
  it("match SQL over every company's rows, and an ADMIN naming a client sees that client's figures", async () => {
    const fundraising = (await api.admin()({ method: "GET", url: "/api/reports/fundraising" })).json<FundraisingAnswer>();
    expect(fundraising.scope).toEqual({ companyId: null, companyName: null });
    await checkFundraising(fundraising, null);
    await checkPayments((await api.admin()({ method: "GET", url: "/api/reports/payments" })).json(), null);
    await checkTransactions((await api.admin()({ method: "GET", url: "/api/reports/transactions" })).json(), null);
    const chosen = await api.admin()({ method: "GET", url: "/api/reports/fundraising", headers: { "x-company-id": String(SAO_JOSE) } });
    expect(chosen.json()).toEqual((await api.manager()({ method: "GET", url: "/api/reports/fundraising" })).json());
  });

  it("stay exact when payments and transfers are created, changed and deleted", async () => {
    // An open emenda with money in its account: supplier payments stay within what entered (issue 31).
    const [transfer] = await rows<{ id: number }>(sql`select id from imposition_transfers where company_id = ${SAO_JOSE} and situation not in ('CONCLUIDO', 'CANCELADO') and paid_value >= 100000 order by id limit 1`);
    const created = await api.manager()({
      method: "POST",
      url: "/api/transaction-payments",
      payload: { impositionTransferId: transfer.id, kind: "SUPPLIER_PAYMENT", documentNumber: "2026NS777001", paymentDate: "2026-02-10", amount: "12345.67", payeeName: "Construtora Relatório Ltda" },
    });
    expect(created.statusCode).toBe(201);
    const patched = await api.manager()({ method: "PATCH", url: `/api/transaction-payments/${created.json().id}`, payload: { amount: "99999.99", status: "PENDENTE" } });
    expect(patched.statusCode).toBe(200);
    const pending = (await api.admin()({ method: "GET", url: "/api/reports/payments?from=2026-02&to=2026-02&kind=SUPPLIER_PAYMENT&status=PENDENTE" })).json<PaymentsAnswer>();
    expect(pending.topPayees).toContainEqual({ payee: "Construtora Relatório Ltda", document: null, count: 1, value: "99999.99" });
    await checkPayments(pending, null, sql`payment_date between '2026-02-01' and '2026-02-28' and kind = 'SUPPLIER_PAYMENT' and status = 'PENDENTE'`);
    await checkPayments((await api.admin()({ method: "GET", url: "/api/reports/payments" })).json(), null);
    const transferChange = await api.manager()({ method: "PATCH", url: `/api/imposition-transfers/${transfer.id}`, payload: { situation: "CANCELADO", parliamentarianName: "Dep. Relatório Teste" } });
    expect(transferChange.statusCode).toBe(200);
    await checkFundraising((await api.admin()({ method: "GET", url: "/api/reports/fundraising" })).json(), null);
    await checkTransactions((await api.admin()({ method: "GET", url: "/api/reports/transactions" })).json(), null);
    expect((await api.manager()({ method: "DELETE", url: `/api/transaction-payments/${created.json().id}` })).statusCode).toBe(200);
    await checkPayments((await api.admin()({ method: "GET", url: "/api/reports/payments" })).json(), null);
  });
});

describe("filters and tenancy", () => {
  it("refuses bad filters with a pt-BR 4xx naming the filter (422 with field errors, as every query string)", async () => {
    const cases: [string, RegExp][] = [
      ["/api/reports/fundraising?yearFrom=2026&yearTo=2024", /ano inicial não pode ser depois/],
      ["/api/reports/fundraising?kind=emenda", /Tipo de transferência inválido/],
      ["/api/reports/payments?from=2025-13", /AAAA-MM/],
      ["/api/reports/payments?transfer=abc", /Transferência: informe o número/],
      ["/api/reports/proposal?status=QUALQUER", /Situação da proposta inválida/],
      ["/api/reports/transactions?days=0", /entre 1 e 365/],
      ["/api/reports/transactions?ordem=1", /./],
      ["/api/reports/municipal-amendments?stage=VOTADA", /Etapa da emenda inválida/],
      ["/api/reports/payments/export?format=doc", /Formato inválido/],
      ["/api/reports/payments/export", /Formato inválido/],
    ];
    for (const [url, message] of cases) {
      const res = await api.manager()({ method: "GET", url });
      expect(res.statusCode, url).toBe(422);
      expect(JSON.stringify(res.json()), url).toMatch(message);
    }
  });

  it("shows a USER only their own company, refuses another company's header and asks for a session", async () => {
    const own = (await api.otherUser()({ method: "GET", url: "/api/reports/transactions" })).json<TransactionsAnswer>();
    expect(own.scope.companyId).toBe(2);
    await checkTransactions(own, 2);
    expect((await api.otherUser()({ method: "GET", url: "/api/reports/transactions", headers: { "x-company-id": String(SAO_JOSE) } })).statusCode).toBe(403);
    expect((await api.anonymous()({ method: "GET", url: "/api/reports/payments" })).statusCode).toBe(401);
  });

  it("exports a USER's own company only, and refuses another company's header on an export too", async () => {
    const own = await api.otherUser()({ method: "GET", url: "/api/reports/payments/export?format=csv" });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain("Campinas");
    expect(own.body).not.toContain("São José dos Campos");
    const forged = await api.otherUser()({ method: "GET", url: "/api/reports/payments/export?format=csv", headers: { "x-company-id": String(SAO_JOSE) } });
    expect(forged.statusCode).toBe(403);
  });
});


describe("exports carry the figures and the filters", () => {
  const query = "yearFrom=2024&kind=voluntary";

  it("CSV: pt-BR, with the filters on top and the totals", async () => {
    const res = await api.manager()({ method: "GET", url: `/api/reports/fundraising/export?format=csv&${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/relatorio-captacao-.*\.csv/);
    const text = res.body.replace(/^\uFEFF/, "");
    expect(text).toContain("Relatório de captação");
    expect(text).toContain("Filtros;Ano inicial: 2024 · Tipo de transferência: Transferências voluntárias");
    const answer = (await api.manager()({ method: "GET", url: `/api/reports/fundraising?${query}` })).json<FundraisingAnswer>();
    expect(text).toContain(`Total;0,00;${Number(answer.total.value).toFixed(2).replace(".", ",")};0,00;${Number(answer.total.value).toFixed(2).replace(".", ",")};${answer.total.count}`);
  });

  it("XLSX: opens in exceljs with a filters sheet and typed figures", async () => {
    const res = await api.manager()({ method: "GET", url: "/api/reports/payments/export?format=xlsx&kind=SUPPLIER_PAYMENT&from=2024-01" });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cover = workbook.getWorksheet("Filtros")!;
    const coverText = cover.getSheetValues().flat().join(" | ");
    expect(coverText).toContain("Relatório de pagamentos");
    expect(coverText).toContain("São José dos Campos");
    expect(coverText).toContain("Tipo de movimentação | Pagamento a fornecedor");
    expect(coverText).toContain("Mês inicial | 01/2024");
    const answer = (await api.manager()({ method: "GET", url: "/api/reports/payments?kind=SUPPLIER_PAYMENT&from=2024-01" })).json<PaymentsAnswer>();
    const byMonth = workbook.getWorksheet("Por mês")!;
    const last = byMonth.getRow(byMonth.rowCount);
    expect(last.getCell(1).value).toBe("Total");
    expect(last.getCell(4).value).toBeCloseTo(Number(answer.total.value), 2);
    expect(String(byMonth.getRow(2).getCell(1).value)).toContain("Mês inicial: 01/2024");
  });

  it("the screen lists the newest proposals, the export every one of them", async () => {
    // Enough proposals for São José that the screen's list is cut (copies of one, under other numbers and dates).
    const extra = PROPOSALS_LISTED.screen + 10;
    const added = await rows<{ id: number }>(sql`insert into proposals (company_id, nr_proposal, proponent_cnpj, proponent_name, modality, object, status, status_history, global_value, transfer_value, counterpart_value, proposal_date)
      select company_id, lpad(g::text, 6, '9') || '/2026', proponent_cnpj, proponent_name, modality, object, status, status_history, global_value, transfer_value, counterpart_value, date '2026-01-01' + g
      from proposals, generate_series(1, ${extra}) g where id = (select min(id) from proposals where company_id = ${SAO_JOSE}) returning id`);
    try {
      const [{ total }] = await rows<{ total: number }>(sql`select count(*)::int as total from proposals where company_id = ${SAO_JOSE}`);
      const answer = (await api.manager()({ method: "GET", url: "/api/reports/proposal" })).json<ProposalAnswer>();
      expect(answer.proposals).toHaveLength(PROPOSALS_LISTED.screen);
      expect(answer.total.count).toBe(total);
      const dates = answer.proposals.map((p) => p.proposalDate ?? "");
      expect(dates).toEqual([...dates].sort().reverse());
      const csv = (await api.manager()({ method: "GET", url: "/api/reports/proposal/export?format=csv" })).body;
      const listed = csv.split("\n").filter((line) => /^\d{6}\/\d{4};/.test(line));
      expect(listed).toHaveLength(total);
    } finally {
      await rows(sql`delete from proposals where id in (${sql.join(added.map((p) => sql`${p.id}`), sql`, `)})`);
    }
  });

  it("PDF: a real PDF whose text carries the title, the client and the filters", async () => {
    const res = await api.admin()({ method: "GET", url: "/api/reports/transactions/export?format=pdf&kind=voluntary&days=120" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Relatório de transferências");
    expect(text).toContain("Todos os clientes");
    expect(text).toContain("Tipo de transferência: Transferências voluntárias");
    expect(text).toContain("Vigência terminando em (dias): 120");
  });
});

describe("the municipal emendas' report (issue 37)", () => {
  type Group = { key: string; count: number; value: string; committed: string; paid: string; supplier: string };
  const expected = (companyId: number | null, key: SQL, where: SQL = sql`true`) =>
    rows<Group>(
      sql`select ${key}::text as key, count(*)::int as count, sum(value)::text as value, sum(committed_value)::text as committed, sum(paid_value)::text as paid,
          sum(supplier_paid_value)::text as supplier from municipal_amendments where ${scoped(companyId)} and ${where} group by 1`,
    );
  const asRows = (groups: Group[]) => Object.fromEntries(groups.map((g) => [g.key, [g.count, money(g.value), money(g.committed), money(g.paid), money(g.supplier)]]));
  const figures = (r: MunicipalAmendmentsAnswer["total"]) => [r.count, money(r.value), money(r.committedValue), money(r.paidValue), money(r.supplierPaidValue)];

  async function check(answer: MunicipalAmendmentsAnswer, companyId: number | null, where: SQL = sql`true`) {
    expect(Object.fromEntries(answer.byYear.map((r) => [String(r.year), figures(r)]))).toEqual(asRows(await expected(companyId, sql`year`, where)));
    expect(Object.fromEntries(answer.byStage.map((r) => [r.stage, figures(r)]))).toEqual(asRows(await expected(companyId, sql`stage`, where)));
    expect(Object.fromEntries(answer.byCouncillor.map((r) => [r.authorName, figures(r)]))).toEqual(asRows(await expected(companyId, sql`author_name`, where)));
    const [all] = await expected(companyId, sql`'all'`, where);
    expect(figures(answer.total)).toEqual(all ? [all.count, money(all.value), money(all.committed), money(all.paid), money(all.supplier)] : [0, "0.00", "0.00", "0.00", "0.00"]);
  }

  it("gives a MANAGER its municipality's emendas by year, stage and councillor, as the raw rows add up", async () => {
    const answer = (await api.manager()({ method: "GET", url: "/api/reports/municipal-amendments" })).json<MunicipalAmendmentsAnswer>();
    expect(answer.scope.companyId).toBe(SAO_JOSE);
    expect(answer.total.count).toBeGreaterThan(10);
    await check(answer, SAO_JOSE);
    const paid = (await api.manager()({ method: "GET", url: "/api/reports/municipal-amendments?stage=PAGA&yearFrom=2026" })).json<MunicipalAmendmentsAnswer>();
    expect(paid.byStage.map((r) => r.stage)).toEqual(["PAGA"]);
    await check(paid, SAO_JOSE, sql`stage = 'PAGA' and year >= 2026`);
  });

  it("gives an ADMIN without a client every municipality's, and a USER of another municipality only its own", async () => {
    await check((await api.admin()({ method: "GET", url: "/api/reports/municipal-amendments" })).json(), null);
    const other = (await api.otherUser()({ method: "GET", url: "/api/reports/municipal-amendments" })).json<MunicipalAmendmentsAnswer>();
    expect(other.scope.companyId).toBe(2);
    await check(other, 2);
  });

  it("exports the same figures with the stage filter written in pt-BR", async () => {
    const csv = await api.manager()({ method: "GET", url: "/api/reports/municipal-amendments/export?format=csv&stage=PAGA" });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/relatorio-emendas-municipais-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain("Etapa da emenda: Paga");
    expect(csv.body).toContain("Emendas municipais por vereador");
    const pdf = await api.manager()({ method: "GET", url: "/api/reports/municipal-amendments/export?format=pdf" });
    expect(pdfText(pdf.rawPayload)).toContain("Relatório de emendas municipais");
  });
});
