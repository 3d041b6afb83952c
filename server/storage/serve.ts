import type { FastifyReply } from "fastify";
import { notFound } from "../lib/errors";
import type { FileStore } from "./disk";

/**
 * A stored file's Content-Disposition as a download: the name people gave it (RFC 6266: an ASCII
 * fallback, and the UTF-8 name in `filename*`), never shown in the app's origin.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\w.\- ]/g, "_").trim() || "arquivo";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a stored document as a download: its checked type, `attachment`, `nosniff` and a sandbox
 * policy, and no caching (documents are read through their record, with its access rules).
 */
export async function sendDocument(reply: FastifyReply, files: FileStore, file: { storagePath: string; contentType: string; fileName: string }) {
  const opened = await files.open(file.storagePath);
  if (!opened) throw notFound("Arquivo não encontrado.");
  return reply
    .header("content-type", file.contentType)
    .header("content-length", opened.size)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", attachmentDisposition(file.fileName))
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(opened.stream);
}
