import { count, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import {
  QUOTE_CONCLUDED_MESSAGE,
  QUOTE_EVIDENCE_MISSING,
  QUOTE_PRICE_NEEDS_EVIDENCE,
  QUOTE_PRICE_LEAVES_TOO_FEW,
  QUOTE_VALIDITY_MESSAGE,
  MIN_QUOTE_PRICES,
  quoteCreateSchema,
  quotePriceCreateSchema,
  quotePriceRowSchema,
  quotePriceUpdateSchema,
  quoteRowSchema,
  quoteUpdateSchema,
} from "../../src/domain/quotes";
import { projects, quotePrices, quotes } from "../db/schema";
import { codeLabels } from "../../src/domain/labels/codes";
import type { Db } from "../db/client";
import { notFound, registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineAction, fileResponse } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { defineResource, type StoredRow, type WriteChange, type WriteContext } from "../resources/define-resource";
import type { Preparable } from "../resources/prepared-list";
import { recordHistory } from "../domain/projects";
import { recomputeQuote } from "../domain/quotes";
import { attachDocument, forgetDocument, removeDocumentFile } from "../storage/documents";
import { sendProjectFile } from "../storage/project-files";
import { quoteMapOf, quotesWithProject } from "./queries";

/**
 * Price research (issue 15, "Quotes"; Lei 14.133/2021 art. 23): /api/quotes, the items of a project
 * whose prices are researched, and /api/quote-prices, each item's prices with their evidence. ADMIN
 * and MANAGER write, everyone of the municipality reads. A write of a price locks its item, keeps the
 * item's figures (quoteStats) and writes the project's history, in one transaction. The mapa de
 * cotação is served as XLSX and PDF (/api/quotes/{id}/map?format=…).
 */

const writerAccess = { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" } as const;
const TAG = "cotações";

registerConstraintMessage("quote_prices_validity_order", QUOTE_VALIDITY_MESSAGE, "validUntil");

const refuse = (field: string, message: string) => unprocessable(message, { [field]: message });
const asPage = (query: unknown) => query as Preparable<Record<string, unknown>[]>;

// ---------- the item ----------


/** How many prices an item has, and how many of them lack their evidence. */
async function priceCount(tx: Db, quoteId: number): Promise<{ n: number; missing: number }> {
  const [row] = await tx
    .select({ n: count(), missing: sql<number>`count(*) filter (where ${quotePrices.filePath} is null)`.mapWith(Number) })
    .from(quotePrices)
    .where(eq(quotePrices.quoteId, quoteId));
  return row;
}

/** A research is closed only with the three prices art. 23 asks for, each with its evidence attached. */
async function prepareQuote(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const status = values.status ?? existing?.status;
  if (status === "CONCLUIDA") {
    const { n, missing } = existing ? await priceCount(ctx.tx, existing.id) : { n: 0, missing: 0 };
    if (n < MIN_QUOTE_PRICES) throw refuse("status", QUOTE_CONCLUDED_MESSAGE(n));
    if (missing > 0) throw refuse("status", QUOTE_EVIDENCE_MISSING(missing));
  }
  return values;
}

export const quoteResource = defineResource({
  name: "quotes",
  tag: TAG,
  table: quotes,
  scope: { kind: "child", parents: [{ table: projects, column: quotes.projectId, notFound: "Projeto não encontrado." }] },
  access: writerAccess,
  row: quoteRowSchema,
  create: quoteCreateSchema,
  update: quoteUpdateSchema,
  notFound: "Cotação não encontrada.",
  prepare: prepareQuote,
  onWrite: async (ctx, change) => {
    await recordHistory(ctx, "QUOTE", change, (row) => row.itemDescription as string);
    if (change.op !== "delete") await recomputeQuote(ctx.tx, change.row.id);
  },
  reader: {
    page: (db, q) => asPage(quotesWithProject(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never)),
    rows: (db, where) => quotesWithProject(db).where(where),
  },
  list: {
    fields: ["id", "projectId", "itemDescription", "catmatCode", "status", "priceCount", "medianPrice", "estimatedTotal", "outlierCount", "createdAt", "updatedAt"],
    search: [quotes.itemDescription],
    defaultSort: [
      { field: "updatedAt", order: "desc" },
      { field: "id", order: "desc" },
    ],
  },
  export: {
    file: "cotacoes",
    sheet: "Cotações",
    columns: [
      { header: "Item", type: "text", value: (row) => row.itemDescription, width: 48 },
      { header: "CATMAT/CATSER", type: "text", value: (row) => row.catmatCode },
      { header: "Projeto", type: "text", value: (row) => row.projectTitle, width: 40 },
      { header: "Unidade", type: "text", value: (row) => row.unit },
      { header: "Quantidade", type: "text", value: (row) => row.quantity.replace(".", ",") },
      { header: "Preços", type: "integer", value: (row) => row.priceCount },
      { header: "Mediana (R$)", type: "text", value: (row) => row.medianPrice?.replace(".", ",") },
      { header: "Valor estimado (R$)", type: "money", value: (row) => row.estimatedTotal },
      { header: "Situação", type: "text", value: (row) => codeLabels.quoteStatuses[row.status] },
    ],
  },
  options: ["status"],
});

// ---------- prices ----------

const qp = quotePrices;
const priceColumns = { ...getTableColumns(qp), hasEvidence: sql<boolean>`(${qp.filePath} is not null)` };
const pricesWithEvidence = (db: Db) => db.select(priceColumns).from(qp);

/** The evidence a write leaves behind: the replaced file, or the removed price's. */
function evidenceLeft(change: WriteChange): string | null {
  if (change.op === "delete") return (change.row.filePath as string | null) ?? null;
  if (change.op === "update" && change.before.filePath && change.before.filePath !== change.row.filePath) return change.before.filePath as string;
  return null;
}

async function preparePrice(ctx: WriteContext, values: Record<string, unknown>, existing: StoredRow | undefined) {
  const { storagePath, fileName, ...rest } = values;
  const merged = { ...existing, ...rest };
  if (typeof merged.quoteDate === "string" && typeof merged.validUntil === "string" && merged.validUntil < merged.quoteDate) throw refuse("validUntil", QUOTE_VALIDITY_MESSAGE);
  // Not sent: the evidence stays; null on an edit: it is removed; a path: the upload is attached (replacing any).
  if (storagePath === undefined) return rest;
  if (storagePath === null) return existing ? { ...rest, filePath: null, fileName: null, contentType: null, fileSize: null } : rest;
  if (!fileName) throw refuse("fileName", "Informe o nome do arquivo do comprovante.");
  const file = await attachDocument(ctx.tx, { kind: "project-document", storagePath: storagePath as string, ownerId: ctx.user.id, field: "storagePath", at: ctx.now });
  return { ...rest, filePath: storagePath, fileName, contentType: file.contentType, fileSize: file.size };
}

export const quotePriceResource = defineResource({
  name: "quote-prices",
  tag: TAG,
  table: qp,
  scope: { kind: "child", parents: [{ table: quotes, column: qp.quoteId, notFound: "Cotação não encontrada." }] },
  access: writerAccess,
  row: quotePriceRowSchema,
  create: quotePriceCreateSchema,
  update: quotePriceUpdateSchema,
  notFound: "Preço não encontrado.",
  prepare: preparePrice,
  onWrite: async (ctx, change) => {
    await forgetDocument(ctx.tx, evidenceLeft(change));
    const quoteId = change.row.quoteId as number;
    const [quote] = await ctx.tx.select({ projectId: quotes.projectId, item: quotes.itemDescription, status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId));
    await recordHistory(ctx, "QUOTE_PRICE", change, (row) => `${quote.item}: preço de ${row.supplierName as string}`, quote.projectId);
    const stats = await recomputeQuote(ctx.tx, quoteId);
    // After the history entry: the refusal rolls the price and its entry back together.
    if (quote.status === "CONCLUIDA" && stats.count < MIN_QUOTE_PRICES) {
      const message = QUOTE_PRICE_LEAVES_TOO_FEW(stats.count);
      throw unprocessable(message, { status: message });
    }
    if (quote.status === "CONCLUIDA" && change.op !== "delete" && !change.row.filePath) {
      throw unprocessable(QUOTE_PRICE_NEEDS_EVIDENCE, { storagePath: QUOTE_PRICE_NEEDS_EVIDENCE });
    }
  },
  afterCommit: (app, change) => removeDocumentFile(app, evidenceLeft(change)),
  reader: {
    page: (db, q) => asPage(pricesWithEvidence(db).where(q.where).orderBy(...q.orderBy).limit(q.limit as never).offset(q.offset as never)),
    rows: (db, where) => pricesWithEvidence(db).where(where),
  },
  list: {
    fields: ["id", "quoteId", "supplierCnpj", "supplierName", "unitPrice", "quoteDate", "validUntil", "source", "createdAt"],
    search: [qp.supplierName],
    defaultSort: [
      { field: "unitPrice", order: "asc" },
      { field: "id", order: "asc" },
    ],
    maxPageSize: 500,
  },
});

// ---------- files: the evidence and the mapa de cotação ----------

const idParams = (message: string) => z.object({ id: z.coerce.number().int().positive({ message }).max(2_147_483_647, message) });

const EVIDENCE_NOT_FOUND = "Comprovante não encontrado.";
const priceEvidence = defineAction({
  method: "GET",
  path: "/quote-prices/:id/evidence",
  tag: TAG,
  summary: "O comprovante de um preço cotado, como anexo (só a prefeitura da cotação)",
  guard: "user-only",
  scope: { kind: "child", parent: qp, notFound: EVIDENCE_NOT_FOUND },
  params: idParams(EVIDENCE_NOT_FOUND),
  response: { 200: fileResponse },
  handler: ({ app, reply, parent }) => {
    const price = parent as typeof parent & { filePath: string | null; contentType: string | null; fileName: string | null };
    if (!price.filePath) throw notFound(EVIDENCE_NOT_FOUND);
    return sendProjectFile(reply, app.storage.files, { storagePath: price.filePath, contentType: price.contentType ?? "application/octet-stream", fileName: price.fileName ?? "comprovante" });
  },
});

const QUOTE_NOT_FOUND = "Cotação não encontrada.";
const quoteMap = defineAction({
  method: "GET",
  path: "/quotes/:id/map",
  tag: TAG,
  summary: "O mapa de cotação de um item, em XLSX ou PDF",
  guard: "user-only",
  scope: { kind: "child", parent: quotes, notFound: QUOTE_NOT_FOUND },
  params: idParams(QUOTE_NOT_FOUND),
  query: z.object({ format: z.enum(["xlsx", "pdf"], { message: "Formato inválido: use xlsx ou pdf." }) }),
  response: { 200: fileResponse },
  handler: async ({ app, reply, parent, query }) => {
    const file = await quoteMapOf(app.db, parent.id, query.format, new Date(app.now()));
    return reply
      .header("content-type", file.contentType)
      .header("content-disposition", `attachment; filename="${file.fileName}"`)
      .header("cache-control", "no-store")
      .send(file.bytes);
  },
});


export default areaPlugin(priceEvidence, quoteMap, quoteResource, quotePriceResource);
