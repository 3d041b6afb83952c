import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { transferInstruments } from "../db/schema";
import type { InstrumentTransferKind, TransferInstrument } from "../../src/domain/transfer-instruments";
import { attachDocument, forgetDocument, removeDocumentFile } from "../storage/documents";
import { INSTRUMENT_COLUMN, INSTRUMENT_FIELD, instrumentOf, toInstrument } from "./queries";

/**
 * Attaching, replacing and removing the inteiro teor of a transfer's instrument. Each write is one
 * transaction (the upload's ledger row, the instrument row and the replaced file's ledger row move
 * together); the replaced file itself is removed once the transaction committed.
 */

interface Transfer {
  kind: InstrumentTransferKind;
  id: number;
  companyId: number;
}

/** Saves the upload as the transfer's instrument (replacing the one it had); answers what it keeps. */
export async function attachInstrument(
  app: FastifyInstance,
  transfer: Transfer,
  upload: { storagePath: string; fileName: string; userId: number },
): Promise<TransferInstrument> {
  const now = new Date(app.now());
  const { saved, replaced } = await app.db.transaction(async (tx) => {
    const before = await instrumentOf(tx as Db, transfer.kind, transfer.id);
    if (before?.storagePath === upload.storagePath) {
      const [renamed] = await tx.update(transferInstruments).set({ fileName: upload.fileName, updatedAt: now }).where(eq(transferInstruments.id, before.id)).returning();
      return { saved: renamed, replaced: null };
    }
    // attachDocument checks the path is an "instrument" upload by this person that arrived (a PDF: its bytes were checked at the PUT).
    const file = await attachDocument(tx as Db, { kind: "instrument", storagePath: upload.storagePath, ownerId: upload.userId, field: "storagePath", at: now });
    const values = { storagePath: upload.storagePath, fileName: upload.fileName, contentType: file.contentType, size: file.size, uploadedBy: upload.userId, updatedAt: now };
    const [row] = before
      ? await tx.update(transferInstruments).set(values).where(eq(transferInstruments.id, before.id)).returning()
      : await tx.insert(transferInstruments).values({ companyId: transfer.companyId, [INSTRUMENT_FIELD[transfer.kind]]: transfer.id, ...values }).returning();
    await forgetDocument(tx as Db, before?.storagePath);
    return { saved: row, replaced: before?.storagePath ?? null };
  });
  await removeDocumentFile(app, replaced);
  return toInstrument(saved);
}

/** Removes the transfer's instrument; false when it had none. */
export async function removeInstrument(app: FastifyInstance, transfer: Transfer): Promise<boolean> {
  const removed = await app.db.transaction(async (tx) => {
    const [row] = await tx.delete(transferInstruments).where(eq(INSTRUMENT_COLUMN[transfer.kind], transfer.id)).returning({ storagePath: transferInstruments.storagePath });
    if (row) await forgetDocument(tx as Db, row.storagePath);
    return row?.storagePath ?? null;
  });
  await removeDocumentFile(app, removed);
  return removed !== null;
}
