import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { uploads } from "../../server/db/schema";
import { STORAGE_UNAVAILABLE } from "../../server/storage";
import { as } from "../support/api";
import { PNG_BYTES, demoApi, upload } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES } from "../support/documents";
import { startLocalBucket } from "../support/local-bucket";

/**
 * The product with its files in a bucket (issue 35): a real S3-compatible server (s3rver) started here,
 * STORAGE_* pointing at it. Uploads, downloads and removals keep their contract; a missing file is the
 * product's 404; a bucket out of reach answers 503 in pt-BR and loses nothing.
 */
const bucket = await startLocalBucket();
afterAll(() => bucket.close());
const api = demoApi({ env: bucket.env });

const onDisk = (storagePath: string) => existsSync(path.join(api.ctx.app.config.uploads.dir, storagePath));
const pendingCount = () => api.ctx.database.db.$count(uploads);

describe("files in a bucket", () => {
  it("stores an uploaded logo in the bucket, not on the instance's disk, and serves it back through /api/files", async () => {
    const storagePath = await upload(api.ctx.app, api.cookies.admin, "logo", "image/png", PNG_BYTES);
    expect(await api.ctx.app.storage.files.exists(storagePath)).toBe(true);
    expect(onDisk(storagePath)).toBe(false);
    const file = await api.anonymous()({ method: "GET", url: `/api/files/${storagePath}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-length"]).toBe(String(PNG_BYTES.length));
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("downloads a document model's file from the bucket through its record, whole, as an attachment", async () => {
    // A few megabytes, so the download really streams from the bucket's answer.
    const bytes = Buffer.concat([PDF_BYTES, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const storagePath = await upload(api.ctx.app, api.cookies.admin, "model", DOCUMENT_TYPES.pdf, bytes);
    const created = await api.admin()({ method: "POST", url: "/api/document-models", payload: { title: "Modelo no bucket", storagePath, fileName: "Ofício.pdf", publishedOn: "2026-03-01" } });
    expect(created.statusCode, created.body).toBe(201);
    const file = await api.user()({ method: "GET", url: `/api/document-models/${created.json().id}/download` });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(file.headers["content-length"]).toBe(String(bytes.length));
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it("removes a replaced avatar's file from the bucket", async () => {
    const me = ((await api.admin()({ method: "GET", url: "/api/auth/me" })).json() as { user: { id: number } }).user;
    const first = await upload(api.ctx.app, api.cookies.admin, "avatar", "image/png", PNG_BYTES);
    expect((await api.admin()({ method: "PATCH", url: `/api/users/${me.id}/avatar`, payload: { storagePath: first } })).statusCode).toBe(200);
    const second = await upload(api.ctx.app, api.cookies.admin, "avatar", "image/png", PNG_BYTES);
    expect((await api.admin()({ method: "PATCH", url: `/api/users/${me.id}/avatar`, payload: { storagePath: second } })).statusCode).toBe(200);
    expect(await api.ctx.app.storage.files.exists(first)).toBe(false);
    expect(await api.ctx.app.storage.files.exists(second)).toBe(true);
  });

  it("answers the product's 404 for a file the bucket does not hold, through /api/files and through a record", async () => {
    const missing = await api.anonymous()({ method: "GET", url: "/api/files/logos/1/00000000-0000-4000-8000-000000000000.png" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Arquivo não encontrado.");
    const storagePath = await upload(api.ctx.app, api.cookies.admin, "model", DOCUMENT_TYPES.pdf, PDF_BYTES);
    const created = await api.admin()({ method: "POST", url: "/api/document-models", payload: { title: "Modelo sem arquivo", storagePath, fileName: "Sumiu.pdf", publishedOn: "2026-03-01" } });
    await api.ctx.app.storage.files.remove(storagePath);
    const gone = await api.user()({ method: "GET", url: `/api/document-models/${created.json().id}/download` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Arquivo não encontrado.");
  });
});

describe("a bucket out of reach", () => {
  it("answers 503 in pt-BR to an upload and a download, records nothing, fails readiness, and the same link works once the bucket is back", async () => {
    const stored = await upload(api.ctx.app, api.cookies.admin, "logo", "image/png", PNG_BYTES);
    const link = await as(api.ctx.app, api.cookies.admin)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: "image/png", kind: "logo" } });
    const { uploadURL, storagePath } = link.json() as { uploadURL: string; storagePath: string };
    const before = await pendingCount();
    await bucket.stop();
    try {
      const put = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
      expect(put.statusCode).toBe(503);
      expect(put.json().message).toBe(STORAGE_UNAVAILABLE);
      expect(await pendingCount()).toBe(before);
      expect(await api.ctx.database.db.$count(uploads, eq(uploads.storagePath, storagePath))).toBe(0);
      const read = await api.anonymous()({ method: "GET", url: `/api/files/${stored}` });
      expect(read.statusCode).toBe(503);
      expect(read.json().message).toBe(STORAGE_UNAVAILABLE);
      const ready = await api.anonymous()({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toBe("O armazenamento de arquivos (bucket) não responde.");
    } finally {
      await bucket.start();
    }
    expect((await api.anonymous()({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
    const again = await api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": "image/png" }, payload: PNG_BYTES });
    expect(again.statusCode, again.body).toBe(200);
    expect((await api.anonymous()({ method: "GET", url: `/api/files/${storagePath}` })).rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await api.anonymous()({ method: "GET", url: `/api/files/${stored}` })).rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("still saves a record that replaces its file while the bucket is down, keeping the old file instead of failing the saved write", async () => {
    const first = await upload(api.ctx.app, api.cookies.admin, "model", DOCUMENT_TYPES.pdf, PDF_BYTES);
    const created = await api.admin()({ method: "POST", url: "/api/document-models", payload: { title: "Modelo trocado", storagePath: first, fileName: "v1.pdf", publishedOn: "2026-03-01" } });
    const second = await upload(api.ctx.app, api.cookies.admin, "model", DOCUMENT_TYPES.pdf, PDF_BYTES);
    // The file is checked against the ledger (the database), so the save goes through; only the old file's removal meets the outage.
    await bucket.stop();
    try {
      const saved = await api.admin()({ method: "PATCH", url: `/api/document-models/${created.json().id}`, payload: { storagePath: second, fileName: "v2.pdf", version: created.json().version } });
      expect(saved.statusCode, saved.body).toBe(200);
    } finally {
      await bucket.start();
    }
    expect(await api.ctx.app.storage.files.exists(first)).toBe(true);
    expect(await api.ctx.app.storage.files.exists(second)).toBe(true);
  });
});
