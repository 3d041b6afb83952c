import axios, { AxiosError } from "axios";
import { http, toHttpError } from "./http";
import { UPLOAD_CONTENT_TYPES, UPLOAD_TYPE_MESSAGE, formatBytes, type UploadContentType, type UploadKind, type UploadUrl } from "@/domain/uploads";

/** The server's default limit; the signed URL carries the real one. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** A pt-BR reason to refuse a file before sending it, or null when it may go. */
export function checkImageFile(file: { type: string; size: number }, maxBytes = DEFAULT_UPLOAD_MAX_BYTES): string | null {
  if (!UPLOAD_CONTENT_TYPES.includes(file.type as UploadContentType)) return UPLOAD_TYPE_MESSAGE;
  if (file.size > maxBytes) return `A imagem tem ${formatBytes(file.size)} e o limite é ${formatBytes(maxBytes)}.`;
  return null;
}

/**
 * Uploads an image the spec's way (section 7): ask for a signed URL with its content type, PUT the
 * file there, and return the storagePath to save on the record. Errors come as Refine HttpErrors.
 */
export async function uploadImage(file: File, kind: UploadKind): Promise<UploadUrl> {
  const { data: target } = await http.post<UploadUrl>("/api/companies/upload-url", { contentType: file.type, kind });
  const refusal = checkImageFile(file, target.maxBytes);
  if (refusal) throw { message: refusal, statusCode: 413 };
  try {
    // A bare request: the signed URL is the credential and its query must reach the server as signed.
    await axios.put(target.uploadURL, file, { headers: { "Content-Type": target.contentType } });
  } catch (error) {
    throw toHttpError(error as AxiosError<{ message?: string }>);
  }
  return target;
}
