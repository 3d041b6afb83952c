import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

/** The part of s3rver (a local S3-compatible server, pure JS, no types of its own) that tests use. */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

/** s3rver signs in anyone with these keys. */
export const LOCAL_BUCKET_KEYS = { STORAGE_ACCESS_KEY_ID: "S3RVER", STORAGE_SECRET_ACCESS_KEY: "S3RVER" } as const;

export interface LocalBucket {
  endpoint: string;
  port: number;
  /** STORAGE_* for loadConfig: the app's files in this bucket (with the UPLOAD_SECRET a bucket requires). */
  env: Record<string, string>;
  /** Stops answering (the bucket goes down); `start` brings it back with its files. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its files. */
  close(): Promise<void>;
}

/**
 * A real S3-compatible server on 127.0.0.1 (s3rver), its objects in a folder of its own, with the
 * bucket already made. On a free port, or from TEST_BUCKET_PORT when set (machines that hand out port
 * ranges): that port plus the vitest worker's number, so files running side by side never collide.
 */
export async function startLocalBucket(options: { bucket?: string; port?: number } = {}): Promise<LocalBucket> {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const bucket = options.bucket ?? "sol-arquivos";
  const base = Number(process.env.TEST_BUCKET_PORT);
  const port = options.port ?? (base ? base + (Number(process.env.VITEST_POOL_ID) || 0) : await freePort());
  const directory = mkdtempSync(path.join(os.tmpdir(), "sol-bucket-"));
  const make = () => new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server: S3rverServer | null = make();
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    env: { STORAGE_BUCKET: bucket, STORAGE_ENDPOINT: endpoint, ...LOCAL_BUCKET_KEYS, UPLOAD_SECRET: "segredo-de-teste-do-bucket-local" },
    async stop() {
      await server?.close();
      server = null;
    },
    async start() {
      if (server) return;
      server = make();
      await server.run();
    },
    async close() {
      await server?.close();
      server = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
