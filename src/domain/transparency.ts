import { z } from "zod";
import { FISCAL_INDICATORS } from "./fiscal-indicators";
import {
  CONTRACTING_SITUATIONS,
  EXPENSE_CATEGORIES,
  IMPOSITION_SITUATIONS,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  VOLUNTARY_MODALITIES,
  VOLUNTARY_STATUSES,
} from "./transfers";
import { publicLc210NoticeSchema } from "./accountability";
import { publicInstrumentSchema } from "./transfer-instruments";

/**
 * The public transparency API (/api/public/{companySlug}/...): what a citizen may see, and nothing
 * else. These schemas are the whole contract: the server selects exactly these columns and
 * serializes through these schemas, and the tests check that no other key ever appears. The public
 * site imports only the types (no zod in its bundle).
 */

export const PUBLIC_TRANSFER_KINDS = ["imposition", "voluntary", "fund"] as const;
export type PublicTransferKind = (typeof PUBLIC_TRANSFER_KINDS)[number];

const money = z.string();
const day = z.string().nullable();
const text = z.string().nullable();

export const publicMunicipalitySchema = z.object({
  slug: z.string(),
  name: z.string(),
  legalName: text,
  cnpj: z.string(),
  uf: text,
  ibgeCode: text,
  logoUrl: text,
  email: text,
  phone: text,
  /** "Dados atualizados em": the newest change of this municipality's published data (ISO), null when it has none. */
  updatedAt: text,
  /** Which sections the municipality publishes (company settings > transparency); a hidden one answers 404. */
  sections: z.object({
    dashboard: z.boolean(),
    fiscalIndicators: z.boolean(),
    impositionTransfers: z.boolean(),
    voluntaryTransfers: z.boolean(),
  }),
  /** Whether a transfer's page lists its payments; when false, details carry `payments: null`. */
  showPayments: z.boolean(),
  /** The municipality's short presentation for the top of the home (plain text), null when unset. */
  welcomeText: text,
});

/** One movement of a transfer's money chain, as the public sees it (no internal notes, no author). */
export const publicPaymentSchema = z.object({
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  documentNumber: z.string(),
  paymentDate: z.string(),
  amount: money,
  payeeName: text,
  payeeDocument: text,
  description: text,
});

/** A transfer's payment history; null when the municipality does not publish payments (showPayments off). */
const publishedPayments = z.array(publicPaymentSchema).nullable();

export const publicImpositionSchema = z.object({
  nrTransfer: z.string(),
  year: z.number(),
  situation: z.enum(IMPOSITION_SITUATIONS),
  amendmentNumber: z.string(),
  parliamentarianName: z.string(),
  programCode: text,
  programName: text,
  grantorAcronym: text,
  grantorName: text,
  expenseCategory: z.enum(EXPENSE_CATEGORIES),
  costingValue: money,
  investmentValue: money,
  plannedValue: money,
  committedValue: money,
  paidValue: money,
  acceptedAt: day,
  objectName: text,
  policyAreas: text,
  executionStart: day,
  executionEnd: day,
  legislativeNotifiedAt: day,
});

export const publicImpositionDetailSchema = publicImpositionSchema.extend({
  objectDetail: text,
  impedimentReason: text,
  bankCode: text,
  bankName: text,
  agency: text,
  account: text,
  payments: publishedPayments,
  /** The LC 210/2024 art. 8 notice of this emenda PIX: to whom and when it was given (null: no obligation yet). */
  lc210Notice: publicLc210NoticeSchema.nullable(),
  /** The inteiro teor of the instrument (PNTP 5.1), where the municipality attached it. */
  instrument: publicInstrumentSchema.nullable(),
});

export const publicVoluntarySchema = z.object({
  nrTransfer: z.string(),
  proposalNumber: text,
  year: z.number(),
  modality: z.enum(VOLUNTARY_MODALITIES),
  status: z.enum(VOLUNTARY_STATUSES),
  object: z.string(),
  programCode: text,
  programName: text,
  grantorAcronym: text,
  grantorName: text,
  amendmentNumber: text,
  parliamentarianName: text,
  transferValue: money,
  counterpartValue: money,
  globalValue: money,
  committedValue: money,
  paidValue: money,
  signedAt: day,
  publishedAt: day,
  validityStart: day,
  validityEnd: day,
  accountabilityDeadline: day,
  contractingSituation: z.enum(CONTRACTING_SITUATIONS),
  suspensiveClauseDue: day,
  processNumber: text,
});

export const publicVoluntaryDetailSchema = publicVoluntarySchema.extend({
  payments: publishedPayments,
  /** The inteiro teor of the termo de convênio (PNTP 5.1), where the municipality attached it. */
  instrument: publicInstrumentSchema.nullable(),
});

export const publicYearTotalSchema = z.object({
  kind: z.enum(PUBLIC_TRANSFER_KINDS),
  year: z.number(),
  count: z.number(),
  plannedValue: money,
  paidValue: money,
});

export const publicRankingSchema = z.object({
  name: z.string(),
  /** The grantor's acronym; null for parliamentarians. */
  acronym: text,
  count: z.number(),
  plannedValue: money,
  paidValue: money,
});

export const publicSummarySchema = z.object({
  /** The year filtered on, or null for all years. */
  year: z.number().nullable(),
  /** Every year with public transfers (for the year picker), newest first. */
  years: z.array(z.number()),
  byYear: z.array(publicYearTotalSchema),
  topGrantors: z.array(publicRankingSchema),
  topParliamentarians: z.array(publicRankingSchema),
});

export const publicFiscalIndicatorSchema = z.object({
  year: z.number(),
  indicator: z.enum(FISCAL_INDICATORS),
  value: money,
  limitValue: money.nullable(),
});

/** Values for the filter pickers of one list. */
export const publicListOptionsSchema = z.object({
  /** How many of the municipality's records of this kind are not published, of how many ("3 de 40 ... não estão publicadas"). */
  unpublished: z.object({ hidden: z.number().int(), total: z.number().int() }).optional(),
  years: z.array(z.number()),
  parliamentarians: z.array(z.string()),
  grantors: z.array(z.object({ acronym: z.string(), name: text })),
});

/** A published portal, for the portals' root (/transparency). */
export const publicPortalSchema = z.object({ slug: z.string(), name: z.string(), uf: z.string().nullable() });

/** One open dataset of a municipality (the "Dados abertos" page): pt-BR keys, as its exports. */
export const publicDatasetSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  descricao: z.string(),
  registros: z.number().int(),
  naoPublicados: z.number().int(),
  atualizadoEm: z.string().nullable(),
  formatos: z.array(z.object({ formato: z.enum(["csv", "xlsx", "json"]), url: z.string() })),
  dicionario: z.array(z.object({ campo: z.string(), descricao: z.string(), tipo: z.string() })),
});

export type PublicPortal = z.infer<typeof publicPortalSchema>;
export type PublicDataset = z.infer<typeof publicDatasetSchema>;
export type PublicMunicipality = z.infer<typeof publicMunicipalitySchema>;
export type PublicSection = keyof PublicMunicipality["sections"];
export type PublicPayment = z.infer<typeof publicPaymentSchema>;
export type PublicImpositionTransfer = z.infer<typeof publicImpositionSchema>;
export type PublicImpositionDetail = z.infer<typeof publicImpositionDetailSchema>;
export type PublicVoluntaryTransfer = z.infer<typeof publicVoluntarySchema>;
export type PublicVoluntaryDetail = z.infer<typeof publicVoluntaryDetailSchema>;
export type PublicYearTotal = z.infer<typeof publicYearTotalSchema>;
export type PublicRanking = z.infer<typeof publicRankingSchema>;
export type PublicSummary = z.infer<typeof publicSummarySchema>;
export type PublicFiscalIndicator = z.infer<typeof publicFiscalIndicatorSchema>;
export type PublicListOptions = z.infer<typeof publicListOptionsSchema>;
