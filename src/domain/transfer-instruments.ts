import { z } from "zod";
import { documentFileNameSchema } from "./uploads";

/**
 * The "inteiro teor" of a transfer's instrument (PNTP 2025 criterion 5.1): one PDF per transfer,
 * attached by a manager, downloaded by anyone while the transfer is published.
 */

/** The three kinds of transfer that take an instrument, by the admin path segment of their records. */
export const INSTRUMENT_TRANSFER_KINDS = ["imposition-transfers", "voluntary-transfers", "fund-to-fund-transfers"] as const;
export type InstrumentTransferKind = (typeof INSTRUMENT_TRANSFER_KINDS)[number];

/** PUT body: the upload (kind "instrument") and the name the download gets. */
export const instrumentAttachSchema = z
  .object({
    storagePath: z.string({ message: "Envie o arquivo do instrumento antes de salvar." }).min(1, "Envie o arquivo do instrumento antes de salvar."),
    fileName: documentFileNameSchema,
  })
  .strict();

export const instrumentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  updatedAt: z.string(),
});
export type TransferInstrument = z.infer<typeof instrumentSchema>;

/** What the public pages get: where to download it and how big it is. */
export const publicInstrumentSchema = z.object({ url: z.string(), size: z.number().int() });
export type PublicInstrument = z.infer<typeof publicInstrumentSchema>;

export const INSTRUMENT_NOT_FOUND = "Inteiro teor do instrumento não encontrado.";
