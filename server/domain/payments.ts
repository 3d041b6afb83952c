import { and, eq, getTableColumns, inArray, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import { impositionTransfers as it, transactionPayments as p, voluntaryTransfers as vt } from "../db/schema";
import type { Db } from "../db/client";
import { unprocessable } from "../lib/errors";
import { COMMITTED_KINDS, PAID_KINDS, paymentRowSchema, type ImpositionSituation, type PaymentKind, type TransferKind, type VoluntaryStatus } from "../../src/domain/transfers";

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
  return db
    .select(paymentListColumns)
    .from(p)
    .leftJoin(it, eq(it.id, p.impositionTransferId))
    .leftJoin(vt, eq(vt.id, p.voluntaryTransferId))
    .where(inArray(p.id, ids))
    .orderBy(...page.orderBy);
}

/**
 * A list page's columns: what a payment row on the wire names (paymentRowSchema), without the synced
 * record's raw source and sync bookkeeping, which the serializer would drop after reading each.
 */
const paymentListColumns = Object.fromEntries(Object.entries(paymentColumns).filter(([key]) => key in paymentRowSchema.shape)) as Record<string, (typeof paymentColumns)[keyof typeof paymentColumns]>;

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const reais = (value: string | number) => brl.format(Number(value)).replace(/\u00a0/g, " ");

interface ChainTotals {
  planned: number;
  committed: number;
  paid: number;
}

/** A transfer's planned value and its stored committed and paid totals. */
async function chainTotals(db: Db, kind: TransferKind, id: number): Promise<ChainTotals> {
  const table = kind === "imposition" ? it : vt;
  const planned = kind === "imposition" ? it.plannedValue : vt.transferValue;
  const [row] = await db
    .select({ planned, committed: table.committedValue, paid: table.paidValue })
    .from(table)
    .where(eq(table.id, id));
  return { planned: Number(row.planned), committed: Number(row.committed), paid: Number(row.paid) };
}

/**
 * Recomputes a transfer's totals after a payment write and refuses the write (422, the transaction
 * rolls back) when it breaks the money chain: the committed total above the planned value, or the
 * paid total above the committed one. Only effected payments count. A chain that was already broken
 * (old or imported data) does not block writes that leave it no worse.
 */
export async function applyPaymentToChain(db: Db, kind: TransferKind, id: number): Promise<void> {
  const before = await chainTotals(db, kind, id);
  await recomputeTransferTotals(db, kind, [id]);
  const after = await chainTotals(db, kind, id);
  const over = (a: number, b: number) => Math.round((a - b) * 100) > 0;
  if (over(after.committed, after.planned) && after.committed > Math.max(before.committed, before.planned)) {
    throw unprocessable(
      `O empenho levaria o total empenhado a ${reais(after.committed)}, acima do valor previsto da transferência (${reais(after.planned)}).`,
      { amount: `Restam ${reais(Math.max(after.planned - before.committed, 0))} para empenhar nesta transferência.` },
    );
  }
  if (over(after.paid, after.committed) && (after.paid > before.paid || after.committed < before.committed)) {
    const message =
      after.committed < before.committed
        ? `Sem este empenho o total pago (${reais(after.paid)}) ficaria acima do total empenhado (${reais(after.committed)}).`
        : `O pagamento levaria o total pago a ${reais(after.paid)}, acima do total empenhado (${reais(after.committed)}).`;
    throw unprocessable(message, { amount: message });
  }
}

/**
 * A transfer's own values, checked before it is written: the expense category decides which values
 * may be non-zero, and the planned value can never drop below what was already committed.
 */
export function checkTransferValues(kind: TransferKind, values: Record<string, unknown>, existing: Record<string, unknown> | undefined): Record<string, unknown> {
  const merged = { ...existing, ...values };
  const errors: Record<string, string> = {};
  if (kind === "imposition") {
    const category = merged.expenseCategory as string | undefined;
    const costing = Number(merged.costingValue ?? 0);
    const investment = Number(merged.investmentValue ?? 0);
    if (category === "CUSTEIO" && investment > 0) errors.investmentValue = "Categoria Custeio: o valor de investimento precisa ser zero.";
    if (category === "INVESTIMENTO" && costing > 0) errors.costingValue = "Categoria Investimento: o valor de custeio precisa ser zero.";
    const committed = Number(existing?.committedValue ?? 0);
    if (existing && costing + investment < committed) {
      errors.costingValue = `O valor previsto (${reais(costing + investment)}) não pode ficar abaixo do já empenhado (${reais(committed)}).`;
    }
  } else {
    const committed = Number(existing?.committedValue ?? 0);
    const transfer = Number(merged.transferValue ?? 0);
    if (existing && transfer < committed) errors.transferValue = `O valor de repasse (${reais(transfer)}) não pode ficar abaixo do já empenhado (${reais(committed)}).`;
  }
  const first = Object.values(errors)[0];
  if (first) throw unprocessable(first, errors);
  return values;
}

// ---------- rules across records (issue 31), checked in the payment write's transaction ----------

/** Imposition situations in which the transfer is over: no movement may be recorded or changed. */
export const IMPOSITION_CLOSED_SITUATIONS: readonly ImpositionSituation[] = ["CONCLUIDO", "CANCELADO"];
/** Convênio statuses in which it is over (ended, annulled, rescinded or cancelled). */
export const VOLUNTARY_CLOSED_STATUSES: readonly VoluntaryStatus[] = ["CONCLUIDO", "ANULADO", "RESCINDIDO", "CANCELADO"];
/** How far counterpart deposits may pass the agreed counterpart: 1%, for rounding and bank fees. */
export const COUNTERPART_TOLERANCE = 0.01;

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

interface TransferFacts {
  closed: string | null;
  counterpart: number;
  /** Cents of effected movements per kind, synced ones that vanished from their source excluded. */
  sums: Partial<Record<PaymentKind, number>>;
}

async function transferFacts(db: Db, kind: TransferKind, id: number): Promise<TransferFacts> {
  const fk = kind === "imposition" ? p.impositionTransferId : p.voluntaryTransferId;
  const rows = await db
    .select({ kind: p.kind, total: sql<string>`coalesce(sum(${p.amount}), 0)` })
    .from(p)
    .where(and(eq(fk, id), eq(p.status, "EFETIVADO"), isNull(p.sourceMissingSince)))
    .groupBy(p.kind);
  const sums = Object.fromEntries(rows.map((r) => [r.kind, cents(r.total)])) as TransferFacts["sums"];
  if (kind === "imposition") {
    const [t] = await db.select({ situation: it.situation }).from(it).where(eq(it.id, id));
    return { closed: IMPOSITION_CLOSED_SITUATIONS.includes(t.situation as ImpositionSituation) ? t.situation : null, counterpart: 0, sums };
  }
  const [t] = await db.select({ status: vt.status, counterpart: vt.counterpartValue }).from(vt).where(eq(vt.id, id));
  return { closed: VOLUNTARY_CLOSED_STATUSES.includes(t.status as VoluntaryStatus) ? t.status : null, counterpart: cents(t.counterpart), sums };
}

const CLOSED_LABELS: Record<string, string> = { CONCLUIDO: "concluída", CANCELADO: "cancelada", ANULADO: "anulada", RESCINDIDO: "rescindida" };

/**
 * The rules a payment write must keep across records, after the write and in its transaction (a refusal
 * rolls it back): no movement on a transfer that is over; counterpart deposits within the agreed
 * counterpart plus COUNTERPART_TOLERANCE; supplier payments within what reached the account (bank orders
 * or disbursements, counterpart deposits and yields). A removal is never refused, and only a write that
 * adds to the side of a limit is checked against it, so old data already past a limit blocks no correction.
 */
export async function checkPaymentRules(db: Db, kind: TransferKind, id: number, change: { op: "create" | "update" | "delete"; row: Record<string, unknown> }): Promise<void> {
  if (change.op === "delete") return;
  const facts = await transferFacts(db, kind, id);
  if (facts.closed) {
    const message = `A transferência está ${CLOSED_LABELS[facts.closed] ?? "encerrada"}: não se registram nem alteram movimentações nela.`;
    throw unprocessable(message, { [kind === "imposition" ? "impositionTransferId" : "voluntaryTransferId"]: message });
  }
  if (change.row.status !== "EFETIVADO") return;
  const sum = (k: PaymentKind) => facts.sums[k] ?? 0;
  if (change.row.kind === "COUNTERPART_DEPOSIT" && kind === "voluntary") {
    const limit = Math.round(facts.counterpart * (1 + COUNTERPART_TOLERANCE));
    if (sum("COUNTERPART_DEPOSIT") > limit) {
      const message = `Os depósitos de contrapartida somariam ${reais(sum("COUNTERPART_DEPOSIT") / 100)}, acima da contrapartida pactuada (${reais(facts.counterpart / 100)}, com tolerância de 1%).`;
      throw unprocessable(message, { amount: message });
    }
  }
  if (change.row.kind === "SUPPLIER_PAYMENT") {
    const received = sum("BANK_ORDER") + sum("DISBURSEMENT") + sum("COUNTERPART_DEPOSIT") + sum("YIELD");
    if (sum("SUPPLIER_PAYMENT") > received) {
      const message = `Os pagamentos a fornecedores somariam ${reais(sum("SUPPLIER_PAYMENT") / 100)}, acima do que entrou na conta (${reais(received / 100)}: repasses, contrapartida e rendimentos).`;
      throw unprocessable(message, { amount: message });
    }
  }
}
