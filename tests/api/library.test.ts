import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { documentModelResource, tutorialResource } from "../../server/content/routes";
import { uploads } from "../../server/db/schema";
import { as } from "../support/api";
import { demoApi } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES, docxBytes, xlsxBytes } from "../support/documents";
import { describeResourceContract } from "../support/resource-contract";

/** Document models (a file each, downloaded as an attachment and counted), tutorials, the search over them, and alerts' read counts (issue 13). */
const api = demoApi();
let serial = 0;
let client = 0;
const remoteAddress = () => `10.78.${(++client >> 8) & 255}.${client & 255}`;

/** Uploads a document as this person (its own client address: upload links are rate-limited per address). */
async function uploadDoc(cookie: string, contentType: string, bytes: Buffer, kind: "model" | "evidence" = "model"): Promise<string> {
  const link = await as(api.ctx.app, cookie)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType, kind }, remoteAddress: remoteAddress() });
  expect(link.statusCode, link.body).toBe(200);
  const put = await api.ctx.app.inject({ method: "PUT", url: link.json().uploadURL, headers: { "content-type": contentType }, payload: bytes, remoteAddress: remoteAddress() });
  expect(put.statusCode, put.body).toBe(200);
  return link.json().storagePath;
}
const model = async (extra: Record<string, unknown> = {}) => ({
  title: `Modelo de ofício ${++serial}`,
  description: "Ofício ao concedente.",
  storagePath: await uploadDoc(api.cookies.admin, DOCUMENT_TYPES.pdf, PDF_BYTES),
  fileName: "Ofício ao concedente.pdf",
  revision: "v1",
  publishedOn: "2026-03-01",
  ...extra,
});
const tutorial = (extra: Record<string, unknown> = {}) => ({
  title: `Tutorial ${++serial}`,
  summary: "Passo a passo.",
  body: "## Passo 1\nEntre no Transferegov.",
  published: true,
  ...extra,
});
const categoryIdOf = async (scope: string, slug: string) =>
  ((await (await api.user())({ method: "GET", url: `/api/categories?scope=${scope}&slug=${slug}` })).json() as { id: number }[])[0].id;

describeResourceContract(documentModelResource, {
  api,
  validCreate: () => model(),
  invalid: { body: { title: "Sem arquivo", fileName: "a.pdf", publishedOn: "2026-03-01" }, field: "storagePath" },
  patch: { revision: "v2" },
});
describeResourceContract(tutorialResource, {
  api,
  validCreate: () => tutorial(),
  invalid: { body: tutorial({ videoUrl: "javascript:alert(1)" }), field: "videoUrl" },
  patch: { order: 7 },
});

describe("document models", () => {
  it("ADMIN uploads a DOCX model; a USER of any municipality finds it by category and downloads it as an attachment with its name, counted", async () => {
    const bytes = await docxBytes("Ofício de prorrogação");
    const categoryId = await categoryIdOf("model", "oficios");
    const created = await (await api.admin())({
      method: "POST",
      url: "/api/document-models",
      payload: await model({ storagePath: await uploadDoc(api.cookies.admin, DOCUMENT_TYPES.docx, bytes), fileName: "Ofício – prorrogação.docx", categoryId }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ fileName: "Ofício – prorrogação.docx", contentType: DOCUMENT_TYPES.docx, fileSize: bytes.length, downloadCount: 0, categoryId });
    expect(row).not.toHaveProperty("filePath");

    for (const send of [await api.user(), await api.otherUser()]) {
      const list = (await send({ method: "GET", url: `/api/document-models?categoryId=${categoryId}&_start=0&_end=100` })).json() as { id: number; categoryId: number }[];
      expect(list.some((m) => m.id === row.id)).toBe(true);
      expect(list.every((m) => m.categoryId === categoryId)).toBe(true);
      const file = await send({ method: "GET", url: `/api/document-models/${row.id}/download` });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe(DOCUMENT_TYPES.docx);
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="Oficio _ prorrogacao.docx"; filename*=UTF-8''${encodeURIComponent("Ofício – prorrogação.docx")}`);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["cache-control"]).toBe("no-store");
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
    expect((await (await api.admin())({ method: "GET", url: `/api/document-models/${row.id}` })).json().downloadCount).toBe(2);
    expect((await api.anonymous()({ method: "GET", url: `/api/document-models/${row.id}/download` })).statusCode).toBe(401);
    const missing = await (await api.user())({ method: "GET", url: "/api/document-models/999999/download" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Modelo não encontrado.");
    const malformed = await (await api.user())({ method: "GET", url: "/api/document-models/abc/download" });
    // Not a canonical id (issue 36): it names no record, as an unknown one.
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().message).toBe("Modelo não encontrado.");
  });

  it("refuses a file that was not uploaded, was uploaded by someone else or for something else, or a category of another area (422, pt-BR)", async () => {
    const admin = await api.admin();
    const notUploaded = "models/1/0b7a4f0e-6a51-4a0e-9d51-3a2a7c1f9999.pdf";
    const evidence = await uploadDoc(api.cookies.manager, DOCUMENT_TYPES.pdf, PDF_BYTES, "evidence");
    for (const storagePath of [notUploaded, evidence, "../../etc/passwd", "logos/1/x.png"]) {
      const res = await admin({ method: "POST", url: "/api/document-models", payload: await model({ storagePath }) });
      expect(res.statusCode, storagePath).toBe(422);
      expect(res.json().errors.storagePath).toBe("Arquivo não encontrado. Envie o arquivo pelo botão de envio antes de salvar.");
    }
    const wrongCategory = await admin({ method: "POST", url: "/api/document-models", payload: await model({ categoryId: await categoryIdOf("blog", "emendas") }) });
    expect(wrongCategory.statusCode).toBe(422);
    expect(wrongCategory.json().errors.categoryId).toBe("Categoria não encontrada nesta área. Escolha outra ou crie uma nova.");
    const badName = await admin({ method: "POST", url: "/api/document-models", payload: await model({ fileName: "../a.pdf" }) });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors.fileName).toBe('O nome do arquivo não pode ter / \\ : * ? " < > |.');
  });

  it("attaches the upload (the clean-up keeps it), removes the replaced file on PATCH and the file with its model on DELETE", async () => {
    const admin = await api.admin();
    const first = await model();
    const created = (await admin({ method: "POST", url: "/api/document-models", payload: first })).json();
    const [ledger] = await api.ctx.database.db.select().from(uploads).where(eq(uploads.storagePath, first.storagePath));
    expect(ledger.attachedAt).not.toBeNull();

    const sheet = await xlsxBytes();
    const second = await uploadDoc(api.cookies.admin, DOCUMENT_TYPES.xlsx, sheet);
    const patched = await admin({ method: "PATCH", url: `/api/document-models/${created.id}`, payload: { storagePath: second, fileName: "Planilha.xlsx", version: created.version } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ contentType: DOCUMENT_TYPES.xlsx, fileSize: sheet.length, fileName: "Planilha.xlsx" });
    expect(await api.ctx.app.storage.files.exists(first.storagePath)).toBe(false);
    expect((await admin({ method: "GET", url: `/api/document-models/${created.id}/download` })).rawPayload.equals(sheet)).toBe(true);

    expect((await admin({ method: "DELETE", url: `/api/document-models/${created.id}` })).statusCode).toBe(200);
    expect(await api.ctx.app.storage.files.exists(second)).toBe(false);
    expect(await api.ctx.database.db.$count(uploads, eq(uploads.storagePath, second))).toBe(0);
  });

  it("has demo models with real files on first start, downloadable by a USER", async () => {
    const user = await api.user();
    const list = (await user({ method: "GET", url: "/api/document-models?_start=0&_end=50&_sort=title&_order=asc" })).json() as { id: number; fileName: string; fileSize: number }[];
    const demo = list.filter((m) => m.fileName === "Cronograma de desembolso.xlsx" || m.fileName === "Declaração de contrapartida.pdf");
    expect(demo).toHaveLength(2);
    for (const m of demo) {
      const file = await user({ method: "GET", url: `/api/document-models/${m.id}/download` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(m.fileSize);
      expect(file.rawPayload.length).toBeGreaterThan(500);
    }
  });
});

describe("tutorials and the search over the library", () => {
  it("hides unpublished tutorials from MANAGER and USER (list, record and search), not from ADMIN", async () => {
    const admin = await api.admin();
    const hidden = (await admin({ method: "POST", url: "/api/tutorials", payload: tutorial({ title: "Rascunho sobre quiosques municipais", published: false }) })).json();
    for (const send of [await api.user(), await api.manager()]) {
      const list = (await send({ method: "GET", url: "/api/tutorials?_start=0&_end=200" })).json() as { id: number; published: boolean }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((t) => t.published)).toBe(true);
      expect((await send({ method: "GET", url: `/api/tutorials/${hidden.id}` })).statusCode).toBe(404);
      expect((await send({ method: "GET", url: "/api/content-search?q=quiosques" })).json()).toEqual([]);
    }
    const found = (await admin({ method: "GET", url: "/api/content-search?q=quiosques" })).json();
    expect(found).toEqual([expect.objectContaining({ kind: "tutorial", id: hidden.id })]);
  });

  it("finds models and tutorials by words without accents, with the matched words marked", async () => {
    const user = await api.user();
    const res = await user({ method: "GET", url: "/api/content-search?q=cronograma%20desembolso" });
    const byModel = res.json() as { kind: string; title: string; snippet: { text: string; match: boolean }[] }[];
    expect(byModel.map((h) => [h.kind, h.title]), res.body).toContainEqual(["model", "Planilha de cronograma de desembolso"]);
    expect(byModel.some((hit) => hit.kind === "model" && hit.title === "Planilha de cronograma de desembolso")).toBe(true);
    const byTutorial = (await user({ method: "GET", url: "/api/content-search?q=prestacao%20de%20contas" })).json() as typeof byModel;
    const hit = byTutorial.find((h) => h.kind === "tutorial");
    expect(hit?.snippet.some((piece) => piece.match)).toBe(true);
  });
});

describe("alerts: how many read", () => {
  it("reaches ADMIN only: MANAGER and USER never receive readCount, in the list or the record", async () => {
    const admin = await api.admin();
    const created = (await admin({ method: "POST", url: "/api/alerts", payload: { title: "Prazo do SIOPS", message: "Envie até sexta.", validFrom: "2020-01-01" } })).json();
    expect(created.readCount).toBe(0);
    expect(((await admin({ method: "GET", url: "/api/alerts?_start=0&_end=100" })).json() as object[]).every((a) => "readCount" in a)).toBe(true);
    for (const send of [await api.user(), await api.manager()]) {
      const list = (await send({ method: "GET", url: "/api/alerts?_start=0&_end=100" })).json() as object[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.some((a) => "readCount" in a)).toBe(false);
      const one = await send({ method: "GET", url: `/api/alerts/${created.id}` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).not.toHaveProperty("readCount");
    }
  });
});

describe("CAUC evidence as an uploaded document (issue 16)", () => {
  it("MANAGER attaches a PDF to an item keeping its link; the company's people download it, another company gets 404", async () => {
    const manager = await api.manager();
    const items = (await manager({ method: "GET", url: "/api/regularity-items?kind=CAUC&_start=0&_end=1" })).json() as { id: number; version: number }[];
    const item = items[0];
    const withLink = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidenceUrl: "https://www.tesourotransparente.gov.br/cauc", version: item.version } });
    expect(withLink.statusCode, withLink.body).toBe(200);

    const storagePath = await uploadDoc(api.cookies.manager, DOCUMENT_TYPES.pdf, PDF_BYTES, "evidence");
    const saved = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidencePath: storagePath, evidenceName: "Certidão FGTS.pdf", status: "REGULAR", version: withLink.json().version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ evidenceName: "Certidão FGTS.pdf", evidenceType: DOCUMENT_TYPES.pdf, evidenceUrl: "https://www.tesourotransparente.gov.br/cauc" });
    expect(saved.json()).not.toHaveProperty("evidencePath");

    for (const send of [await api.user(), manager, await api.admin()]) {
      const file = await send({ method: "GET", url: `/api/regularity-items/${item.id}/evidence` });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="Certidao FGTS.pdf"/);
      expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    }
    const other = await (await api.otherUser())({ method: "GET", url: `/api/regularity-items/${item.id}/evidence` });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Comprovante não encontrado.");

    // Replacing it removes the old file; null removes the evidence (the link stays).
    const next = await uploadDoc(api.cookies.manager, DOCUMENT_TYPES.docx, await docxBytes("Comprovante"), "evidence");
    const replaced = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidencePath: next, evidenceName: "Comprovante.docx", version: saved.json().version } });
    expect(replaced.json().evidenceType).toBe(DOCUMENT_TYPES.docx);
    expect(await api.ctx.app.storage.files.exists(storagePath)).toBe(false);
    const cleared = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidencePath: null, version: replaced.json().version } });
    expect(cleared.json()).toMatchObject({ evidenceName: null, evidenceType: null, evidenceUrl: "https://www.tesourotransparente.gov.br/cauc" });
    expect(await api.ctx.app.storage.files.exists(next)).toBe(false);
    expect((await manager({ method: "GET", url: `/api/regularity-items/${item.id}/evidence` })).statusCode).toBe(404);
  });

  it("refuses evidence uploaded by someone else or as a model, one without a name (422), and a USER's update (403)", async () => {
    const manager = await api.manager();
    const [item] = (await manager({ method: "GET", url: "/api/regularity-items?kind=CAUC&_start=1&_end=2" })).json() as { id: number }[];
    const byAdmin = await uploadDoc(api.cookies.admin, DOCUMENT_TYPES.pdf, PDF_BYTES, "evidence");
    const asModel = await uploadDoc(api.cookies.admin, DOCUMENT_TYPES.pdf, PDF_BYTES, "model");
    for (const evidencePath of [byAdmin, asModel]) {
      const res = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidencePath, evidenceName: "x.pdf" } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.evidencePath).toBe("Arquivo não encontrado. Envie o arquivo pelo botão de envio antes de salvar.");
    }
    const own = await uploadDoc(api.cookies.manager, DOCUMENT_TYPES.pdf, PDF_BYTES, "evidence");
    const unnamed = await manager({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidencePath: own } });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors.evidenceName).toBe("Informe o nome do arquivo do comprovante.");
    expect((await (await api.user())({ method: "PATCH", url: `/api/regularity-items/${item.id}`, payload: { evidencePath: own, evidenceName: "x.pdf" } })).statusCode).toBe(403);
  });
});
