import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { transactionPayments, transferAccountBalances, transferAccountEntries, transferAccountSubtransactions, transferReturns } from "../../db/schema";
import { entryKindOf, reconcile, RETURN_KINDS, type RecordedPayment, type ReturnKind, type StatementLine } from "../../../src/domain/account-trail";
import { RowProblem, dayOf, documentOf, moneyOf, textOf } from "../values";
import { markMissing, upsertSynced } from "../upsert";
import type { FetchedAccount } from "./especiais";

/**
 * The money trail of each emenda into its tables (issue 32): the statement entries, their
 * sub-transactions, the latest balance and the returns, upserted on their source keys like every
 * synced row (a second run writes nothing), then reconciled with the payments recorded by hand.
 */

const SOURCE = "transferegov_especiais" as const;

type EntryValues = Omit<typeof transferAccountEntries.$inferInsert, "id" | "matchStatus" | "matchedPaymentId" | "matchNote">;
type SubValues = Omit<typeof transferAccountSubtransactions.$inferInsert, "id" | "entryId" | "matchStatus" | "matchedPaymentId" | "matchNote">;
type SubWithEntry = SubValues & { entryId: number };
type BalanceValues = Omit<typeof transferAccountBalances.$inferInsert, "id">;
type ReturnValues = Omit<typeof transferReturns.$inferInsert, "id">;

const ENTRY_OWNED = ["impositionTransferId", "accountKey", "entryDate", "operation", "kind", "amount", "description", "counterpartyName", "counterpartyDocument", "reference", "subtransactionCount", "raw"] as const;
const SUB_OWNED = ["impositionTransferId", "entryId", "paymentDate", "amount", "beneficiaryName", "beneficiaryDocument", "description", "raw"] as const;
const BALANCE_OWNED = ["impositionTransferId", "balanceDate", "balance", "raw"] as const;
const RETURN_OWNED = ["impositionTransferId", "kind", "status", "requestedAt", "paidAt", "dueAt", "competence", "reason", "amount", "fine", "interest", "additions", "discount", "deductions", "total", "raw"] as const;

/** A document of 11 (CPF) or 14 (CNPJ) characters; a masked or odd one is unknown. */
const documentOrNull = (value: unknown) => {
  const doc = documentOf(value);
  return doc.length === 11 || doc.length === 14 ? doc : null;
};
/** Signed or not, the API's value as a positive amount (the operation says the direction). */
const absolute = (value: unknown, field: string) => moneyOf(typeof value === "number" ? Math.abs(value) : value, field);

export interface TrailInput {
  transferId: number;
  account: FetchedAccount;
}

interface Counted {
  created: number;
  updated: number;
  unchanged: number;
}

export interface TrailCounts {
  /** Statement entries and their sub-transactions. */
  entries: Counted;
  balances: Counted;
  returns: Counted;
  failed: number;
}

/** Writes every transfer's trail (inside the sync's transaction) and reconciles the touched transfers. */
export async function storeAccountTrail(
  tx: Db,
  companyId: number,
  inputs: TrailInput[],
  now: Date,
  onProblem: (problem: RowProblem, what: string) => void,
  markGone: boolean,
): Promise<TrailCounts> {
  const entries: (EntryValues & { companyId: number })[] = [];
  const subs: { entryKey: string; values: SubValues & { companyId: number } }[] = [];
  const balances: (BalanceValues & { companyId: number })[] = [];
  const returns: (ReturnValues & { companyId: number })[] = [];
  let failed = 0;
  const problem = (what: string) => (error: unknown) => {
    if (!(error instanceof RowProblem)) throw error;
    failed += 1;
    onProblem(error, what);
  };

  for (const { transferId, account } of inputs) {
    for (const { entry, subtransactions } of account.entries) {
      const key = String(entry.id_lancamento_gestao_financeira);
      try {
        const operation = textOf(entry.tipo_operacao_gestao_financeira)?.toUpperCase();
        if (operation !== "C" && operation !== "D") throw new RowProblem("tipo_operacao_gestao_financeira", `operação desconhecida: ${String(entry.tipo_operacao_gestao_financeira)}`);
        const entryDate = dayOf(entry.data_lancamento_gestao_financeira, "data_lancamento_gestao_financeira");
        if (!entryDate) throw new RowProblem("data_lancamento_gestao_financeira", "lançamento sem data");
        const amount = absolute(entry.valor_gestao_financeira, "valor_gestao_financeira");
        if (amount === null) throw new RowProblem("valor_gestao_financeira", "lançamento sem valor");
        const description = textOf(entry.descricao_gestao_financeira);
        const counterpartyDocument = documentOrNull(operation === "D" ? entry.doc_favorecido_gestao_financeira : entry.doc_depositante_gestao_financeira);
        entries.push({
          companyId,
          impositionTransferId: transferId,
          accountKey: textOf(entry.id_agencia_conta, 40)!,
          entryDate,
          operation,
          kind: entryKindOf({ operation, description, counterpartyDocument }),
          amount,
          description,
          counterpartyName: textOf(operation === "D" ? entry.nome_favorecido_gestao_financeira : entry.nome_depositante_gestao_financeira),
          counterpartyDocument,
          reference: textOf(entry.numero_referencia_unica_gestao_financeira),
          subtransactionCount: subtransactions.length,
          source: SOURCE,
          externalId: `lancamento:${key}`.slice(0, 80),
          raw: entry as Record<string, unknown>,
        });
      } catch (error) {
        problem(`lançamento ${key}`)(error);
        continue;
      }
      for (const sub of subtransactions) {
        const subKey = String(sub.id_subtransacao_gestao_financeira ?? "");
        try {
          if (!subKey) throw new RowProblem("id_subtransacao_gestao_financeira", "subtransação sem identificador");
          const amount = absolute(sub.valor_subtransacao_gestao_financeira, "valor_subtransacao_gestao_financeira");
          if (amount === null) throw new RowProblem("valor_subtransacao_gestao_financeira", "subtransação sem valor");
          subs.push({
            entryKey: `lancamento:${key}`.slice(0, 80),
            values: {
              companyId,
              impositionTransferId: transferId,
              paymentDate: dayOf(sub.data_pagamento_subtransacao_gestao_financeira, "data_pagamento_subtransacao_gestao_financeira"),
              amount,
              beneficiaryName: textOf(sub.nome_beneficiario_subtransacao_gestao_financeira),
              beneficiaryDocument: documentOrNull(sub.numero_documento_beneficiario_subtransacao_gestao_financeira),
              description: textOf(sub.descricao_subtransacao_gestao_financeira),
              source: SOURCE,
              externalId: `subtransacao:${subKey}`.slice(0, 80),
              raw: sub as Record<string, unknown>,
            },
          });
        } catch (error) {
          problem(`subtransação ${subKey}`)(error);
        }
      }
    }
    if (account.balance && textOf(account.balance.id_agencia_conta)) {
      try {
        const balance = moneyOfSigned(account.balance.saldo_final_gestao_financeira);
        balances.push({
          companyId,
          impositionTransferId: transferId,
          balanceDate: dayOf(account.balance.data_saldo_conta, "data_saldo_conta"),
          balance,
          source: SOURCE,
          externalId: `saldo:${textOf(account.balance.id_agencia_conta)}`.slice(0, 80),
          raw: account.balance as Record<string, unknown>,
        });
      } catch (error) {
        problem(`saldo da conta ${textOf(account.balance.id_agencia_conta)}`)(error);
      }
    }
    for (const devolution of account.returns) {
      try {
        const kind = textOf(devolution.tipo_devolucao)?.toUpperCase() as ReturnKind | undefined;
        if (!kind || !(RETURN_KINDS as readonly string[]).includes(kind)) throw new RowProblem("tipo_devolucao", `tipo de devolução desconhecido: ${String(devolution.tipo_devolucao)}`);
        const value = (field: keyof typeof devolution & string) => moneyOf(devolution[field], field) ?? "0.00";
        returns.push({
          companyId,
          impositionTransferId: transferId,
          kind,
          status: textOf(devolution.situacao_devolucao),
          requestedAt: dayOf(devolution.dt_solicitacao_devolucao, "dt_solicitacao_devolucao"),
          paidAt: dayOf(devolution.dt_pagamento_devolucao, "dt_pagamento_devolucao"),
          dueAt: dayOf(devolution.dt_vencimento_devolucao, "dt_vencimento_devolucao"),
          competence: textOf(devolution.mes_ano_competencia_devolucao, 10),
          reason: textOf(devolution.ds_motivo_devolucao) ?? textOf(devolution.tx_justificativa_devolucao),
          amount: value("vl_devolucao"),
          fine: value("vl_multa_devolucao"),
          interest: value("vl_juros_devolucao"),
          additions: value("vl_acrescimos_devolucao"),
          discount: value("vl_desconto_devolucao"),
          deductions: value("vl_deducoes_devolucao"),
          total: value("vl_total_devolucao"),
          source: SOURCE,
          externalId: `devolucao:${devolution.id_devolucao}`,
          raw: devolution as Record<string, unknown>,
        });
      } catch (error) {
        problem(`devolução ${devolution.id_devolucao}`)(error);
      }
    }
  }

  const entryResult = await upsertSynced<EntryValues, { externalId: string }>(
    tx,
    { table: transferAccountEntries, target: [transferAccountEntries.companyId, transferAccountEntries.source, transferAccountEntries.externalId], owned: [...ENTRY_OWNED], batch: 1000 },
    entries,
    now,
  );
  // Entry ids for the sub-transactions (written or unchanged alike).
  const entryIds = new Map<string, number>();
  const keys = [...new Set(subs.map((s) => s.entryKey))];
  for (let start = 0; start < keys.length; start += 1000) {
    const rows = await tx
      .select({ id: transferAccountEntries.id, externalId: transferAccountEntries.externalId })
      .from(transferAccountEntries)
      .where(and(eq(transferAccountEntries.companyId, companyId), eq(transferAccountEntries.source, SOURCE), inArray(transferAccountEntries.externalId, keys.slice(start, start + 1000))));
    for (const row of rows) entryIds.set(row.externalId, row.id);
  }
  const subResult = await upsertSynced<SubWithEntry>(
    tx,
    { table: transferAccountSubtransactions, target: [transferAccountSubtransactions.companyId, transferAccountSubtransactions.source, transferAccountSubtransactions.externalId], owned: [...SUB_OWNED], batch: 1000 },
    subs.filter((s) => entryIds.has(s.entryKey)).map((s) => ({ ...s.values, entryId: entryIds.get(s.entryKey)! })),
    now,
  );
  const balanceResult = await upsertSynced<BalanceValues>(
    tx,
    { table: transferAccountBalances, target: [transferAccountBalances.companyId, transferAccountBalances.source, transferAccountBalances.externalId], owned: [...BALANCE_OWNED] },
    balances,
    now,
  );
  const returnResult = await upsertSynced<ReturnValues>(
    tx,
    { table: transferReturns, target: [transferReturns.companyId, transferReturns.source, transferReturns.externalId], owned: [...RETURN_OWNED] },
    returns,
    now,
  );
  if (markGone) {
    await markMissing(tx, transferAccountEntries, companyId, SOURCE, entries.map((e) => e.externalId), now);
    await markMissing(tx, transferAccountSubtransactions, companyId, SOURCE, subs.map((s) => s.values.externalId), now);
    await markMissing(tx, transferAccountBalances, companyId, SOURCE, balances.map((b) => b.externalId), now);
    await markMissing(tx, transferReturns, companyId, SOURCE, returns.map((r) => r.externalId), now);
  }
  await reconcileTransfers(tx, companyId, [...new Set(inputs.map((i) => i.transferId))]);
  const add = (a: Counted, b: Counted): Counted => ({ created: a.created + b.created, updated: a.updated + b.updated, unchanged: a.unchanged + b.unchanged });
  return { entries: add(entryResult, subResult), balances: balanceResult, returns: returnResult, failed };
}

/** A balance may be negative (an overdrawn account): kept signed. */
function moneyOfSigned(value: unknown): string {
  const n = typeof value === "number" ? value : Number(value);
  if (value === null || value === undefined || !Number.isFinite(n)) throw new RowProblem("saldo_final_gestao_financeira", `saldo inválido: ${String(value)}`);
  return n.toFixed(2);
}

const cents = (value: string | number) => Math.round(Number(value) * 100);

/**
 * Reconciles each transfer's payment lines (a debit's sub-transactions when it has any, else the
 * debit itself) with the payments recorded by hand on it (source null, not cancelled). Only a line
 * whose result changed is written.
 */
export async function reconcileTransfers(tx: Db, companyId: number, transferIds: number[]): Promise<void> {
  for (let start = 0; start < transferIds.length; start += 500) {
    const ids = transferIds.slice(start, start + 500);
    const [entries, subs, recorded] = await Promise.all([
      tx
        .select()
        .from(transferAccountEntries)
        .where(and(eq(transferAccountEntries.companyId, companyId), inArray(transferAccountEntries.impositionTransferId, ids), isNull(transferAccountEntries.sourceMissingSince))),
      tx
        .select()
        .from(transferAccountSubtransactions)
        .where(and(eq(transferAccountSubtransactions.companyId, companyId), inArray(transferAccountSubtransactions.impositionTransferId, ids), isNull(transferAccountSubtransactions.sourceMissingSince))),
      tx
        .select({ id: transactionPayments.id, transferId: transactionPayments.impositionTransferId, date: transactionPayments.paymentDate, amount: transactionPayments.amount, document: transactionPayments.payeeDocument })
        .from(transactionPayments)
        .where(and(eq(transactionPayments.companyId, companyId), inArray(transactionPayments.impositionTransferId, ids), isNull(transactionPayments.source), sql`${transactionPayments.status} <> 'CANCELADO'`)),
    ]);
    for (const transferId of ids) {
      const debits = entries.filter((e) => e.impositionTransferId === transferId);
      const parts = subs.filter((s) => s.impositionTransferId === transferId);
      const withParts = new Set(parts.map((s) => s.entryId));
      const lines: (StatementLine & { table: "entry" | "sub"; id: number; current: { status: string; paymentId: number | null; note: string | null } })[] = [];
      for (const entry of debits) {
        if (entry.kind !== "PAYMENT" || withParts.has(entry.id)) continue;
        lines.push({ key: `e${entry.id}`, table: "entry", id: entry.id, date: entry.entryDate, cents: cents(entry.amount), document: entry.counterpartyDocument, current: { status: entry.matchStatus, paymentId: entry.matchedPaymentId, note: entry.matchNote } });
      }
      for (const part of parts) {
        const parent = debits.find((e) => e.id === part.entryId);
        lines.push({ key: `s${part.id}`, table: "sub", id: part.id, date: part.paymentDate ?? parent?.entryDate ?? "1970-01-01", cents: cents(part.amount), document: part.beneficiaryDocument, current: { status: part.matchStatus, paymentId: part.matchedPaymentId, note: part.matchNote } });
      }
      const payments: RecordedPayment[] = recorded.filter((p) => p.transferId === transferId).map((p) => ({ id: p.id, date: p.date, cents: cents(p.amount), document: p.document }));
      const matches = reconcile(lines, payments);
      for (const line of lines) {
        const match = matches.get(line.key)!;
        if (line.current.status === match.status && line.current.paymentId === match.paymentId && line.current.note === match.note) continue;
        const set = { matchStatus: match.status, matchedPaymentId: match.paymentId, matchNote: match.note };
        if (line.table === "entry") await tx.update(transferAccountEntries).set(set).where(eq(transferAccountEntries.id, line.id));
        else await tx.update(transferAccountSubtransactions).set(set).where(eq(transferAccountSubtransactions.id, line.id));
      }
    }
  }
}
