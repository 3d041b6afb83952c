import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { transactionPayments as p } from "../../../server/db/schema";
import { parseListQuery, parseListShape, type ListSpec } from "../../../server/resources/list-query";
import { StatementCache } from "../../../server/resources/prepared-list";

const spec: ListSpec = {
  idColumn: p.id,
  fields: {
    paymentDate: { column: p.paymentDate, type: "date" },
    amount: { column: p.amount, type: "number" },
    status: { column: p.status, type: "enum", values: ["EFETIVADO", "CANCELADO"] },
    payeeName: { column: p.payeeName, type: "string" },
  },
  search: [p.documentNumber, p.payeeName],
  defaultSort: [{ field: "paymentDate", order: "desc" }],
};

const dialect = new PgDialect();
const orderSql = (query: Record<string, string>) => dialect.sqlToQuery(sql.join(parseListQuery(query, spec).orderBy, sql`, `)).sql;

describe("the order a list asks for", () => {
  it("breaks ties by id in the direction of the last sort, so one index scan serves it", () => {
    expect(orderSql({ _sort: "paymentDate", _order: "desc" })).toBe(`"transaction_payments"."payment_date" desc, "transaction_payments"."id" desc`);
    expect(orderSql({ _sort: "paymentDate", _order: "asc" })).toBe(`"transaction_payments"."payment_date" asc, "transaction_payments"."id" asc`);
    expect(orderSql({ _sort: "amount,paymentDate", _order: "asc,desc" })).toBe(
      `"transaction_payments"."amount" asc, "transaction_payments"."payment_date" desc, "transaction_payments"."id" desc`,
    );
  });

  it("uses the default sort, and its direction for the tie-break, when none is asked", () => {
    expect(orderSql({})).toBe(`"transaction_payments"."payment_date" desc, "transaction_payments"."id" desc`);
  });
});

describe("a list query's shape", () => {
  const render = (query: Record<string, string>, companyId?: number) => {
    const tenant = { key: "tenant", build: (bind: (v: unknown) => unknown) => eq(p.companyId, bind(companyId) as number) };
    const shaped = parseListShape(query, spec, companyId === undefined ? [] : [tenant]);
    return { ...shaped, sql: dialect.sqlToQuery(sql`${shaped.where} order by ${sql.join(shaped.orderBy, sql`, `)}`).sql };
  };

  it("is the same for other values, pages and companies, and so is the SQL; only the params differ", () => {
    const a = render({ status: "EFETIVADO", amount_gte: "100", q: "obra", _start: "0", _end: "20" }, 1);
    const b = render({ status: "CANCELADO", amount_gte: "5", q: "ponte", _start: "40", _end: "60" }, 2);
    expect(b.shape).toBe(a.shape);
    expect(b.sql).toBe(a.sql);
    expect(a.params).toEqual({ p0: 1, p1: "EFETIVADO", p2: "100", p3: "%obra%", limit: 20, offset: 0 });
    expect(b.params).toEqual({ p0: 2, p1: "CANCELADO", p2: "5", p3: "%ponte%", limit: 20, offset: 40 });
    expect(b.page).toEqual({ limit: 20, offset: 40 });
  });

  it("changes with anything that changes the SQL: value counts, operators, words, sorts and scope", () => {
    const base = render({ status: "EFETIVADO" }, 1).shape;
    const others = [
      render({ status: "EFETIVADO,CANCELADO" }, 1),
      render({ status_ne: "EFETIVADO" }, 1),
      render({ status: "EFETIVADO", q: "obra" }, 1),
      render({ status: "EFETIVADO", q: "obra ponte" }, 1),
      render({ status: "EFETIVADO", _sort: "amount", _order: "asc" }, 1),
      render({ status: "EFETIVADO" }),
      render({ payeeName_like: "silva" }, 1),
    ].map((r) => r.shape);
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it("keeps the literal text of a search out of the SQL, escaping LIKE's wildcards in the value", () => {
    const shaped = render({ q: "50%_off" }, 1);
    expect(shaped.sql).not.toContain("50");
    expect(shaped.params.p1).toBe("%50\\%\\_off%");
  });
});

describe("StatementCache", () => {
  it("builds a statement once per shape and keeps only the most recently used", () => {
    const cache = new StatementCache<number>(2);
    let built = 0;
    const build = () => ({ prepare: () => ((built += 1), { execute: async () => built }) });
    cache.get("a", build);
    cache.get("a", build);
    cache.get("b", build);
    expect(built).toBe(2);
    cache.get("a", build); // a is now the most recent: c pushes b out
    cache.get("c", build);
    expect(cache.size).toBe(2);
    cache.get("a", build);
    expect(built).toBe(3);
    cache.get("b", build);
    expect(built).toBe(4);
  });
});
