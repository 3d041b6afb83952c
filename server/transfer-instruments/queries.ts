import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, impositionTransfers, transferInstruments, voluntaryTransfers } from "../db/schema";
import { transparencyOf, type TransparencySection } from "../../src/domain/companies";
import type { InstrumentTransferKind, PublicInstrument, TransferInstrument } from "../../src/domain/transfer-instruments";
import { INSTRUMENT_NOT_FOUND } from "../../src/domain/transfer-instruments";
import { notFound } from "../lib/errors";

/**
 * Reading the inteiro teor of transfers' instruments: for the admin (by record id, within the
 * tenant), for the public site (by the municipality's slug and the transfer's number, only while the
 * portal, its section and the transfer are published) and for the PNTP self-check (how many
 * published transfers lack it).
 */

/** The column of transfer_instruments that names a transfer of each kind. */
export const INSTRUMENT_COLUMN = {
  "imposition-transfers": transferInstruments.impositionTransferId,
  "voluntary-transfers": transferInstruments.voluntaryTransferId,
  "fund-to-fund-transfers": transferInstruments.fundTransferPlanId,
} as const satisfies Record<InstrumentTransferKind, unknown>;

export const INSTRUMENT_FIELD = {
  "imposition-transfers": "impositionTransferId",
  "voluntary-transfers": "voluntaryTransferId",
  "fund-to-fund-transfers": "fundTransferPlanId",
} as const satisfies Record<InstrumentTransferKind, keyof typeof transferInstruments.$inferInsert>;

/** The stored instrument of one transfer, or null. */
export async function instrumentOf(db: Db, kind: InstrumentTransferKind, transferId: number) {
  const [row] = await db.select().from(transferInstruments).where(eq(INSTRUMENT_COLUMN[kind], transferId)).limit(1);
  return row ?? null;
}

export const toInstrument = (row: { fileName: string; contentType: string; size: number; updatedAt: Date }): TransferInstrument => ({
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  updatedAt: row.updatedAt.toISOString(),
});

/** The public kinds: the two the public site has pages for (fundo a fundo plans have none). */
type PublicKind = Extract<InstrumentTransferKind, "imposition-transfers" | "voluntary-transfers">;
const PUBLIC_TABLES = {
  "imposition-transfers": { table: impositionTransfers, section: "impositionTransfers" },
  "voluntary-transfers": { table: voluntaryTransfers, section: "voluntaryTransfers" },
} as const satisfies Record<PublicKind, { table: unknown; section: TransparencySection }>;

export const publicInstrumentUrl = (slug: string, kind: PublicKind, nr: string) =>
  `/api/public/${encodeURIComponent(slug)}/${kind}/${encodeURIComponent(nr)}/instrument`;

/** The public link of a published transfer's instrument (by the transfer's id), or null. */
export async function publicInstrumentLink(db: Db, kind: PublicKind, transfer: { id: number; nrTransfer: string }, slug: string): Promise<PublicInstrument | null> {
  const row = await instrumentOf(db, kind, transfer.id);
  return row ? { url: publicInstrumentUrl(slug, kind, transfer.nrTransfer), size: row.size } : null;
}

/**
 * The instrument of a published transfer, named as the public site names it: an unpublished portal,
 * section or transfer, or a transfer without one, is a pt-BR 404 (nothing says which).
 */
export async function publicInstrumentFile(db: Db, kind: PublicKind, slug: string, nr: string) {
  const { table, section } = PUBLIC_TABLES[kind];
  const [found] = await db
    .select({ transparency: companies.transparency, storagePath: transferInstruments.storagePath, fileName: transferInstruments.fileName, contentType: transferInstruments.contentType })
    .from(table)
    .innerJoin(companies, and(eq(companies.id, table.companyId), eq(companies.publicPortalEnabled, true)))
    .innerJoin(transferInstruments, eq(INSTRUMENT_COLUMN[kind], table.id))
    .where(and(eq(companies.slug, slug.toLowerCase()), eq(table.nrTransfer, nr), eq(table.isPublic, true)))
    .limit(1);
  if (!found || !transparencyOf(found.transparency).sections[section]) throw notFound(INSTRUMENT_NOT_FOUND);
  return { storagePath: found.storagePath, fileName: found.fileName, contentType: found.contentType };
}

/** The published transfers of a company without the inteiro teor, by kind: how many and the first numbers. */
export async function publishedWithoutInstrument(db: Db, companyId: number, kind: PublicKind, sample = 5): Promise<{ count: number; numbers: string[] }> {
  const { table } = PUBLIC_TABLES[kind];
  const missing: SQL = sql`not exists (select 1 from ${transferInstruments} where ${INSTRUMENT_COLUMN[kind]} = ${table.id})`;
  const where = and(eq(table.companyId, companyId), eq(table.isPublic, true), missing);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(table).where(where),
    db.select({ nr: table.nrTransfer }).from(table).where(where).orderBy(sql`${table.year} desc`, table.nrTransfer).limit(sample),
  ]);
  return { count: n, numbers: rows.map((r) => r.nr) };
}
