import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import type { Config } from "../config";
import { HttpError } from "../lib/errors";
import type { FileStore, StoredFile } from "./disk";

/** Where the bucket is and how to sign in to it (STORAGE_* variables, server/config.ts). */
export type BucketSettings = NonNullable<Config["uploads"]["bucket"]>;

/** What a person reads when the bucket cannot be reached: the request did nothing, so trying again is safe. */
export const STORAGE_UNAVAILABLE = "O armazenamento de arquivos está indisponível no momento e nada foi alterado. Tente novamente em instantes.";
const BUCKET_NOT_READY = "O armazenamento de arquivos (bucket) não responde.";

/** A connection that does not open in this long means the bucket is down: answer 503 now, not after a minute. */
const CONNECT_TIMEOUT_MS = 3000;
/** How long a successful readiness check of the bucket is trusted. */
const READY_MEMORY_MS = 5000;
/** A socket silent this long (mid-download included) is given up. */
const SOCKET_TIMEOUT_MS = 30_000;

/** "Not there" as S3 and its compatibles say it: NoSuchKey on GET, a bare 404 on HEAD. */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A missing bucket is also a 404, but a misconfiguration, not a missing file: it must not pass for one.
  if (error.name === "NoSuchBucket") return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404;
}

/** A conditional write that found the object already there (If-None-Match: * on S3). */
function isAlreadyThere(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "PreconditionFailed" || error.$metadata?.httpStatusCode === 412);
}

export interface BucketStoreOptions {
  /** Told about each failure that became a 503, with the bucket's own error (for the server's log). */
  onUnavailable?: (error: unknown, action: string) => void;
}

/**
 * The files in an S3-compatible bucket (AWS S3, Google Cloud Storage through its XML API and HMAC keys,
 * MinIO, s3rver in tests): the same FileStore as the local folder, so every instance behind a load
 * balancer reads what any of them stored. Keys are the storage paths themselves (under STORAGE_PREFIX
 * when one is set). Anything but "not there" (the network, credentials, a missing bucket) becomes a 503
 * with a pt-BR message: the caller's transaction rolls back and nothing is lost.
 */
export function bucketStore(settings: BucketSettings, options: BucketStoreOptions = {}): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Two tries, not the default three with backoff: a person is waiting on the answer.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS },
    // Plain PUTs with Content-Length: S3-compatible stores other than AWS (s3rver, older MinIO, GCS's
    // XML API) do not understand the SDK's default aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  let lastReady = -Infinity;
  const prefix = settings.prefix ?? "";
  const keyOf = (storagePath: string) => `${prefix}${storagePath}`;

  /** Runs one call to the bucket; a failure other than the ones the caller handles becomes the 503. */
  async function call<T>(action: string, run: () => Promise<T>, handle?: (error: unknown) => T | undefined): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const handled = handle?.(error);
      if (handled !== undefined) return handled;
      options.onUnavailable?.(error, action);
      throw Object.assign(new HttpError(503, STORAGE_UNAVAILABLE), { cause: error });
    }
  }

  const exists = (storagePath: string) =>
    call(
      "consultar",
      async () => {
        await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(storagePath) }));
        return true;
      },
      (error) => (isNotFound(error) ? false : undefined),
    );

  return {
    description: `bucket ${Bucket}${prefix ? ` (prefixo ${prefix})` : ""}${settings.endpoint ? ` em ${settings.endpoint}` : ""}`,
    async create(storagePath, data) {
      // Paths are written once. The uploads ledger's primary key already makes a second write of one path
      // fail; the HEAD answers for stores without conditional writes, If-None-Match for those with them.
      if (await exists(storagePath)) return false;
      const body = Buffer.isBuffer(data) ? { Body: data, ContentLength: data.length } : { Body: data.stream, ContentLength: data.size };
      return call(
        "gravar",
        async () => {
          await client.send(new PutObjectCommand({ Bucket, Key: keyOf(storagePath), IfNoneMatch: "*", ...body }));
          return true;
        },
        (error) => (isAlreadyThere(error) ? false : undefined),
      );
    },
    async open(storagePath) {
      return call(
        "ler",
        async () => {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(storagePath) }));
          // On Node the body is the HTTP response itself: it streams through to the client, never held whole.
          return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0 };
        },
        (error) => (isNotFound(error) ? null : undefined),
      );
    },
    exists,
    async remove(storagePath) {
      await call("apagar", async () => {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(storagePath) }));
      });
    },
    async *list(): AsyncGenerator<StoredFile> {
      // Paged by StartAfter (the last key seen) rather than continuation tokens: every S3-compatible store
      // supports it, and a listing can go on from any key.
      let after: string | undefined;
      for (;;) {
        const page = await call("listar", () => client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, StartAfter: after, MaxKeys: 1000 })));
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (object.Key) yield { storagePath: object.Key.slice(prefix.length), size: object.Size ?? 0 };
        }
        if (!page.IsTruncated || contents.length === 0) return;
        after = contents[contents.length - 1].Key;
      }
    },
    async ready() {
      // Load balancers probe every second or two, each of them: a bucket that answered a moment ago is
      // taken as up for READY_MEMORY_MS instead of paying a request per probe; a failure is asked again.
      if (performance.now() - lastReady < READY_MEMORY_MS) return null;
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        lastReady = performance.now();
        return null;
      } catch {
        return BUCKET_NOT_READY;
      }
    },
  };
}
