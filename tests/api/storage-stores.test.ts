import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { HttpError } from "../../server/lib/errors";
import { STORAGE_UNAVAILABLE, fileStoreOf, type FileStore } from "../../server/storage";
import { bucketStore } from "../../server/storage/bucket";
import { diskStore } from "../../server/storage/disk";
import { startLocalBucket, LOCAL_BUCKET_KEYS } from "../support/local-bucket";

/** The two file stores keep one contract (server/storage/disk.ts's FileStore): the folder and a real S3-compatible bucket (s3rver). */
const folder = mkdtempSync(path.join(os.tmpdir(), "sol-stores-"));
const bucket = await startLocalBucket();
afterAll(async () => {
  await bucket.close();
  rmSync(folder, { recursive: true, force: true });
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const listed = async (files: FileStore) => {
  const all = [];
  for await (const file of files.list()) all.push(file);
  return all;
};
const bucketSettings = { bucket: "sol-arquivos", endpoint: bucket.endpoint, region: "us-east-1", accessKeyId: LOCAL_BUCKET_KEYS.STORAGE_ACCESS_KEY_ID, secretAccessKey: LOCAL_BUCKET_KEYS.STORAGE_SECRET_ACCESS_KEY, forcePathStyle: true };

const stores: [string, () => FileStore][] = [
  ["the local folder", () => diskStore(folder)],
  ["the bucket", () => bucketStore(bucketSettings)],
  ["the bucket under a prefix", () => bucketStore({ ...bucketSettings, prefix: "instalacao-2/" })],
];

describe.each(stores)("%s", (_name, make) => {
  const files = make();
  const key = (name: string) => `models/1/${name}`;

  it("writes a file once, reads it back as a stream with its size, and refuses a second write to the same path", async () => {
    const bytes = Buffer.from("%PDF-1.4 conteúdo");
    expect(await files.create(key("a0000000-0000-4000-8000-000000000001.pdf"), bytes)).toBe(true);
    expect(await files.create(key("a0000000-0000-4000-8000-000000000001.pdf"), Buffer.from("outro"))).toBe(false);
    const opened = await files.open(key("a0000000-0000-4000-8000-000000000001.pdf"));
    expect(opened?.size).toBe(bytes.length);
    expect(opened?.stream).toBeInstanceOf(Readable);
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    expect(await files.exists(key("a0000000-0000-4000-8000-000000000001.pdf"))).toBe(true);
  });

  it("writes from a stream of known size (a copy between stores) without holding it whole", async () => {
    const parts = [Buffer.alloc(300_000, 1), Buffer.alloc(300_000, 2)];
    expect(await files.create(key("a0000000-0000-4000-8000-000000000002.pdf"), { stream: Readable.from(parts), size: 600_000 })).toBe(true);
    const opened = await files.open(key("a0000000-0000-4000-8000-000000000002.pdf"));
    expect((await readAll(opened!.stream)).equals(Buffer.concat(parts))).toBe(true);
  });

  it("answers null and false for a file that is not there, and removing it is no error", async () => {
    expect(await files.open(key("b0000000-0000-4000-8000-000000000000.pdf"))).toBeNull();
    expect(await files.exists(key("b0000000-0000-4000-8000-000000000000.pdf"))).toBe(false);
    await expect(files.remove(key("b0000000-0000-4000-8000-000000000000.pdf"))).resolves.toBeUndefined();
  });

  it("lists every stored file with its size, in path order, and forgets a removed one", async () => {
    await files.create("avatars/2/c0000000-0000-4000-8000-000000000000.png", Buffer.from("png"));
    expect(await listed(files)).toEqual([
      { storagePath: "avatars/2/c0000000-0000-4000-8000-000000000000.png", size: 3 },
      { storagePath: key("a0000000-0000-4000-8000-000000000001.pdf"), size: Buffer.byteLength("%PDF-1.4 conteúdo") },
      { storagePath: key("a0000000-0000-4000-8000-000000000002.pdf"), size: 600_000 },
    ]);
    await files.remove("avatars/2/c0000000-0000-4000-8000-000000000000.png");
    expect(await files.exists("avatars/2/c0000000-0000-4000-8000-000000000000.png")).toBe(false);
    expect((await listed(files)).map((file) => file.storagePath)).not.toContain("avatars/2/c0000000-0000-4000-8000-000000000000.png");
  });

  it("answers ready while it can serve", async () => {
    expect((await files.ready?.()) ?? null).toBeNull();
  });
});

describe("a bucket out of reach", () => {
  it("answers every call with a 503 in pt-BR (nothing half done), and readiness names the bucket", async () => {
    const down = bucketStore({ ...bucketSettings, endpoint: "http://127.0.0.1:9" });
    for (const call of [() => down.create("logos/1/d0000000-0000-4000-8000-000000000000.png", Buffer.from("x")), () => down.open("logos/1/x.png"), () => down.remove("logos/1/x.png"), () => listed(down)]) {
      const error = await call().then(() => null, (caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 503, message: STORAGE_UNAVAILABLE });
    }
    expect(await down.ready!()).toBe("O armazenamento de arquivos (bucket) não responde.");
  });

  it("is a misconfiguration, not a missing file, when the bucket itself does not exist", async () => {
    const wrong = bucketStore({ ...bucketSettings, bucket: "nao-existe" });
    await expect(wrong.open("logos/1/d0000000-0000-4000-8000-000000000000.png")).rejects.toMatchObject({ statusCode: 503 });
    expect(await wrong.ready!()).toBe("O armazenamento de arquivos (bucket) não responde.");
  });
});

describe("choosing the store by configuration", () => {
  const env = (extra: Record<string, string>) => loadConfig({ NODE_ENV: "test", DATA_DIR: folder, ...extra });

  it("keeps files in DATA_DIR/uploads by default (the embedded `npm start`), and in the bucket when STORAGE_BUCKET is set", async () => {
    expect(fileStoreOf(env({})).description).toBe(`pasta ${path.join(folder, "uploads")}`);
    const config = env(bucket.env);
    expect(config.uploads.bucket).toMatchObject({ bucket: "sol-arquivos", endpoint: bucket.endpoint, region: "us-east-1", forcePathStyle: true });
    const store = fileStoreOf(config);
    expect(store.description).toBe(`bucket sol-arquivos em ${bucket.endpoint}`);
    await store.create("logos/1/e0000000-0000-4000-8000-000000000000.png", Buffer.from("logo"));
    expect(readdirSync(folder)).not.toContain("uploads");
  });

  it("refuses settings that do not hang together, each with its variable named in pt-BR", () => {
    expect(() => env({ STORAGE_ENDPOINT: "http://127.0.0.1:1" })).toThrow("STORAGE_BUCKET: informe o bucket (STORAGE_ENDPOINT só valem com ele).");
    const { STORAGE_SECRET_ACCESS_KEY: _secret, ...oneKey } = bucket.env;
    expect(() => env(oneKey)).toThrow(/STORAGE_ACCESS_KEY_ID e STORAGE_SECRET_ACCESS_KEY: informe as duas chaves ou nenhuma/);
    expect(() => env({ STORAGE_BUCKET: "Meu_Bucket", UPLOAD_SECRET: "s".repeat(16) })).toThrow(/STORAGE_BUCKET: use o nome do bucket/);
    expect(() => env({ STORAGE_BUCKET: "sol-arquivos" })).toThrow(/UPLOAD_SECRET: obrigatório com STORAGE_BUCKET/);
    expect(() => env({ ...bucket.env, STORAGE_PREFIX: "/sol" })).toThrow(/STORAGE_PREFIX: use pastas terminadas em \//);
  });
});
