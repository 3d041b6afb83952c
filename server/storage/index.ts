import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import {
  UPLOAD_IMAGE_TYPES,
  UPLOAD_URL_TTL_SECONDS,
  type UploadContentType,
  type UploadKind,
  type UploadUrl,
} from "../../src/domain/uploads";
import { diskStore, type FileStore } from "./disk";
import { signGrant, verifyGrant, type GrantCheck } from "./signing";

export type { FileStore } from "./disk";

/**
 * Uploads (spec section 7): the server hands out a signed, expiring URL bound to one path, one
 * content type and a size limit; the browser PUTs the file there; the record then points at the path.
 * Paths name what the file is for and who uploaded it: `{logos|avatars}/{userId}/{uuid}.{ext}`.
 */
export interface Storage {
  files: FileStore;
  maxBytes: number;
  createUpload(kind: UploadKind, ownerId: number, contentType: UploadContentType, nowMs: number): UploadUrl;
  checkUpload(storagePath: string, query: Record<string, string | undefined>, nowMs: number): GrantCheck;
}

const FOLDERS: Record<UploadKind, string> = { logo: "logos", avatar: "avatars" };
const KIND_OF_FOLDER = Object.fromEntries(Object.entries(FOLDERS).map(([kind, folder]) => [folder, kind as UploadKind]));
const CONTENT_TYPE_OF_EXTENSION = Object.fromEntries(
  Object.entries(UPLOAD_IMAGE_TYPES).map(([type, ext]) => [ext, type as UploadContentType]),
);
const STORAGE_PATH = /^(logos|avatars)\/(\d{1,9})\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

export interface StoragePathInfo {
  kind: UploadKind;
  ownerId: number;
  contentType: UploadContentType;
}

/** What a storage path says about its file, or null when it is not one of ours. */
export function parseStoragePath(storagePath: string): StoragePathInfo | null {
  const match = STORAGE_PATH.exec(storagePath);
  if (!match) return null;
  return { kind: KIND_OF_FOLDER[match[1]], ownerId: Number(match[2]), contentType: CONTENT_TYPE_OF_EXTENSION[match[3]] };
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

export function createStorage(config: Config): Storage {
  const secret = resolveUploadSecret(config.uploads.secret, config.dataDir);
  const maxBytes = config.uploads.maxBytes;
  return {
    files: diskStore(config.uploads.dir),
    maxBytes,
    createUpload(kind, ownerId, contentType, nowMs) {
      const storagePath = `${FOLDERS[kind]}/${ownerId}/${randomUUID()}.${UPLOAD_IMAGE_TYPES[contentType]}`;
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

/** The content type a file's first bytes prove, among the image types we accept. */
export function sniffImageType(data: Buffer): UploadContentType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
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
