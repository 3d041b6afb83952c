import { z } from "zod";

/** Images the product stores (logos and avatars), by content type, with the file extension they get. */
export const UPLOAD_IMAGE_TYPES = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
} as const;

export type UploadContentType = keyof typeof UPLOAD_IMAGE_TYPES;
export const UPLOAD_CONTENT_TYPES = Object.keys(UPLOAD_IMAGE_TYPES) as UploadContentType[];

/** What an upload is for: it decides the folder and which record may point at it. */
export const UPLOAD_KINDS = ["logo", "avatar"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** How long an upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export const UPLOAD_TYPE_MESSAGE = "Envie uma imagem PNG, JPEG, WebP ou GIF.";

/** POST /api/companies/upload-url (spec section 7: the body carries contentType). */
export const uploadUrlRequestSchema = z
  .object({
    contentType: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(UPLOAD_CONTENT_TYPES as [UploadContentType, ...UploadContentType[]], { message: UPLOAD_TYPE_MESSAGE }),
    ),
    kind: z.enum(UPLOAD_KINDS, { message: "Tipo de envio inválido: use logo ou avatar." }).default("logo"),
  })
  .strict();

/** The answer: PUT the file to uploadURL with the same Content-Type, then save storagePath on the record. */
export interface UploadUrl {
  uploadURL: string;
  storagePath: string;
  contentType: UploadContentType;
  maxBytes: number;
  expiresAt: string;
}

/** Where a stored file is served back. */
export function fileUrl(storagePath: string | null | undefined): string | null {
  return storagePath ? `/api/files/${storagePath}` : null;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
