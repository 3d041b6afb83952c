import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { fileStoreOf, type FileStore } from "../../server/storage";
import { copyFiles } from "../../server/storage/copy";
import { diskStore } from "../../server/storage/disk";
import { startLocalBucket } from "../support/local-bucket";

/** `npm run storage:copy` (issue 35): every stored file from the folder to the bucket and back, idempotent, resumable, counted. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sol-copy-"));
const bucket = await startLocalBucket({ bucket: "sol-copia" });
afterAll(async () => {
  await bucket.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const env = { NODE_ENV: "test", DATA_DIR: dataDir, ...bucket.env };
const config = loadConfig(env);
const disk = diskStore(config.uploads.dir);
const remote = fileStoreOf(config);

const FILES = Array.from({ length: 5 }, (_, i) => ({
  storagePath: `${["logos", "models", "evidence", "avatars", "project-photos"][i]}/${i + 1}/f000000${i}-0000-4000-8000-000000000000.${i === 1 || i === 2 ? "pdf" : "png"}`,
  bytes: Buffer.alloc(1000 * (i + 1), i + 65),
}));
const TOTAL = FILES.reduce((sum, file) => sum + file.bytes.length, 0);

const paths = async (files: FileStore) => {
  const all: string[] = [];
  for await (const file of files.list()) all.push(file.storagePath);
  return all.sort();
};
/**
 * Runs the command in a child process, asynchronously: the bucket (s3rver) runs in this test's own
 * process and must keep answering while the command talks to it.
 */
function runCopy(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/storage-copy.ts", ...args], { env, encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const read = async (files: FileStore, storagePath: string) => {
  const opened = await files.open(storagePath);
  const chunks: Buffer[] = [];
  for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("copying stored files between the folder and the bucket", () => {
  it("copies every file of the folder to the bucket, resumes after an interruption, and copies nothing the second time", async () => {
    for (const file of FILES) await disk.create(file.storagePath, file.bytes);
    // Interrupted after two files: the next run copies the other three and skips those two.
    const interrupted = await copyFiles(disk, remote, { stopAfter: 2 });
    expect(interrupted).toMatchObject({ copied: 2, skipped: 0, conflicts: [] });
    const resumed = await copyFiles(disk, remote);
    expect(resumed.copied).toBe(3);
    expect(resumed.skipped).toBe(2);
    expect(resumed.copiedBytes + resumed.skippedBytes).toBe(TOTAL);
    expect(await paths(remote)).toEqual(FILES.map((file) => file.storagePath).sort());
    for (const file of FILES) expect((await read(remote, file.storagePath)).equals(file.bytes)).toBe(true);
    expect(await copyFiles(disk, remote)).toEqual({ copied: 0, copiedBytes: 0, skipped: 5, skippedBytes: TOTAL, conflicts: [] });
  });

  it("leaves a different file at the same path alone and reports it as a conflict", async () => {
    const other = diskStore(path.join(dataDir, "outra"));
    await other.create(FILES[0].storagePath, Buffer.from("outro conteúdo"));
    const report = await copyFiles(other, remote);
    expect(report).toMatchObject({ copied: 0, skipped: 0, conflicts: [FILES[0].storagePath] });
    expect((await read(remote, FILES[0].storagePath)).equals(FILES[0].bytes)).toBe(true);
  });

  it("runs as `npm run storage:copy`: the bucket back to an empty folder, with counts and bytes, then nothing left to copy", async () => {
    const back = mkdtempSync(path.join(os.tmpdir(), "sol-copy-back-"));
    const run = () => runCopy(["--from", "bucket", "--to", "disk"], { ...process.env, ...env, DATA_DIR: back });
    try {
      const first = await run();
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain(`Copiando de bucket sol-copia em ${bucket.endpoint} para pasta ${path.join(back, "uploads")}`);
      expect(first.stdout).toContain("copiados: 5 (15 KB); já existiam: 0 (0 KB); conflitos: 0");
      const second = await run();
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toContain("copiados: 0 (0 KB); já existiam: 5 (15 KB); conflitos: 0");
    } finally {
      rmSync(back, { recursive: true, force: true });
    }
  });

  it("refuses to run without a bucket configured, or from a store to itself, saying how to call it", async () => {
    const run = (args: string[], extra: Record<string, string>) => runCopy(args, { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: dataDir, ...extra });
    const noBucket = await run([], {});
    expect(noBucket.status).toBe(2);
    expect(noBucket.stderr).toContain("Configure o bucket (STORAGE_BUCKET");
    const same = await run(["--from", "disk", "--to", "disk"], bucket.env);
    expect(same.status).toBe(2);
    expect(same.stderr).toContain("Origem e destino são o mesmo armazenamento.");
  });
});
