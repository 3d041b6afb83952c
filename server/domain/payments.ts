import { eq, getTableColumns, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { impositionTransfers as it, transactionPayments as p, voluntaryTransfers as vt } from "../db/schema";
import type { Db } from "../db/client";
import { COMMITTED_KINDS, PAID_KINDS, type TransferKind } from "../../src/domain/transfers";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Recomputes committed_value and paid_value of transfers from their EFETIVADO payments (the rule in
 * src/domain/transfers.ts); a synced movement its source no longer shows (source_missing_since)
 * counts no more. Called in the same transaction as every payment write, so the stored
 * totals never drift from the payment rows; also used by the seeds after bulk inserts.
 * `ids` limits it to some transfers of one kind; without ids, every transfer of the kind is redone.
 */
export async function recomputeTransferTotals(db: Db, kind: TransferKind, ids?: number[]): Promise<void> {
  if (ids && ids.length === 0) return;
  await db.execute(transferTotalsUpdate(kind, ids ? sql.join(ids.map((id) => sql`${id}`), sql`, `) : undefined));
}

/**
 * The statement of recomputeTransferTotals, for the transfers whose id is in `only` (a list of
 * values or a subquery, e.g. a staging table's ids); every transfer of the kind without it.
 */
export function transferTotalsUpdate(kind: TransferKind, only?: SQL): SQL {
  const table = sql.raw(kind === "imposition" ? "imposition_transfers" : "voluntary_transfers");
  const fk = sql.raw(kind === "imposition" ? "imposition_transfer_id" : "voluntary_transfer_id");
  const where = only ? sql`where x.id in (${only})` : sql``;
  return sql`
    update ${table} t set committed_value = s.committed, paid_value = s.paid
    from (
      select x.id,
        coalesce(sum(p.amount) filter (where p.kind in (${inList(COMMITTED_KINDS)})), 0) as committed,
        coalesce(sum(p.amount) filter (where p.kind in (${inList(PAID_KINDS)})), 0) as paid
      from ${table} x
      left join transaction_payments p on p.${fk} = x.id and p.status = 'EFETIVADO' and p.source_missing_since is null
      ${where}
      group by x.id
    ) s
    where s.id = t.id and (t.committed_value, t.paid_value) is distinct from (s.committed, s.paid)
  `;
}

export const transferKind = sql<TransferKind>`(case when ${p.impositionTransferId} is not null then 'imposition' else 'voluntary' end)`;
const nrTransfer = sql<string>`coalesce(${it.nrTransfer}, ${vt.nrTransfer})`;

/** A payment with the transfer it belongs to (kind and NR_TRANSFER), as lists and screens show it. */
export const paymentColumns = { ...getTableColumns(p), transferKind, nrTransfer };

export function paymentsWithTransfer(db: Db) {
  return db
    .select(paymentColumns)
    .from(p)
    .leftJoin(it, eq(it.id, p.impositionTransferId))
    .leftJoin(vt, eq(vt.id, p.voluntaryTransferId));
}


/**
 * One page of payments with their transfers. The page is chosen on the payments table alone and only
 * its rows are joined: joining first makes PostgreSQL plan (and size its join caches) for every
 * matching payment, which across a million of them cost more than the page itself.
 */
export function paymentsPage(db: Db, page: { where: SQL | undefined; orderBy: SQL[]; limit: number | Placeholder; offset: number | Placeholder }) {
  const ids = db.select({ id: p.id }).from(p).where(page.where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset);
  return paymentsWithTransfer(db).where(inArray(p.id, ids)).orderBy(...page.orderBy);
}
