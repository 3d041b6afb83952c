import { describe, expect, it, vi } from "vitest";
import { drizzle } from "drizzle-orm/node-postgres";
import { eq } from "drizzle-orm";
import * as schema from "../../../server/db/schema";
import type { Db } from "../../../server/db/client";
import { paymentsPage } from "../../../server/domain/payments";
import { StatementCache, planIsValueFree, type Preparable } from "../../../server/resources/prepared-list";

/** A statement that records the name it was prepared under. */
function fakeStatement(text: string, names: string[]): Preparable<unknown> {
  return {
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => {
      names.push(name);
      return { execute: async () => [] };
    },
  };
}

describe("list statements kept on the database's connections (issue 36 item 8)", () => {
  it("names a one-client list's statement by its text, the same name for the same text", () => {
    const names: string[] = [];
    new StatementCache().get("tenant", () => fakeStatement("select 1 from a where company_id = $1", names), true);
    new StatementCache().get("tenant", () => fakeStatement("select 1 from a where company_id = $1", names), true);
    new StatementCache().get("tenant", () => fakeStatement("select 2 from a where company_id = $1", names), true);
    expect(names[0]).toMatch(/^sol_[0-9a-f]{24}$/);
    expect(names[1]).toBe(names[0]);
    expect(names[2]).not.toBe(names[0]);
  });

  it("leaves a statement unnamed when its plan may depend on its values", () => {
    const names: string[] = [];
    new StatementCache().get("tenant|q:1", () => fakeStatement("select 3", names), false);
    expect(names).toEqual([""]);
    expect(planIsValueFree("tenant|kind:eq:1|sort:paymentDate:desc", false)).toBe(true);
    expect(planIsValueFree("tenant|q:1", false)).toBe(false);
    expect(planIsValueFree("tenant|payeeName:like:1", false)).toBe(false);
    expect(planIsValueFree("status:eq:1", true)).toBe(false);
  });

  it("runs new statements unnamed past the budget, so callers cannot fill the connections with shapes", async () => {
    vi.resetModules();
    const { NAMED_STATEMENT_BUDGET, statementName } = await import("../../../server/resources/prepared-list");
    const names = Array.from({ length: NAMED_STATEMENT_BUDGET + 5 }, (_, i) => statementName({ toSQL: () => ({ sql: `select ${i}` }) }, true));
    expect(names.slice(0, NAMED_STATEMENT_BUDGET).every((name) => name.startsWith("sol_"))).toBe(true);
    expect(names.slice(NAMED_STATEMENT_BUDGET)).toEqual(["", "", "", "", ""]);
    // A statement named before the budget ran out keeps its name.
    expect(statementName({ toSQL: () => ({ sql: "select 0" }) }, true)).toBe(names[0]);
  });
});

describe("the payments page", () => {
  it("reads only the columns a payment on the wire names, not the synced record's raw source", () => {
    const db = drizzle.mock({ schema }) as unknown as Db;
    const p = schema.transactionPayments;
    const text = paymentsPage(db, { where: eq(p.companyId, 1), orderBy: [], limit: 20, offset: 0 }).toSQL().sql;
    expect(text).toContain('"payee_name"');
    expect(text).toContain("coalesce(");
    for (const column of ['"raw"', '"external_id"', '"synced_at"', '"source_missing_since"']) expect(text).not.toContain(column);
  });
});
