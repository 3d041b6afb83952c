import { describe, expect, it } from "vitest";
import { demoApi } from "../support/accounts";
import type { PortfolioAnswer } from "../../src/domain/portfolio";

const api = demoApi();

const SAO_JOSE = 1;
const CAMPINAS = 2;
const cents = (value: string | number) => Math.round(Number(value) * 100);

describe("the portfolio across clients", () => {
  it("shows every client's money per year and kind, and each client's own figures as its transactions report has them", async () => {
    const res = await api.admin()({ method: "GET", url: "/api/portfolio" });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as PortfolioAnswer;
    expect(answer.chosen).toEqual([]);
    expect(answer.byYearKind.length).toBeGreaterThan(0);
    expect(new Set(answer.byYearKind.map((r) => r.kind))).toEqual(new Set(["imposition", "voluntary", "fund"]));
    // Per year and kind and per client: two cuts of the same transfers.
    const sum = (rows: { received: string }[]) => rows.reduce((acc, r) => acc + cents(r.received), 0);
    expect(sum(answer.byYearKind)).toBe(sum(answer.byClient));

    const withMoney = answer.byClient.filter((c) => Number(c.planned) > 0);
    expect(withMoney.length).toBeGreaterThanOrEqual(2);
    for (const companyId of [SAO_JOSE, CAMPINAS]) {
      const client = answer.byClient.find((c) => c.companyId === companyId)!;
      const report = (await api.admin()({ method: "GET", url: "/api/reports/transactions", headers: { "x-company-id": String(companyId) } })).json();
      expect(cents(client.planned), `planned of ${companyId}`).toBe(cents(report.total.plannedValue));
      expect(cents(client.committed), `committed of ${companyId}`).toBe(cents(report.total.committedValue));
      expect(cents(client.received), `received of ${companyId}`).toBe(cents(report.total.paidValue));
      expect(client.count).toBe(report.total.count);
      // Idle money is received money not paid out: never more than what was received.
      expect(cents(client.idle)).toBeLessThanOrEqual(cents(client.received));
    }
  });

  it("lists who sent what where: each parliamentarian with the clients it sent money to, adding up to its total", async () => {
    const answer = (await api.admin()({ method: "GET", url: "/api/portfolio" })).json() as PortfolioAnswer;
    expect(answer.parliamentarians.length).toBeGreaterThan(0);
    for (const sender of answer.parliamentarians) {
      expect(sender.clients.length).toBeGreaterThan(0);
      expect(sender.clients.reduce((acc, c) => acc + cents(c.value), 0), sender.name).toBe(cents(sender.value));
      expect(sender.clients.reduce((acc, c) => acc + c.count, 0)).toBe(sender.count);
    }
    const totals = answer.parliamentarians.map((p) => cents(p.value));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it("maps every source's freshness per client, with why a source could not be read", async () => {
    const answer = (await api.admin()({ method: "GET", url: "/api/portfolio" })).json() as PortfolioAnswer;
    const campinas = answer.freshness.find((c) => c.companyId === CAMPINAS)!;
    expect(campinas.sources.map((s) => s.source)).toEqual(["especiais", "fundoafundo", "parcerias", "siconv", "cauc"]);
    const especiais = campinas.sources.find((s) => s.source === "especiais")!;
    expect(especiais.lastReadAt).not.toBeNull();
    expect(especiais.problem).toContain("2 registros não puderam ser lidos");
    expect(campinas.sources.find((s) => s.source === "fundoafundo")!.problem).toContain("503");
    for (const client of answer.freshness) for (const source of client.sources) expect(source.lastReadAt !== null || source.problem !== null, `${client.name} ${source.source}`).toBe(true);
  });
});

describe("a chosen set of clients", () => {
  it("narrows every figure to the chosen clients", async () => {
    const res = await api.admin()({ method: "GET", url: `/api/portfolio?clients=${SAO_JOSE},${CAMPINAS}` });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as PortfolioAnswer;
    expect(answer.chosen.map((c) => c.id).sort()).toEqual([SAO_JOSE, CAMPINAS]);
    expect(answer.clientCount).toBe(2);
    expect(new Set(answer.byClient.map((c) => c.companyId))).toEqual(new Set([SAO_JOSE, CAMPINAS]));
    expect(answer.freshness.map((c) => c.companyId).sort()).toEqual([SAO_JOSE, CAMPINAS]);
    for (const sender of answer.parliamentarians) for (const client of sender.clients) expect([SAO_JOSE, CAMPINAS]).toContain(client.companyId);

    const one = (await api.admin()({ method: "GET", url: `/api/portfolio?clients=${SAO_JOSE}` })).json() as PortfolioAnswer;
    const both = answer.byYearKind.reduce((acc, r) => acc + cents(r.planned), 0);
    const alone = one.byYearKind.reduce((acc, r) => acc + cents(r.planned), 0);
    expect(alone).toBeGreaterThan(0);
    expect(alone).toBeLessThan(both);
  });

  it("answers a pt-BR 422 for a malformed list of clients", async () => {
    const res = await api.admin()({ method: "GET", url: "/api/portfolio?clients=1,abc" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.clients).toContain("separados por vírgula");
    const empty = await api.admin()({ method: "GET", url: "/api/portfolio?clients=" });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().chosen).toEqual([]);
  });
});

describe("who sees the portfolio", () => {
  it("is the consultancy's: a MANAGER or a USER gets 403, nobody signed in 401", async () => {
    expect((await api.manager()({ method: "GET", url: "/api/portfolio" })).statusCode).toBe(403);
    expect((await api.user()({ method: "GET", url: "/api/portfolio" })).statusCode).toBe(403);
    expect((await api.anonymous()({ method: "GET", url: "/api/portfolio" })).statusCode).toBe(401);
  });
});
