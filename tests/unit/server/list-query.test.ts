import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { transactionPayments as p } from "../../../server/db/schema";
import { parseListQuery, type ListSpec } from "../../../server/lib/list-query";

const spec: ListSpec = {
  idColumn: p.id,
  fields: {
    paymentDate: { column: p.paymentDate, type: "date" },
    amount: { column: p.amount, type: "number" },
  },
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
