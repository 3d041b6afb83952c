import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { transactionPayments, transferAccountBalances, transferAccountEntries, transferAccountSubtransactions, transferReturns } from "../db/schema";
import type { AccountTrail } from "../../src/domain/account-trail";

/**
 * The "Movimentação da conta" of one emenda, read from what the sync stored (issue 32): money in,
 * paid to each supplier (from the sub-transactions when a debit has them), interest, returns, the
 * balance and what the statement does not explain, with the reconciliation's tally.
 */

/** How many statement lines the card lists (the totals count every one). */
const LISTED_ENTRIES = 500;

const num = (value: string | number | null | undefined) => Number(value ?? 0);
const round = (value: number) => Math.round(value * 100) / 100;

export async function accountTrailOf(db: Db, transfer: { id: number; companyId: number; bankCode?: unknown; bankName?: unknown; agency?: unknown; account?: unknown }): Promise<AccountTrail> {
  const live = <T extends typeof transferAccountEntries | typeof transferAccountSubtransactions | typeof transferReturns | typeof transferAccountBalances>(table: T) =>
    and(eq(table.companyId, transfer.companyId), eq(table.impositionTransferId, transfer.id), isNull(table.sourceMissingSince));
  const [entries, subs, returns, [balance], recordedWithoutStatement] = await Promise.all([
    db.select().from(transferAccountEntries).where(live(transferAccountEntries)).orderBy(asc(transferAccountEntries.entryDate), asc(transferAccountEntries.id)),
    db.select().from(transferAccountSubtransactions).where(live(transferAccountSubtransactions)),
    db.select().from(transferReturns).where(live(transferReturns)).orderBy(asc(transferReturns.requestedAt), asc(transferReturns.id)),
    db.select().from(transferAccountBalances).where(live(transferAccountBalances)).limit(1),
    // Hand-recorded payments that no statement line claimed.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactionPayments)
      .where(
        and(
          eq(transactionPayments.companyId, transfer.companyId),
          eq(transactionPayments.impositionTransferId, transfer.id),
          isNull(transactionPayments.source),
          eq(transactionPayments.kind, "SUPPLIER_PAYMENT"),
          sql`${transactionPayments.status} <> 'CANCELADO'`,
          sql`not exists (select 1 from ${transferAccountEntries} where ${transferAccountEntries.matchedPaymentId} = ${transactionPayments.id})`,
          sql`not exists (select 1 from ${transferAccountSubtransactions} where ${transferAccountSubtransactions.matchedPaymentId} = ${transactionPayments.id})`,
        ),
      ),
  ]);
  const sum = (kind: string) => round(entries.filter((e) => e.kind === kind).reduce((total, e) => total + num(e.amount), 0));
  const debits = round(entries.filter((e) => e.operation === "D").reduce((total, e) => total + num(e.amount), 0));

  // Suppliers: each sub-transaction, or the debit itself when it has none.
  const suppliers = new Map<string, { document: string | null; name: string; amount: number; lines: number }>();
  const withParts = new Set(subs.map((s) => s.entryId));
  const lines = [
    ...entries.filter((e) => e.kind === "PAYMENT" && !withParts.has(e.id)).map((e) => ({ document: e.counterpartyDocument, name: e.counterpartyName, amount: num(e.amount), status: e.matchStatus })),
    ...subs.map((s) => ({ document: s.beneficiaryDocument, name: s.beneficiaryName, amount: num(s.amount), status: s.matchStatus })),
  ];
  for (const line of lines) {
    const key = line.document ?? `nome:${line.name ?? ""}`;
    const current = suppliers.get(key) ?? { document: line.document, name: line.name ?? "Favorecido não identificado", amount: 0, lines: 0 };
    current.amount = round(current.amount + line.amount);
    current.lines += 1;
    suppliers.set(key, current);
  }
  const tally = (status: string) => lines.filter((l) => l.status === status).length;
  const received = sum("RECEIVED");
  const interest = sum("INTEREST");
  const balanceValue = balance ? num(balance.balance) : null;
  return {
    account: {
      bankCode: (transfer.bankCode as string | null) ?? null,
      bankName: (transfer.bankName as string | null) ?? null,
      agency: (transfer.agency as string | null) ?? null,
      account: (transfer.account as string | null) ?? null,
    },
    synced: entries.length > 0 || returns.length > 0 || balance !== undefined,
    received,
    paid: round(lines.reduce((total, l) => total + l.amount, 0)),
    interest,
    returned: round(returns.reduce((total, r) => total + num(r.total), 0)),
    returnedFines: round(returns.reduce((total, r) => total + num(r.fine), 0)),
    returnedInterest: round(returns.reduce((total, r) => total + num(r.interest), 0)),
    balance: balanceValue,
    balanceDate: balance?.balanceDate ?? null,
    unexplained: balanceValue === null ? null : round(received + interest - debits - balanceValue),
    suppliers: [...suppliers.values()].sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name)),
    reconciliation: { matched: tally("MATCHED"), differs: tally("DIFFERS"), unmatched: tally("UNMATCHED"), recordedWithoutStatement: recordedWithoutStatement[0]?.n ?? 0 },
    entries: entries.slice(-LISTED_ENTRIES).map((e) => ({
      id: e.id,
      date: e.entryDate,
      kind: e.kind,
      amount: num(e.amount),
      description: e.description,
      counterpartyName: e.counterpartyName,
      counterpartyDocument: e.counterpartyDocument,
      matchStatus: e.matchStatus,
      matchNote: e.matchNote,
      matchedPaymentId: e.matchedPaymentId,
    })),
    returns: returns.map((r) => ({ id: r.id, kind: r.kind, status: r.status, paidAt: r.paidAt, reason: r.reason, amount: num(r.amount), fine: num(r.fine), interest: num(r.interest), total: num(r.total) })),
  };
}
