import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../client";
import { impositionTransfers, transferAccountBalances, transferAccountEntries, transferAccountSubtransactions, transferReturns } from "../schema";

/**
 * The demo's money trail (issue 34): one public emenda of Belo Horizonte (the third demo municipality)
 * whose bank statement the sync imported, as storeAccountTrail leaves it: the União's credit, interest, a payment to one
 * supplier, a payment split among a company and a person (CPF, shown masked on the public site), the
 * interest given back by GRU, the balance that remains and the return itself. The figures add up:
 * balance = received + interest − debits. Not São José dos Campos nor Campinas: the tests and the
 * browser flows sync those two from recorded Transferegov pages, and a full sync marks rows the source
 * no longer has as missing (the demo's would vanish from the page, and the sync's counts would differ).
 */

const SOURCE = "transferegov_especiais" as const;
const cents = (value: number) => Math.round(value * 100);
const money = (value: number) => (value / 100).toFixed(2);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The emenda that gets the trail: the first public one of the company with money received. */
export async function demoTrailTransfer(db: Db, companyId: number) {
  const [transfer] = await db
    .select({ id: impositionTransfers.id, nrTransfer: impositionTransfers.nrTransfer, paidValue: impositionTransfers.paidValue, acceptedAt: impositionTransfers.acceptedAt })
    .from(impositionTransfers)
    .where(and(eq(impositionTransfers.companyId, companyId), eq(impositionTransfers.isPublic, true), gt(impositionTransfers.paidValue, "10000")))
    .orderBy(asc(impositionTransfers.id))
    .limit(1);
  return transfer;
}

export async function seedAccountTrail(db: Db, companyIds: number[]) {
  const companyId = companyIds[2] ?? companyIds[0];
  if (companyId === undefined) return;
  const transfer = await demoTrailTransfer(db, companyId);
  if (!transfer) return;
  const received = cents(Number(transfer.paidValue));
  const interest = Math.round(received * 0.012);
  const toBuilder = Math.round(received * 0.4);
  const split = Math.round(received * 0.25);
  const toPerson = Math.round(received * 0.05);
  const returned = Math.round(interest / 2);
  const start = transfer.acceptedAt ?? "2025-03-03";
  const key = (part: string) => `demo-${transfer.id}-${part}`;
  const common = { companyId, impositionTransferId: transfer.id, source: SOURCE, syncedAt: new Date(), accountKey: `demo-${transfer.id}` };
  const entries = await db
    .insert(transferAccountEntries)
    .values([
      { ...common, externalId: key("credito"), entryDate: addDays(start, 30), operation: "C", kind: "RECEIVED", amount: money(received), description: "CRÉDITO ORDEM BANCÁRIA UNIÃO", counterpartyName: "TESOURO NACIONAL", counterpartyDocument: "00394460000141" },
      { ...common, externalId: key("rendimento"), entryDate: addDays(start, 60), operation: "C", kind: "INTEREST", amount: money(interest), description: "RENDIMENTO APLICAÇÃO FINANCEIRA" },
      { ...common, externalId: key("obra"), entryDate: addDays(start, 75), operation: "D", kind: "PAYMENT", amount: money(toBuilder), description: "PAGAMENTO NF 1.284 – 1ª MEDIÇÃO DA OBRA", counterpartyName: "CONSTRUTORA VALE DO PARAÍBA LTDA", counterpartyDocument: "12345678000195", matchStatus: "UNMATCHED" },
      { ...common, externalId: key("lote"), entryDate: addDays(start, 90), operation: "D", kind: "PAYMENT", amount: money(split), description: "PAGAMENTO EM LOTE – FORNECEDORES", subtransactionCount: 2, matchStatus: "NONE" },
      { ...common, externalId: key("gru"), entryDate: addDays(start, 120), operation: "D", kind: "RETURN", amount: money(returned), description: "DEVOLUÇÃO DE RENDIMENTOS – GRU", counterpartyName: "TESOURO NACIONAL", counterpartyDocument: "00394460000141" },
    ])
    .returning({ id: transferAccountEntries.id, externalId: transferAccountEntries.externalId });
  const lot = entries.find((e) => e.externalId === key("lote"))!;
  await db.insert(transferAccountSubtransactions).values([
    { ...common, externalId: key("lote-1"), entryId: lot.id, paymentDate: addDays(start, 90), amount: money(split - toPerson), beneficiaryName: "EQUIPAMENTOS URBANOS PARAÍBA LTDA", beneficiaryDocument: "98765432000110", description: "NF 552 – EQUIPAMENTOS", matchStatus: "UNMATCHED" },
    { ...common, externalId: key("lote-2"), entryId: lot.id, paymentDate: addDays(start, 90), amount: money(toPerson), beneficiaryName: "MARIA APARECIDA DOS SANTOS", beneficiaryDocument: "12345678909", description: "RPA 17 – PROJETO EXECUTIVO", matchStatus: "UNMATCHED" },
  ]);
  const { accountKey: _account, ...withoutAccount } = common;
  await db.insert(transferAccountBalances).values({ ...withoutAccount, externalId: key("saldo"), balanceDate: addDays(start, 121), balance: money(received + interest - toBuilder - split - returned) });
  await db.insert(transferReturns).values({
    ...withoutAccount,
    externalId: key("devolucao"),
    kind: "RENDIMENTOS",
    status: "Paga",
    requestedAt: addDays(start, 118),
    paidAt: addDays(start, 120),
    competence: addDays(start, 120).slice(0, 7),
    reason: "Rendimentos da aplicação não utilizados no objeto",
    amount: money(returned),
    total: money(returned),
  });
}
