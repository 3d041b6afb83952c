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

/** Documents the product stores (document models, evidence of a CAUC item), by content type, with their extension. */
export const UPLOAD_DOCUMENT_TYPES = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
} as const;

export type DocumentContentType = keyof typeof UPLOAD_DOCUMENT_TYPES;
export const DOCUMENT_CONTENT_TYPES = Object.keys(UPLOAD_DOCUMENT_TYPES) as DocumentContentType[];
export type AnyUploadType = UploadContentType | DocumentContentType;

/** What an upload is for: it decides the folder, the accepted types and which record may point at it. */
export const IMAGE_UPLOAD_KINDS = ["logo", "avatar", "project-photo"] as const;
/** model: document models (ADMIN); evidence: a CAUC item's proof; accountability: a checklist file or an LC 210 proof (any person of the company); project-document: a project's document; instrument: the inteiro teor (PDF) of a transfer's instrument (managers). */
export const DOCUMENT_UPLOAD_KINDS = ["model", "evidence", "accountability", "project-document", "instrument"] as const;
/** Document kinds that take PDF only, with what anybody sending another type hears. */
export const PDF_ONLY_KINDS: Partial<Record<DocumentUploadKind, string>> = {
  instrument: "Envie o inteiro teor do instrumento em PDF.",
};
/** Images anyone may fetch by their path (/api/files): logos and avatars. A project's photos are its company's, read through their record. */
export const PUBLIC_IMAGE_KINDS = ["logo", "avatar"] as const;
export const UPLOAD_KINDS = [...IMAGE_UPLOAD_KINDS, ...DOCUMENT_UPLOAD_KINDS] as const;
export type ImageUploadKind = (typeof IMAGE_UPLOAD_KINDS)[number];
export type DocumentUploadKind = (typeof DOCUMENT_UPLOAD_KINDS)[number];
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const isDocumentKind = (kind: UploadKind): kind is DocumentUploadKind => (DOCUMENT_UPLOAD_KINDS as readonly string[]).includes(kind);
export const isPublicImageKind = (kind: UploadKind) => (PUBLIC_IMAGE_KINDS as readonly string[]).includes(kind);
/** Kinds that take the larger (document) size limit: documents, and a project's photos (straight from a camera). */
export const takesDocumentLimit = (kind: UploadKind) => isDocumentKind(kind) || kind === "project-photo";

/** The extension a stored file of this type gets (and its label in messages: PDF, DOCX…). */
export function extensionOf(contentType: AnyUploadType): string {
  return (UPLOAD_IMAGE_TYPES as Record<string, string>)[contentType] ?? (UPLOAD_DOCUMENT_TYPES as Record<string, string>)[contentType];
}

/** How long an upload URL stays valid. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

/** The server's default limits; the signed URL carries the real one. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_UPLOAD_DOC_MAX_BYTES = 20 * 1024 * 1024;

export const UPLOAD_TYPE_MESSAGE = "Envie uma imagem PNG, JPEG, WebP ou GIF.";
export const UPLOAD_DOCUMENT_TYPE_MESSAGE = "Envie um documento PDF, DOCX, XLSX, ODT ou ODS.";

const KIND_MESSAGE = "Tipo de envio inválido: use logo, avatar, model, evidence, accountability, project-photo, project-document ou instrument.";

/** POST /api/companies/upload-url (spec section 7: the body carries contentType); the kind decides which types are accepted. */
export const uploadUrlRequestSchema = z
  .object({
    contentType: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.string({ message: "Informe o tipo do arquivo (contentType)." })),
    kind: z.enum(UPLOAD_KINDS, { message: KIND_MESSAGE }).default("logo"),
  })
  .strict()
  .superRefine((body, ctx) => {
    const documents = isDocumentKind(body.kind);
    const accepted: readonly string[] = documents ? DOCUMENT_CONTENT_TYPES : UPLOAD_CONTENT_TYPES;
    if (!accepted.includes(body.contentType)) {
      ctx.addIssue({ code: "custom", path: ["contentType"], message: documents ? UPLOAD_DOCUMENT_TYPE_MESSAGE : UPLOAD_TYPE_MESSAGE });
      return;
    }
    const pdfOnly = documents ? PDF_ONLY_KINDS[body.kind as DocumentUploadKind] : undefined;
    if (pdfOnly && body.contentType !== "application/pdf") ctx.addIssue({ code: "custom", path: ["contentType"], message: pdfOnly });
  })
  .transform((body) => body as { contentType: AnyUploadType; kind: UploadKind });

/** The answer: PUT the file to uploadURL with the same Content-Type, then save storagePath on the record. */
export interface UploadUrl {
  uploadURL: string;
  storagePath: string;
  contentType: AnyUploadType;
  maxBytes: number;
  expiresAt: string;
}

/** Where a stored image is served back (documents are served by their record's download route). */
export function fileUrl(storagePath: string | null | undefined): string | null {
  return storagePath ? `/api/files/${storagePath}` : null;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The content type a file name's extension suggests (browsers often send no type for .odt/.ods); the server checks the bytes. */
export function documentTypeOfName(name: string): DocumentContentType | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  const found = Object.entries(UPLOAD_DOCUMENT_TYPES).find(([, e]) => e === ext);
  return found ? (found[0] as DocumentContentType) : null;
}

/** A stored document's name as people see it: letters, digits, spaces, dots and hyphens, up to 120 characters. */
export const documentFileNameSchema = z
  .string({ message: "Informe o nome do arquivo." })
  .trim()
  .min(1, "Informe o nome do arquivo.")
  .max(120, "O nome do arquivo deve ter no máximo 120 caracteres.")
  .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c)), "O nome do arquivo não pode ter / \\ : * ? \" < > |.");
