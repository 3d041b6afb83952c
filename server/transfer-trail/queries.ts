import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  accountabilityObligations,
  companies,
  impositionTransfers,
  lc210Notices,
  transactionPayments,
  transferAccountBalances,
  transferAccountEntries,
  transferAccountSubtransactions,
  transferReturns,
} from "../db/schema";
import { accountTrailOf } from "../sync/account-trail";
import { publicLc210Notice } from "../accountability/queries";
import { transparencyOf } from "../../src/domain/companies";
import { publicDocumentOf, type PublicTrail } from "../../src/domain/transfer-trail";
import { IMPOSITION_NR } from "../../src/domain/transfers";
import { transparency as texts } from "../../src/domain/labels/transparency";
import { notFound } from "../lib/errors";
import { publicInstrumentLink } from "../transfer-instruments/queries";

/**
 * The public story of one emenda's money (issue 34 item 1). Every figure comes from the same reading
 * as the admin's "Movimentação da conta" (accountTrailOf), so the two never disagree; what is private
 * is then left out: a CPF is masked, the reconciliation with hand-recorded payments, its notes and
 * the transfer's internal notes never leave. Only a public transfer of an open portal that publishes
 * its special transfers exists here.
 */

export const TRANSFER_NOT_FOUND = "Transferência não encontrada.";

/** Source names as a citizen reads them. */
const SOURCE_NAMES: Record<string, string> = {
  transferegov_especiais: "Transferegov.br (transferências especiais)",
  transferegov_fundoafundo: "Transferegov.br (fundo a fundo)",
  siconv: "Transferegov.br (SICONV)",
};

/** The public transfer named by slug and number, with what its page needs; a pt-BR 404 otherwise. */
export async function publicTransferOf(db: Db, slug: string, nr: string) {
  const [company] = await db
    .select({ id: companies.id, slug: companies.slug, name: companies.name, transparency: companies.transparency })
    .from(companies)
    .where(and(eq(companies.slug, slug.toLowerCase()), eq(companies.publicPortalEnabled, true)))
    .limit(1);
  if (!company) throw notFound("Município não encontrado.");
  if (!transparencyOf(company.transparency).sections.impositionTransfers) {
    throw notFound(texts.sectionHidden.message(texts.sectionNames.impositionTransfers, company.name));
  }
  if (!IMPOSITION_NR.test(nr)) throw notFound(TRANSFER_NOT_FOUND);
  const [transfer] = await db
    .select({
      id: impositionTransfers.id,
      companyId: impositionTransfers.companyId,
      nrTransfer: impositionTransfers.nrTransfer,
      year: impositionTransfers.year,
      amendmentNumber: impositionTransfers.amendmentNumber,
      parliamentarianName: impositionTransfers.parliamentarianName,
      objectName: impositionTransfers.objectName,
      situation: impositionTransfers.situation,
      workPlanStatus: impositionTransfers.workPlanStatus,
      workPlanStatusAt: impositionTransfers.workPlanStatusAt,
      plannedValue: impositionTransfers.plannedValue,
      committedValue: impositionTransfers.committedValue,
      paidValue: impositionTransfers.paidValue,
      bankCode: impositionTransfers.bankCode,
      bankName: impositionTransfers.bankName,
      agency: impositionTransfers.agency,
      account: impositionTransfers.account,
      source: impositionTransfers.source,
      syncedAt: impositionTransfers.syncedAt,
      updatedAt: impositionTransfers.updatedAt,
    })
    .from(impositionTransfers)
    .where(and(eq(impositionTransfers.companyId, company.id), eq(impositionTransfers.nrTransfer, nr), eq(impositionTransfers.isPublic, true)))
    .limit(1);
  if (!transfer) throw notFound(TRANSFER_NOT_FOUND);
  return { company: { id: company.id, slug: company.slug, name: company.name }, transfer };
}

export type PublicTransfer = Awaited<ReturnType<typeof publicTransferOf>>;

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const newest = (...values: (Date | string | null | undefined)[]) => {
  const times = values.map((v) => (v ? new Date(v).getTime() : 0));
  const latest = Math.max(0, ...times);
  return latest > 0 ? new Date(latest).toISOString() : null;
};

/** The newest sync time and the newest change among the trail's own rows. */
async function trailTimes(db: Db, transferId: number) {
  const stamps = (table: typeof transferAccountEntries | typeof transferAccountSubtransactions | typeof transferAccountBalances | typeof transferReturns) =>
    db
      .select({ synced: sql<string | null>`max(${table.syncedAt})`, updated: sql<string | null>`max(${table.updatedAt})` })
      .from(table)
      .where(eq(table.impositionTransferId, transferId));
  const [obligations, payments, ...rows] = await Promise.all([
    db.select({ updated: sql<string | null>`max(${accountabilityObligations.updatedAt})` }).from(accountabilityObligations).where(eq(accountabilityObligations.impositionTransferId, transferId)),
    db.select({ updated: sql<string | null>`max(${transactionPayments.updatedAt})` }).from(transactionPayments).where(eq(transactionPayments.impositionTransferId, transferId)),
    stamps(transferAccountEntries),
    stamps(transferAccountSubtransactions),
    stamps(transferAccountBalances),
    stamps(transferReturns),
  ]);
  return {
    synced: newest(...rows.map(([r]) => r?.synced)),
    updated: newest(obligations[0]?.updated, payments[0]?.updated, ...rows.map(([r]) => r?.updated)),
  };
}

/** The LC 210 notice with a public link to each proof the municipality attached. */
async function lc210WithProofs(db: Db, slug: string, nr: string, transferId: number): Promise<PublicTrail["lc210Notice"]> {
  const notice = await publicLc210Notice(db, transferId);
  if (!notice) return null;
  const proofs = await db
    .select({ recipient: lc210Notices.recipient })
    .from(lc210Notices)
    .innerJoin(accountabilityObligations, eq(accountabilityObligations.id, lc210Notices.obligationId))
    .where(and(eq(accountabilityObligations.impositionTransferId, transferId), eq(accountabilityObligations.kind, "LC210"), sql`${lc210Notices.proofPath} is not null`));
  const withProof = new Set(proofs.map((p) => p.recipient));
  return {
    ...notice,
    recipients: notice.recipients.map((r) => ({
      ...r,
      proofUrl: withProof.has(r.recipient) ? `/api/public/${encodeURIComponent(slug)}/imposition-transfers/${encodeURIComponent(nr)}/lc210-proofs/${r.recipient.toLowerCase()}` : null,
    })),
  };
}

/** The stored proof of one LC 210 notice of a public transfer, or null. */
export async function lc210ProofOf(db: Db, transferId: number, recipient: string) {
  const [proof] = await db
    .select({ storagePath: lc210Notices.proofPath, fileName: lc210Notices.proofName, contentType: lc210Notices.proofType })
    .from(lc210Notices)
    .innerJoin(accountabilityObligations, eq(accountabilityObligations.id, lc210Notices.obligationId))
    .where(and(eq(accountabilityObligations.impositionTransferId, transferId), eq(accountabilityObligations.kind, "LC210"), sql`upper(${lc210Notices.recipient}::text) = ${recipient.toUpperCase()}`))
    .limit(1);
  if (!proof?.storagePath || !proof.fileName || !proof.contentType) return null;
  return { storagePath: proof.storagePath, fileName: proof.fileName, contentType: proof.contentType };
}

/** The relatórios de gestão of the emenda and where each stands. */
async function accountabilityOf(db: Db, transferId: number): Promise<PublicTrail["accountability"]> {
  const rows = await db
    .select({ kind: accountabilityObligations.kind, status: accountabilityObligations.status, dueDate: accountabilityObligations.dueDate })
    .from(accountabilityObligations)
    .where(and(eq(accountabilityObligations.impositionTransferId, transferId), inArray(accountabilityObligations.kind, ["ESPECIAL_PARCIAL", "ESPECIAL_FINAL"])))
    .orderBy(asc(accountabilityObligations.kind));
  return rows.map((r) => ({ kind: r.kind as "ESPECIAL_PARCIAL" | "ESPECIAL_FINAL", status: r.status, dueDate: r.dueDate }));
}

/** The whole public trail of one public transfer. */
export async function publicTrailOf(db: Db, { company, transfer }: PublicTransfer): Promise<PublicTrail> {
  const [trail, lc210Notice, accountability, times, [{ n: entryCount }], instrument] = await Promise.all([
    accountTrailOf(db, transfer),
    lc210WithProofs(db, company.slug, transfer.nrTransfer, transfer.id),
    accountabilityOf(db, transfer.id),
    trailTimes(db, transfer.id),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(transferAccountEntries)
      .where(and(eq(transferAccountEntries.impositionTransferId, transfer.id), isNull(transferAccountEntries.sourceMissingSince))),
    publicInstrumentLink(db, "imposition-transfers", transfer, company.slug),
  ]);
  return {
    nrTransfer: transfer.nrTransfer,
    year: transfer.year,
    amendmentNumber: transfer.amendmentNumber,
    parliamentarianName: transfer.parliamentarianName,
    objectName: transfer.objectName,
    situation: transfer.situation,
    workPlan: { status: transfer.workPlanStatus, since: iso(transfer.workPlanStatusAt) },
    plannedValue: transfer.plannedValue,
    committedValue: transfer.committedValue,
    paidValue: transfer.paidValue,
    account: trail.account,
    synced: trail.synced,
    received: trail.received,
    paid: trail.paid,
    interest: trail.interest,
    returned: trail.returned,
    returnedFines: trail.returnedFines,
    returnedInterest: trail.returnedInterest,
    balance: trail.balance,
    balanceDate: trail.balanceDate,
    suppliers: trail.suppliers.map((s) => ({ name: s.name, document: publicDocumentOf(s.document), amount: s.amount, lines: s.lines })),
    entries: trail.entries.map((e) => ({
      date: e.date,
      kind: e.kind,
      amount: e.amount,
      description: e.description,
      counterpartyName: e.counterpartyName,
      counterpartyDocument: publicDocumentOf(e.counterpartyDocument),
    })),
    entryCount,
    returns: trail.returns.map((r) => ({ kind: r.kind, status: r.status, paidAt: r.paidAt, reason: r.reason, amount: r.amount, fine: r.fine, interest: r.interest, total: r.total })),
    lc210Notice,
    instrument,
    accountability,
    source: {
      name: transfer.source ? (SOURCE_NAMES[transfer.source] ?? transfer.source) : trail.synced ? SOURCE_NAMES.transferegov_especiais : null,
      syncedAt: newest(transfer.syncedAt, times.synced),
    },
    updatedAt: newest(transfer.updatedAt, times.updated),
  };
}
