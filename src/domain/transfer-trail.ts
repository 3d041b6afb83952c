import { z } from "zod";
import { publicDocument } from "./public-documents";
import { ACCOUNT_ENTRY_KINDS, RETURN_KINDS } from "./account-trail";
import { publicLc210NoticeSchema } from "./accountability";
import { IMPOSITION_SITUATIONS } from "./transfers";
import { publicInstrumentSchema } from "./transfer-instruments";

/**
 * "Siga a emenda" (issue 34 item 1): the public story of one transfer's money, from the federal
 * commitment to the final supplier, and the e-mail follow of that story. The figures are the admin's
 * "Movimentação da conta" (server/sync/account-trail.ts) with what the law keeps private taken out:
 * a person's CPF is masked, internal notes and the reconciliation with hand-recorded payments stay
 * inside. The public site imports only the types (no zod in its bundle).
 */

const money = z.number();
const text = z.string().nullable();

/** A supplier's or a counterparty's document as the public sees it: a CNPJ in full, a CPF masked. */
export const publicDocumentSchema = z.object({ kind: z.enum(["CNPJ", "CPF"]), value: z.string() }).nullable();
export type PublicDocument = z.infer<typeof publicDocumentSchema>;

/** The public mask (publicDocument: a CNPJ in full, a CPF's middle six digits, nothing else) with its kind. */
export function publicDocumentOf(document: string | null | undefined): PublicDocument {
  const value = publicDocument(document);
  if (value === null) return null;
  return { kind: value.startsWith("***") ? "CPF" : "CNPJ", value };
}

/** GET /api/public/{slug}/imposition-transfers/{nr}/trail. */
export const publicTrailSchema = z.object({
  nrTransfer: z.string(),
  year: z.number().int(),
  amendmentNumber: z.string(),
  /** The author of the emenda. */
  parliamentarianName: z.string(),
  objectName: text,
  situation: z.enum(IMPOSITION_SITUATIONS),
  /** The current plano de trabalho's situation as Transferegov names it, and since when. */
  workPlan: z.object({ status: text, since: text }),
  /** The federal side: what the União committed and paid into the account. */
  plannedValue: z.string(),
  committedValue: z.string(),
  paidValue: z.string(),
  account: z.object({ bankCode: text, bankName: text, agency: text, account: text }),
  /** Whether the bank statement of the account has been imported at all. */
  synced: z.boolean(),
  received: money,
  paid: money,
  interest: money,
  returned: money,
  returnedFines: money,
  returnedInterest: money,
  balance: money.nullable(),
  balanceDate: text,
  suppliers: z.array(z.object({ name: z.string(), document: publicDocumentSchema, amount: money, lines: z.number().int() })),
  entries: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(ACCOUNT_ENTRY_KINDS),
      amount: money,
      description: text,
      counterpartyName: text,
      counterpartyDocument: publicDocumentSchema,
    }),
  ),
  /** How many statement lines there are in all (the list shows the latest ones). */
  entryCount: z.number().int(),
  returns: z.array(z.object({ kind: z.enum(RETURN_KINDS), status: text, paidAt: text, reason: text, amount: money, fine: money, interest: money, total: money })),
  lc210Notice: publicLc210NoticeSchema
    .extend({ recipients: z.array(publicLc210NoticeSchema.shape.recipients.element.extend({ proofUrl: text })) })
    .nullable(),
  /** The inteiro teor of the instrument (PNTP 5.1), where the municipality attached it. */
  instrument: publicInstrumentSchema.nullable(),
  /** The relatórios de gestão (parcial, final) and where each stands. */
  accountability: z.array(z.object({ kind: z.enum(["ESPECIAL_PARCIAL", "ESPECIAL_FINAL"]), status: z.string(), dueDate: text })),
  /** Where the figures come from and when the source last said them (null: typed by the municipality). */
  source: z.object({ name: text, syncedAt: text }),
  /** The newest change of anything on this page (ISO). */
  updatedAt: text,
});
export type PublicTrail = z.infer<typeof publicTrailSchema>;

/** POST /api/public/{slug}/imposition-transfers/{nr}/followers. */
export const followRequestSchema = z.object({
  email: z
    .string({ message: "Informe o seu e-mail." })
    .trim()
    .toLowerCase()
    .max(254, "E-mail longo demais.")
    .email("Informe um e-mail válido, por exemplo nome@exemplo.com.br."),
});

/** The signed link's token: `{id}.{c|u}.{expires}.{signature}`. */
export const followTokenSchema = z.object({
  token: z
    .string({ message: "Link inválido: abra o link do e-mail novamente." })
    .regex(/^\d{1,10}\.[cu]\.\d{1,12}\.[0-9a-f]{64}$/, "Link inválido: abra o link do e-mail novamente."),
});

/** What the follow endpoints answer: a pt-BR sentence, and the transfer the link belongs to. */
export const followAnswerSchema = z.object({ message: z.string(), slug: z.string().optional(), nrTransfer: z.string().optional() });
export type FollowAnswer = z.infer<typeof followAnswerSchema>;
