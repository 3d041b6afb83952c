import type { FastifyReply } from "fastify";
import exifr from "exifr";
import type { WriteContext } from "../resources/define-resource";
import { notFound, unprocessable } from "../lib/errors";
import { UPLOAD_IMAGE_TYPES } from "../../src/domain/uploads";
import { eq } from "drizzle-orm";
import { uploads } from "../db/schema";
import { attachUpload } from "./ledger";
import { parseStoragePath } from ".";
import type { FileStore } from "./disk";
import { attachmentDisposition } from "./serve";

/** What a project file's record keeps of its upload, with the date and place a photo carries. */
export interface AttachedProjectFile {
  filePath: string;
  contentType: string;
  fileSize: number;
  takenAt: Date | null;
  latitude: string | null;
  longitude: string | null;
}

const MISSING = "Arquivo não encontrado. Envie o arquivo pelo botão de envio antes de salvar.";

async function readAll(files: FileStore, storagePath: string): Promise<Buffer | null> {
  const opened = await files.open(storagePath);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A photo's EXIF date (DateTimeOriginal) and GPS position, when the file carries them; nothing otherwise. */
export async function photoMetadata(bytes: Buffer): Promise<{ takenAt: Date | null; latitude: string | null; longitude: string | null }> {
  try {
    const tags = (await exifr.parse(bytes, { gps: true, pick: ["DateTimeOriginal", "CreateDate", "GPSLatitude", "GPSLongitude", "GPSLatitudeRef", "GPSLongitudeRef"] })) as
      | { DateTimeOriginal?: Date; CreateDate?: Date; latitude?: number; longitude?: number }
      | undefined;
    const taken = tags?.DateTimeOriginal ?? tags?.CreateDate;
    const located = typeof tags?.latitude === "number" && typeof tags?.longitude === "number" && Number.isFinite(tags.latitude) && Number.isFinite(tags.longitude);
    return {
      takenAt: taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken : null,
      latitude: located ? tags!.latitude!.toFixed(6) : null,
      longitude: located ? tags!.longitude!.toFixed(6) : null,
    };
  } catch {
    // A photo without readable EXIF is still a photo: it shows without date and place.
    return { takenAt: null, latitude: null, longitude: null };
  }
}

/**
 * A project file saved on its record: an upload (a photo, kind project-photo, or a document, kind
 * project-document) already arrived, by the person saving or someone of the project's municipality,
 * attached in the write's transaction. Photos go
 * in the "foto da obra" category and that category holds photos only.
 */
export async function attachProjectFile(ctx: WriteContext, storagePath: string, category: string): Promise<AttachedProjectFile> {
  const info = parseStoragePath(storagePath);
  if (!info || (info.kind !== "project-photo" && info.kind !== "project-document")) throw unprocessable(MISSING, { storagePath: MISSING });
  const photo = info.kind === "project-photo";
  if (category === "FOTO_OBRA" && !photo) throw unprocessable("A categoria Foto da obra recebe fotos (PNG, JPEG, WebP ou GIF).", { category: "A categoria Foto da obra recebe fotos (PNG, JPEG, WebP ou GIF)." });
  // An upload of the person saving, or of someone of the project's municipality (a colleague's photo).
  const [upload] = await ctx.tx.select({ size: uploads.size, ownerId: uploads.ownerId, companyId: uploads.companyId }).from(uploads).where(eq(uploads.storagePath, storagePath));
  if (!upload || (upload.ownerId !== ctx.user.id && (upload.companyId === null || upload.companyId !== ctx.companyId))) throw unprocessable(MISSING, { storagePath: MISSING });
  await attachUpload(ctx.tx, storagePath, ctx.now);
  const bytes = photo ? await readAll(ctx.request.server.storage.files, storagePath) : null;
  const place = bytes ? await photoMetadata(bytes) : { takenAt: null, latitude: null, longitude: null };
  return { filePath: storagePath, contentType: info.contentType, fileSize: upload.size, ...place };
}

/** Sends a project file: photos inline (the gallery shows them), documents as a download; never cached, never run. */
export async function sendProjectFile(reply: FastifyReply, files: FileStore, file: { storagePath: string; contentType: string; fileName: string }) {
  const opened = await files.open(file.storagePath);
  if (!opened) throw notFound("Arquivo não encontrado.");
  const image = Object.prototype.hasOwnProperty.call(UPLOAD_IMAGE_TYPES, file.contentType);
  return reply
    .header("content-type", file.contentType)
    .header("content-length", opened.size)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", image ? `inline; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"` : attachmentDisposition(file.fileName))
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(opened.stream);
}
