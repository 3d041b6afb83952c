import axios, { AxiosError } from "axios";
import { http, toHttpError } from "./http";
import {
  DEFAULT_UPLOAD_DOC_MAX_BYTES,
  DEFAULT_UPLOAD_MAX_BYTES,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_DOCUMENT_TYPE_MESSAGE,
  UPLOAD_TYPE_MESSAGE,
  documentTypeOfName,
  formatBytes,
  type DocumentUploadKind,
  type ImageUploadKind,
  type UploadContentType,
  type UploadUrl,
} from "@/domain/uploads";

export { DEFAULT_UPLOAD_MAX_BYTES };

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
export async function uploadImage(file: File, kind: ImageUploadKind): Promise<UploadUrl> {
  const { data: target } = await http.post<UploadUrl>("/api/companies/upload-url", { contentType: file.type, kind });
  const refusal = checkImageFile(file, target.maxBytes);
  if (refusal) throw { message: refusal, statusCode: 413 };
  return put(target, file);
}

/** A pt-BR reason to refuse a document before sending it (by its name's extension; the server checks the bytes), or null. */
export function checkDocumentFile(file: { name: string; size: number }, maxBytes = DEFAULT_UPLOAD_DOC_MAX_BYTES): string | null {
  if (!documentTypeOfName(file.name)) return UPLOAD_DOCUMENT_TYPE_MESSAGE;
  if (file.size > maxBytes) return `O documento tem ${formatBytes(file.size)} e o limite é ${formatBytes(maxBytes)}.`;
  if (file.size === 0) return "O arquivo está vazio.";
  return null;
}

/** Uploads a document (PDF, DOCX, XLSX, ODT, ODS) the same way; its type comes from its extension, since browsers often send none. */
export async function uploadDocument(file: File, kind: DocumentUploadKind): Promise<UploadUrl> {
  const refusal = checkDocumentFile(file);
  if (refusal) throw { message: refusal, statusCode: 422 };
  const { data: target } = await http.post<UploadUrl>("/api/companies/upload-url", { contentType: documentTypeOfName(file.name), kind });
  const tooBig = checkDocumentFile(file, target.maxBytes);
  if (tooBig) throw { message: tooBig, statusCode: 413 };
  return put(target, file);
}

async function put(target: UploadUrl, file: File): Promise<UploadUrl> {
  try {
    // A bare request: the signed URL is the credential and its query must reach the server as signed.
    await axios.put(target.uploadURL, file, { headers: { "Content-Type": target.contentType } });
  } catch (error) {
    throw toHttpError(error as AxiosError<{ message?: string }>);
  }
  return target;
}
