import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils";
import { as, createTestContext, sessionCookie, type TestContext } from "../support/api";
import { seedScale } from "../../server/db/seed/scale";
import { PROPOSAL_TRANSITIONS, type ProposalStatus } from "../../src/domain/captacao";

let ctx: TestContext;
const rows = async <T>(query: ReturnType<typeof sql>) => (await ctx.database.db.execute(query)) as unknown as { rows: T[] };

/** Municipalities of the demo data before the scale seed runs (the demo seeds may add more than the three with accounts). */
let demoMunicipalities = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  demoMunicipalities = (await rows<{ n: number }>(sql`select count(*)::int as n from companies where ibge_code is not null`)).rows[0].n;
  await seedScale(ctx.database.db, { municipalities: 6, perCompany: { imposition: 3, voluntary: 2, fund: 1, proposals: 4 }, payments: 90, programs: 300, year: 2026 });
});
afterAll(async () => ctx?.close());

describe("scale seed generator (npm run seed:scale) on a tiny size", () => {
  it("adds the municipalities with valid CNPJs and unique slugs, next to the demo companies", async () => {
    const { rows: companies } = await rows<{ cnpj: string; slug: string }>(sql`select cnpj, slug from companies where ibge_code is not null order by id`);
    expect(companies).toHaveLength(demoMunicipalities + 6);
    expect(companies.every((c) => isValidCnpj(c.cnpj))).toBe(true);
    expect(new Set(companies.map((c) => c.slug)).size).toBe(companies.length);
  });

  it("creates the requested transfers per municipality and exactly the requested payments", async () => {
    const { rows: counts } = await rows<{ impositions: number; voluntaries: number; funds: number; payments: number }>(sql`
      select (select count(*)::int from imposition_transfers where company_id > 3) as impositions,
             (select count(*)::int from voluntary_transfers where company_id > 3) as voluntaries,
             (select count(*)::int from fund_transfer_plans where company_id > 3) as funds,
             (select count(*)::int from transaction_payments where company_id > 3) as payments`);
    expect(counts[0]).toEqual({ impositions: 18, voluntaries: 12, funds: 6, payments: 90 });
  });

  it("adds the national program catalogue across the UFs, some open to each municipality today", async () => {
    const { rows: programs } = await rows<{ n: number; ufs: number; named: number }>(sql`
      select count(*)::int as n, count(distinct u)::int as ufs, count(*) filter (where cardinality(beneficiary_cnpjs) > 0)::int as named
      from programs cross join lateral unnest(enabled_ufs) u where code like '8%'`);
    expect(programs[0].ufs).toBe(27);
    const { rows: total } = await rows<{ n: number }>(sql`select count(*)::int as n from programs where code like '8%'`);
    expect(total[0].n).toBe(300);
    const radar = await as(ctx.app, await sessionCookie(ctx.app, "gestor@demo.local"))({ method: "GET", url: "/api/programs/open?_end=5" });
    expect(radar.statusCode, radar.body).toBe(200);
    expect(radar.json().total).toBeGreaterThan(10);
  });

  it("adds proposals that walked the SICONV flow: every step an allowed move, the status its last step, global = transfer + counterpart", async () => {
    const { rows: proposals } = await rows<{ status: ProposalStatus; history: { status: ProposalStatus; at: string }[]; global: string; sum: string; program: number | null }>(sql`
      select status, status_history as history, global_value::text as global, (transfer_value + counterpart_value)::text as sum, program_id as program
      from proposals where company_id > 3`);
    expect(proposals).toHaveLength(24);
    for (const p of proposals) {
      expect(p.history[0].status).toBe("CADASTRADA");
      expect(p.history.at(-1)!.status).toBe(p.status);
      for (let i = 1; i < p.history.length; i++) {
        expect(PROPOSAL_TRANSITIONS[p.history[i - 1].status], `${p.history[i - 1].status} → ${p.history[i].status}`).toContain(p.history[i].status);
        expect(Date.parse(p.history[i].at)).toBeGreaterThan(Date.parse(p.history[i - 1].at));
      }
      expect(p.global).toBe(p.sum);
      expect(p.program).not.toBeNull();
    }
    const admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
    const report = await admin({ method: "GET", url: "/api/reports/proposal" });
    expect(report.statusCode, report.body).toBe(200);
  });

  it("leaves every transfer's committed and paid totals equal to its effective payments", async () => {
    const { rows: drift } = await rows<{ id: number }>(sql`
      select t.id from imposition_transfers t
      left join transaction_payments p on p.imposition_transfer_id = t.id and p.status = 'EFETIVADO'
      group by t.id
      having t.paid_value <> coalesce(sum(p.amount) filter (where p.kind = 'BANK_ORDER'), 0)
          or t.committed_value <> coalesce(sum(p.amount) filter (where p.kind = 'COMMITMENT'), 0)`);
    expect(drift).toEqual([]);
  });

  it("produces data the API serves: an ADMIN lists a scale municipality's transfers by its header", async () => {
    const { rows: [company] } = await rows<{ id: number }>(sql`select max(id)::int as id from companies`);
    const admin = as(ctx.app, await sessionCookie(ctx.app, "admin@demo.local"));
    const res = await admin({ method: "GET", url: "/api/imposition-transfers?_sort=plannedValue&_order=desc", headers: { "x-company-id": String(company.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("3");
    expect(res.json()[0].nrTransfer).toMatch(/^0903\d{4}-\d{6}$/);
  });
});
