import { z } from "zod";

/**
 * The money trail of an emenda (issue 32): what its specific account received, paid to each
 * supplier, earned and returned, and how that meets the payments the municipality recorded by hand.
 * Shared by the server (classification, reconciliation) and the transfer's page.
 */

/** What a statement entry is: money in from the União, interest earned, a payment, a return. */
export const ACCOUNT_ENTRY_KINDS = ["RECEIVED", "INTEREST", "PAYMENT", "RETURN"] as const;
export type AccountEntryKind = (typeof ACCOUNT_ENTRY_KINDS)[number];

/** devolucao-especiais tipo_devolucao. */
export const RETURN_KINDS = ["RENDIMENTOS", "RESTITUICAO"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * A statement line against the hand-recorded payments: MATCHED (same value, date window and
 * document), DIFFERS (same supplier and date window, another value), UNMATCHED (no record), NONE (a
 * line that is not a payment: credits, returns).
 */
export const MATCH_STATUSES = ["MATCHED", "DIFFERS", "UNMATCHED", "NONE"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** How many days apart a bank debit and its recorded payment may be. */
export const MATCH_WINDOW_DAYS = 5;

/** The Tesouro Nacional's CNPJ: a debit to it gives the money back (GRU). */
const TESOURO_CNPJ = "00394460000141";

/** The kind of an entry, from its operation (C/D), its description and who it went to. */
export function entryKindOf(entry: { operation: "C" | "D"; description: string | null; counterpartyDocument: string | null }): AccountEntryKind {
  const text = (entry.description ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
  if (entry.operation === "C") return /REND|JUROS|APLICAC|REMUNERAC/.test(text) ? "INTEREST" : "RECEIVED";
  return /DEVOLU|RESTITU|GRU\b/.test(text) || entry.counterpartyDocument === TESOURO_CNPJ ? "RETURN" : "PAYMENT";
}

/** One payment line of the statement (a debit, or one of its sub-transactions). */
export interface StatementLine {
  key: string;
  date: string;
  /** In cents: money is compared exactly. */
  cents: number;
  document: string | null;
}

/** One payment recorded by hand on the transfer. */
export interface RecordedPayment {
  id: number;
  date: string;
  cents: number;
  document: string | null;
}

export interface LineMatch {
  status: Exclude<MatchStatus, "NONE">;
  paymentId: number | null;
  /** pt-BR, for DIFFERS: what differs. */
  note: string | null;
}

const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const brl = (cents: number) => (cents / 100).toLocaleString("pt-BR", { style: "currency", currency: "BRL" });

/**
 * Links each statement line to at most one recorded payment and each payment to at most one line:
 * first every exact match (same value, within the window, same document when both have one), then,
 * for what is left, the same supplier within the window with another value (DIFFERS, with both
 * values in the note). Lines are taken oldest first, payments nearest in date first; nothing is
 * created, so a sync run twice links the same pairs.
 */
export function reconcile(lines: StatementLine[], payments: RecordedPayment[], windowDays = MATCH_WINDOW_DAYS): Map<string, LineMatch> {
  const result = new Map<string, LineMatch>();
  const free = new Map(payments.map((p) => [p.id, p]));
  const ordered = [...lines].sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key));
  const near = (line: StatementLine, p: RecordedPayment) => Math.abs(dayNumber(line.date) - dayNumber(p.date)) <= windowDays;
  const sameDocument = (line: StatementLine, p: RecordedPayment) => !line.document || !p.document || line.document === p.document;
  const closest = (line: StatementLine, candidates: RecordedPayment[]) =>
    candidates.sort((a, b) => Math.abs(dayNumber(line.date) - dayNumber(a.date)) - Math.abs(dayNumber(line.date) - dayNumber(b.date)) || a.id - b.id)[0];

  for (const line of ordered) {
    const found = closest(line, [...free.values()].filter((p) => p.cents === line.cents && near(line, p) && sameDocument(line, p)));
    if (!found) continue;
    free.delete(found.id);
    result.set(line.key, { status: "MATCHED", paymentId: found.id, note: null });
  }
  for (const line of ordered) {
    if (result.has(line.key)) continue;
    const found = line.document ? closest(line, [...free.values()].filter((p) => p.document === line.document && near(line, p))) : undefined;
    if (!found) {
      result.set(line.key, { status: "UNMATCHED", paymentId: null, note: null });
      continue;
    }
    free.delete(found.id);
    result.set(line.key, { status: "DIFFERS", paymentId: found.id, note: `Valor no extrato ${brl(line.cents)}; registrado ${brl(found.cents)}.` });
  }
  return result;
}

const money = z.number();

/** GET /api/imposition-transfers/{id}/account-trail: the "Movimentação da conta" card. */
export const accountTrailSchema = z.object({
  account: z.object({ bankCode: z.string().nullable(), bankName: z.string().nullable(), agency: z.string().nullable(), account: z.string().nullable() }),
  /** Whether the source has said anything about this account at all. */
  synced: z.boolean(),
  received: money,
  paid: money,
  interest: money,
  /** Returns to the União (devolucao-especiais), paid or not, with their fines and interest. */
  returned: money,
  returnedFines: money,
  returnedInterest: money,
  balance: money.nullable(),
  balanceDate: z.string().nullable(),
  /** received + interest − debits − balance: what the statement does not explain (null without a balance). */
  unexplained: money.nullable(),
  suppliers: z.array(z.object({ document: z.string().nullable(), name: z.string(), amount: money, lines: z.number().int() })),
  reconciliation: z.object({ matched: z.number().int(), differs: z.number().int(), unmatched: z.number().int(), recordedWithoutStatement: z.number().int() }),
  entries: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      kind: z.enum(ACCOUNT_ENTRY_KINDS),
      amount: money,
      description: z.string().nullable(),
      counterpartyName: z.string().nullable(),
      counterpartyDocument: z.string().nullable(),
      matchStatus: z.enum(MATCH_STATUSES),
      matchNote: z.string().nullable(),
      matchedPaymentId: z.number().int().nullable(),
    }),
  ),
  returns: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(RETURN_KINDS),
      status: z.string().nullable(),
      paidAt: z.string().nullable(),
      reason: z.string().nullable(),
      amount: money,
      fine: money,
      interest: money,
      total: money,
    }),
  ),
});
export type AccountTrail = z.infer<typeof accountTrailSchema>;
