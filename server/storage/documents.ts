import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { UploadKind } from "../../src/domain/uploads";
import type { Db } from "../db/client";
import { uploads } from "../db/schema";
import { unprocessable } from "../lib/errors";
import { parseStoragePath } from ".";
import { attachUpload, forgetUploads } from "./ledger";

/**
 * A document saved on a record (a model's file, a CAUC item's evidence): it must be an upload of that
 * kind, by the person saving, already arrived (its ledger row exists), and it is attached in the same
 * transaction. Returns what the record keeps of it.
 */
export async function attachDocument(
  tx: Db,
  upload: { kind: UploadKind; storagePath: string; ownerId: number; field: string; at: Date },
): Promise<{ contentType: string; size: number }> {
  const info = parseStoragePath(upload.storagePath);
  const [row] = info && info.kind === upload.kind && info.ownerId === upload.ownerId
    ? await tx.select({ size: uploads.size }).from(uploads).where(eq(uploads.storagePath, upload.storagePath))
    : [];
  if (!info || !row) {
    const message = "Arquivo não encontrado. Envie o arquivo pelo botão de envio antes de salvar.";
    throw unprocessable(message, { [upload.field]: message });
  }
  await attachUpload(tx, upload.storagePath, upload.at);
  return { contentType: info.contentType, size: row.size };
}

/** Drops a file a record no longer names (replaced, or the record removed): its ledger row in the transaction… */
export const forgetDocument = (tx: Db, storagePath: string | null | undefined) => (storagePath ? forgetUploads(tx, [storagePath]) : Promise.resolve());

/**
 * …and the file itself once the transaction committed. The record's change is saved by then: a store
 * that cannot remove the file now (a bucket out of reach) leaves it behind, logged, rather than
 * answering an error for a write that succeeded.
 */
export async function removeDocumentFile(app: FastifyInstance, storagePath: string | null | undefined): Promise<void> {
  if (!storagePath) return;
  await app.storage.files.remove(storagePath).catch((error: unknown) => app.log.warn({ err: error, storagePath }, "arquivo substituído não foi apagado"));
}
