import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import {
  UPLOAD_DOCUMENT_TYPES,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_URL_TTL_SECONDS,
  extensionOf,
  isDocumentKind,
  takesDocumentLimit,
  type AnyUploadType,
  type UploadKind,
  type UploadUrl,
} from "../../src/domain/uploads";
import { bucketStore, type BucketStoreOptions } from "./bucket";
import { diskStore, type FileStore } from "./disk";
import { signGrant, verifyGrant, type GrantCheck } from "./signing";

export type { FileBody, FileStore, StoredFile } from "./disk";
export { STORAGE_UNAVAILABLE } from "./bucket";
export { sniffImageType, sniffDocumentType } from "./sniff";

/**
 * Uploads (spec section 7): the server hands out a signed, expiring URL bound to one path, one
 * content type and a size limit; the browser PUTs the file there; the record then points at the path.
 * Paths name what the file is for and who uploaded it: `{logos|avatars|models|evidence|accountability|project-photos|project-documents|instruments}/{userId}/{uuid}.{ext}`.
 * Images are limited to UPLOAD_MAX_BYTES, documents and project photos to UPLOAD_DOC_MAX_BYTES.
 */
export interface Storage {
  files: FileStore;
  /** The larger of the two limits: what the PUT route lets in before the grant's own limit is checked. */
  maxBytes: number;
  maxBytesOf(kind: UploadKind): number;
  createUpload(kind: UploadKind, ownerId: number, contentType: AnyUploadType, nowMs: number): UploadUrl;
  checkUpload(storagePath: string, query: Record<string, string | undefined>, nowMs: number): GrantCheck;
}

const FOLDERS: Record<UploadKind, string> = {
  logo: "logos",
  avatar: "avatars",
  model: "models",
  evidence: "evidence",
  accountability: "accountability",
  "project-photo": "project-photos",
  "project-document": "project-documents",
  instrument: "instruments",
};
const KIND_OF_FOLDER = Object.fromEntries(Object.entries(FOLDERS).map(([kind, folder]) => [folder, kind as UploadKind]));
const IMAGE_OF_EXTENSION = Object.fromEntries(Object.entries(UPLOAD_IMAGE_TYPES).map(([type, ext]) => [ext, type as AnyUploadType]));
const DOCUMENT_OF_EXTENSION = Object.fromEntries(Object.entries(UPLOAD_DOCUMENT_TYPES).map(([type, ext]) => [ext, type as AnyUploadType]));
const STORAGE_PATH = /^(logos|avatars|models|evidence|accountability|project-photos|project-documents|instruments)\/(\d{1,9})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.([a-z]{3,4})$/;

export interface StoragePathInfo {
  kind: UploadKind;
  ownerId: number;
  contentType: AnyUploadType;
}

/** What a storage path says about its file, or null when it is not one of ours (an image folder holds images, a document folder documents). */
export function parseStoragePath(storagePath: string): StoragePathInfo | null {
  const match = STORAGE_PATH.exec(storagePath);
  if (!match) return null;
  const kind = KIND_OF_FOLDER[match[1]];
  const contentType = (isDocumentKind(kind) ? DOCUMENT_OF_EXTENSION : IMAGE_OF_EXTENSION)[match[3]];
  return contentType ? { kind, ownerId: Number(match[2]), contentType } : null;
}

/** The upload-signing secret: configured, or generated once and kept under DATA_DIR. */
export function resolveUploadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "upload-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    try {
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another process created it first: use theirs.
      return readFileSync(file, "utf8").trim();
    }
  }
}

/** The file store the configuration names: the bucket when STORAGE_BUCKET is set, else the folder DATA_DIR/uploads. */
export function fileStoreOf(config: Pick<Config, "uploads">, options: BucketStoreOptions = {}): FileStore {
  return config.uploads.bucket ? bucketStore(config.uploads.bucket, options) : diskStore(config.uploads.dir);
}

export function createStorage(config: Config, options: BucketStoreOptions = {}): Storage {
  const secret = resolveUploadSecret(config.uploads.secret, config.dataDir);
  const maxBytesOf = (kind: UploadKind) => (takesDocumentLimit(kind) ? config.uploads.docMaxBytes : config.uploads.maxBytes);
  return {
    files: fileStoreOf(config, options),
    maxBytes: Math.max(config.uploads.maxBytes, config.uploads.docMaxBytes),
    maxBytesOf,
    createUpload(kind, ownerId, contentType, nowMs) {
      const storagePath = `${FOLDERS[kind]}/${ownerId}/${randomUUID()}.${extensionOf(contentType)}`;
      const maxBytes = maxBytesOf(kind);
      const expires = Math.floor(nowMs / 1000) + UPLOAD_URL_TTL_SECONDS;
      const query = signGrant({ storagePath, contentType, maxBytes, expires }, secret);
      return {
        uploadURL: `/api/uploads/${storagePath}?${query}`,
        storagePath,
        contentType,
        maxBytes,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    checkUpload(storagePath, query, nowMs) {
      return verifyGrant(storagePath, query, secret, Math.floor(nowMs / 1000));
    },
  };
}

/**
 * How /api/files hands a file over: images (the types we sniff and accept) inline, anything else
 * (documents) as a download, never rendered in the app's origin.
 */
export function contentDispositionFor(contentType: string, storagePath: string): string {
  const name = (storagePath.split("/").pop() ?? "arquivo").replace(/[^\w.-]/g, "_");
  const inline = Object.prototype.hasOwnProperty.call(UPLOAD_IMAGE_TYPES, contentType);
  return `${inline ? "inline" : "attachment"}; filename="${name}"`;
}
