import { z } from "zod";
import { tenantRecordFields, wire } from "./wire";
import { updateSchemaOf } from "./updates";
import { optionalText, requiredText } from "./inputs";
import { cnpjOf, money } from "./fields";
import { formatBrl } from "./pt-br-numbers";
import { choice, optionalDate, reference, requiredDate } from "./projects";

/**
 * Price research (pesquisa de preços, Lei 14.133/2021 art. 23; IN SEGES/ME 65/2021) of an item of a
 * project: the item (description, CATMAT/CATSER code, unit, quantity) and its prices, each from a
 * supplier (CNPJ) on a date, from one of the sources art. 23 §1 names, with its evidence attached.
 * The "mapa de cotação" figures (mean, median, lowest, the prices more than 25% away from the median
 * and the estimated value) are computed here, and only here: the server keeps them on the item from
 * this rule after every write of a price, the screen and the exports show them.
 */

// ---------- vocabularies ----------

/** Art. 23 §1: Painel de Preços / PNCP (I, II), similar public contracts (II), specialised media (III), suppliers (IV). */
export const QUOTE_SOURCES = ["FORNECEDOR", "PAINEL_PRECOS", "PNCP", "CONTRATACAO_SIMILAR", "MIDIA_ESPECIALIZADA"] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/** EM_ANDAMENTO while prices are gathered; CONCLUIDA once the research is closed (three prices at least). */
export const QUOTE_STATUSES = ["EM_ANDAMENTO", "CONCLUIDA"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Art. 23 asks for three prices at least. */
export const MIN_QUOTE_PRICES = 3;
/** A price more than this share away from the median (above or below) is flagged. */
export const OUTLIER_SHARE = 0.25;

export const QUOTE_CONCLUDED_MESSAGE = (count: number) =>
  `Uma pesquisa de preços concluída precisa de ao menos ${MIN_QUOTE_PRICES} preços (Lei 14.133/2021, art. 23); esta tem ${count}.`;
export const QUOTE_EVIDENCE_MISSING = (missing: number) =>
  `Anexe o comprovante de cada preço antes de concluir a pesquisa (Lei 14.133/2021, art. 23): ${missing === 1 ? "falta 1 comprovante" : `faltam ${missing} comprovantes`}.`;
export const QUOTE_PRICE_NEEDS_EVIDENCE =
  "Esta pesquisa está concluída: cada preço precisa do seu comprovante. Anexe o arquivo, ou reabra a pesquisa (situação Em andamento).";
export const QUOTE_PRICE_LEAVES_TOO_FEW = (count: number) =>
  `Esta pesquisa está concluída e ficaria com ${count} ${count === 1 ? "preço" : "preços"}: reabra a pesquisa (situação Em andamento) antes de excluir o preço.`;

// ---------- input pieces ----------

/** A positive decimal with up to `places` decimals, typed with a dot or a comma; stored with exactly `places`. */
const positiveDecimal = (label: string, max: number, places: number) =>
  z
    .union([z.number(), z.string().trim().regex(new RegExp(`^\\d{1,13}([.,]\\d{1,${places}})?$`), `${label}: informe um número com até ${places} casas decimais.`)], {
      message: `${label}: informe um número.`,
    })
    .transform((v) => Number(typeof v === "string" ? v.replace(",", ".") : v))
    .refine((v) => Number.isFinite(v) && v > 0, `${label}: informe um valor maior que zero.`)
    .refine((v) => v <= max, `${label}: no máximo ${max.toLocaleString("pt-BR")}.`)
    .transform((v) => v.toFixed(places));

/** CATMAT (materials) codes have up to 6 digits, CATSER (services) up to 5; the field takes 1 to 9 digits. */
const catalogCode = z
  .string({ message: "Código CATMAT/CATSER: informe só os números do código." })
  .trim()
  .regex(/^\d{1,9}$/, "Código CATMAT/CATSER: informe só os números do código (até 9 dígitos).")
  .nullish()
  .or(z.literal(""))
  .transform((v) => (v ? v : null));

// ---------- quote (the item) ----------

export const quoteFields = z.object({
  projectId: reference("Escolha o projeto da cotação."),
  itemDescription: requiredText("a descrição do item", 500),
  catmatCode: catalogCode,
  unit: requiredText("a unidade", 20),
  quantity: positiveDecimal("Quantidade", 1e9, 2),
  status: choice(QUOTE_STATUSES, "Escolha a situação.", "Situação inválida: use Em andamento ou Concluída.").default("EM_ANDAMENTO"),
  notes: optionalText("observações", 2000),
});
export const quoteCreateSchema = quoteFields.strict();
/** The item stays in its project. */
export const quoteUpdateSchema = updateSchemaOf(quoteFields.omit({ projectId: true }));
export type QuoteCreate = z.input<typeof quoteCreateSchema>;

export const quoteRowSchema = z.object({
  ...tenantRecordFields,
  projectId: wire.id(),
  projectTitle: wire.textOrNull(),
  itemDescription: wire.text(),
  catmatCode: wire.textOrNull(),
  unit: wire.text(),
  quantity: wire.text(),
  status: wire.oneOf(QUOTE_STATUSES),
  notes: wire.textOrNull(),
  /** Computed from the prices (quoteStats), kept by every write of a price. Unit prices have 4 decimals. */
  priceCount: wire.int(),
  meanPrice: wire.textOrNull(),
  medianPrice: wire.textOrNull(),
  lowestPrice: wire.textOrNull(),
  /** Median × quantity (ESTIMATE_RULE), in reais. */
  estimatedTotal: wire.moneyOrNull(),
  outlierCount: wire.int(),
});
export type Quote = z.infer<typeof quoteRowSchema>;

// ---------- prices ----------

export const quotePriceFields = z.object({
  quoteId: reference("Cotação não encontrada."),
  supplierCnpj: cnpjOf("o CNPJ do fornecedor"),
  supplierName: requiredText("o nome do fornecedor", 200),
  unitPrice: money("Preço unitário", { positive: true, max: 999_999_999, decimals: 4 }),
  // The day the price was collected: a fact, never in the future.
  quoteDate: requiredDate("a data da cotação", { executed: true }),
  validUntil: optionalDate("a validade"),
  source: choice(QUOTE_SOURCES, "Escolha a fonte do preço.", "Fonte inválida: use fornecedor, Painel de Preços, PNCP, contratação similar ou mídia especializada."),
  /** The evidence (a document sent to its signed upload URL first, kind project-document), optional until the research closes. */
  storagePath: z.string({ message: "Comprovante inválido." }).trim().max(200, "Comprovante inválido.").nullish().or(z.literal("")).transform((v) => (v ? v : null)),
  fileName: z
    .string({ message: "Informe o nome do arquivo." })
    .trim()
    .max(120, "O nome do arquivo deve ter no máximo 120 caracteres.")
    .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c)), 'O nome do arquivo não pode ter / \\ : * ? " < > |.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const QUOTE_VALIDITY_MESSAGE = "A validade não pode ser antes da data da cotação.";
const validityRule = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  if (typeof value.quoteDate === "string" && typeof value.validUntil === "string" && value.validUntil < value.quoteDate) ctx.addIssue({ code: "custom", path: ["validUntil"], message: QUOTE_VALIDITY_MESSAGE });
};
export const quotePriceCreateSchema = quotePriceFields.strict().superRefine(validityRule);
/** A price stays in its item; its evidence may be attached or replaced later (a new storagePath). */
export const quotePriceUpdateSchema = updateSchemaOf(quotePriceFields.omit({ quoteId: true })).superRefine(validityRule);
export type QuotePriceCreate = z.input<typeof quotePriceCreateSchema>;

export const quotePriceRowSchema = z.object({
  ...tenantRecordFields,
  quoteId: wire.id(),
  supplierCnpj: wire.text(),
  supplierName: wire.text(),
  unitPrice: wire.text(),
  quoteDate: wire.date(),
  validUntil: wire.dateOrNull(),
  source: wire.oneOf(QUOTE_SOURCES),
  fileName: wire.textOrNull(),
  contentType: wire.textOrNull(),
  hasEvidence: wire.bool(),
});
export type QuotePrice = z.infer<typeof quotePriceRowSchema>;

/** Where a price's evidence is downloaded. */
export const quoteEvidenceUrl = (priceId: number) => `/api/quote-prices/${priceId}/evidence`;
/** The mapa de cotação of an item as a file. */
export const quoteMapUrl = (quoteId: number, format: "xlsx" | "pdf") => `/api/quotes/${quoteId}/map?format=${format}`;

// ---------- the mapa de cotação ----------

/** The rule of the estimated value, as the screen and the exports state it. */
export const ESTIMATE_RULE = "Valor estimado = mediana dos preços unitários × quantidade";

/** A unit price in ten-thousandths of a real (numeric(15,4) fits a double's exact integer range). */
const units = (value: string | number) => Math.round(Number(value) * 10_000);
const fromUnits = (n: number) => (n / 10_000).toFixed(4);
/** Half-up division of non-negative integers (BigInt: a sum of prices or a price × quantity may pass 2^53). */
const divide = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);
/** Cents as a decimal string: 123456n → "1234.56". */
const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;

export interface QuoteStats {
  count: number;
  /** Unit prices, 4 decimals; null without prices. */
  mean: string | null;
  median: string | null;
  lowest: string | null;
  highest: string | null;
  /** Median × quantity, 2 decimals (reais). */
  estimatedTotal: string | null;
  /** For each price, in the order given: more than 25% away from the median. */
  outliers: boolean[];
  outlierCount: number;
  /** Fewer than the three prices art. 23 asks for. */
  belowMinimum: boolean;
}

/**
 * The mapa de cotação's figures: mean, median (the mean of the two middle prices when their number is
 * even) and lowest unit price, each price flagged when |price − median| > 25% of the median, and the
 * estimated value (median × quantity). Exact: prices are compared as integers of ten-thousandths, the
 * flag against twice the median (an integer even when the median falls between two ten-thousandths).
 */
export function quoteStats(prices: readonly (string | number)[], quantity: string | number): QuoteStats {
  const values = prices.map(units);
  const count = values.length;
  if (count === 0) return { count, mean: null, median: null, lowest: null, highest: null, estimatedTotal: null, outliers: [], outlierCount: 0, belowMinimum: true };
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(count / 2);
  const twiceMedian = count % 2 === 1 ? 2 * sorted[middle] : sorted[middle - 1] + sorted[middle];
  const outliers = values.map((v) => 4 * Math.abs(2 * v - twiceMedian) > twiceMedian);
  const sum = values.reduce((a, b) => a + BigInt(b), 0n);
  // Median × quantity in cents: (twiceMedian / 20_000 reais) × (quantityCents / 100) × 100, half-up.
  const quantityCents = BigInt(Math.round(Number(quantity) * 100));
  const estimatedCents = divide(BigInt(twiceMedian) * quantityCents, 20_000n);
  return {
    count,
    mean: fromUnits(Number(divide(sum, BigInt(count)))),
    median: fromUnits(Number(divide(BigInt(twiceMedian), 2n))),
    lowest: fromUnits(sorted[0]),
    highest: fromUnits(sorted[count - 1]),
    estimatedTotal: centsText(estimatedCents),
    outliers,
    outlierCount: outliers.filter(Boolean).length,
    belowMinimum: count < MIN_QUOTE_PRICES,
  };
}

/** How far a price is from the median, as a signed share (0.3 = 30% above); null without a median. */
export function distanceFromMedian(price: string | number, median: string | number | null): number | null {
  if (median === null || Number(median) === 0) return null;
  return (Number(price) - Number(median)) / Number(median);
}

/** A unit price the pt-BR way, with the cents and up to two more decimals: `R$ 1.234,5678`, `R$ 32,90`. */
export function formatUnitPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  return formatBrl(Number(value), 2, 4).replace(/\u00a0/g, " ");
}
