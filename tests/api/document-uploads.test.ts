import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "../../server/storage/serve";
import { sniffDocumentType } from "../../server/storage/sniff";
import { PNG_BYTES, demoApi } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES, docmBytes, docxBytes, odfBytes, xlsxBytes, zipBytes } from "../support/documents";

/**
 * Documents through the signed-upload service (issue 13): PDF, DOCX, XLSX, ODT and ODS for document
 * models (ADMIN) and evidence (MANAGER, ADMIN), up to UPLOAD_DOC_MAX_BYTES, the type proved by the bytes.
 */
let skew = 0;
const api = demoApi({ now: () => Date.now() + skew, env: { UPLOAD_DOC_MAX_BYTES: "65536", UPLOAD_PENDING_MAX: "12" } });
type Kind = "model" | "evidence" | "avatar" | "logo";

// Upload links and PUTs are rate-limited per client address (30 a minute): each request here comes from its own.
let client = 0;
const remoteAddress = () => `10.77.${(++client >> 8) & 255}.${client & 255}`;
const urlFor = async (send: ReturnType<typeof api.admin>, contentType: string, kind: Kind = "model") =>
  send({ method: "POST", url: "/api/companies/upload-url", payload: { contentType, kind }, remoteAddress: remoteAddress() });
const put = (uploadURL: string, contentType: string, payload: Buffer | string) =>
  api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": contentType }, payload, remoteAddress: remoteAddress() });
/** A link of this type for a model, as ADMIN, then the bytes PUT to it. */
async function send(contentType: string, payload: Buffer | string, sentAs = contentType) {
  const link = await urlFor(api.admin(), contentType);
  expect(link.statusCode, link.body).toBe(200);
  return { link: link.json() as { uploadURL: string; storagePath: string; maxBytes: number }, res: await put(link.json().uploadURL, sentAs, payload) };
}

describe("document uploads: the signed link", () => {
  it("stores a real PDF, DOCX, XLSX, ODT and ODS under models/, each checked by its bytes, with the document limit", async () => {
    const files: [string, Buffer][] = [
      [DOCUMENT_TYPES.pdf, PDF_BYTES],
      [DOCUMENT_TYPES.docx, await docxBytes()],
      [DOCUMENT_TYPES.xlsx, await xlsxBytes()],
      [DOCUMENT_TYPES.odt, await odfBytes(DOCUMENT_TYPES.odt)],
      [DOCUMENT_TYPES.ods, await odfBytes(DOCUMENT_TYPES.ods)],
    ];
    for (const [contentType, bytes] of files) {
      const { link, res } = await send(contentType, bytes);
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(200);
      expect(link.maxBytes).toBe(65536);
      expect(link.storagePath).toMatch(/^models\/\d+\/[0-9a-f-]{36}\.(pdf|docx|xlsx|odt|ods)$/);
      expect(res.json()).toEqual({ storagePath: link.storagePath, contentType, size: bytes.length });
    }
  });

  it("refuses a type the kind does not take (422 on contentType, in pt-BR) and an unknown kind", async () => {
    const image = await urlFor(api.admin(), "image/png", "model");
    expect(image.statusCode).toBe(422);
    expect(image.json().errors.contentType).toBe("Envie um documento PDF, DOCX, XLSX, ODT ou ODS.");
    for (const contentType of ["application/msword", "text/html", "application/zip", "application/x-msdownload"]) {
      expect((await urlFor(api.admin(), contentType, "evidence")).json().errors.contentType, contentType).toBe("Envie um documento PDF, DOCX, XLSX, ODT ou ODS.");
    }
    const pdfAvatar = await urlFor(api.user(), DOCUMENT_TYPES.pdf, "avatar");
    expect(pdfAvatar.statusCode).toBe(422);
    expect(pdfAvatar.json().errors.contentType).toBe("Envie uma imagem PNG, JPEG, WebP ou GIF.");
    const kind = await api.admin()({ method: "POST", url: "/api/companies/upload-url", payload: { contentType: DOCUMENT_TYPES.pdf, kind: "script" } });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().errors.kind).toBe("Tipo de envio inválido: use logo, avatar, model, evidence, accountability, project-photo, project-document ou instrument.");
  });

  it("gives model links to ADMIN only and evidence links to MANAGER and ADMIN (403 in pt-BR), none without a session (401)", async () => {
    for (const role of ["manager", "user"] as const) {
      const res = await urlFor(api[role](), DOCUMENT_TYPES.pdf, "model");
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe("Só o administrador (consultoria) envia modelos de documentos.");
    }
    const userEvidence = await urlFor(api.user(), DOCUMENT_TYPES.pdf, "evidence");
    expect(userEvidence.statusCode).toBe(403);
    expect(userEvidence.json().message).toBe("Só o administrador ou o gestor do cliente enviam comprovantes.");
    const managerEvidence = await urlFor(api.manager(), DOCUMENT_TYPES.pdf, "evidence");
    expect(managerEvidence.statusCode).toBe(200);
    expect(managerEvidence.json().storagePath).toMatch(/^evidence\//);
    expect((await urlFor(api.anonymous(), DOCUMENT_TYPES.pdf, "model")).statusCode).toBe(401);
  });
});

describe("document uploads: the PUT checks the bytes, not the name or the announced type", () => {
  it("refuses a PUT whose Content-Type differs from the signed one (415)", async () => {
    const { res } = await send(DOCUMENT_TYPES.docx, PDF_BYTES, DOCUMENT_TYPES.pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(
      `Este link aceita apenas documentos DOCX (Content-Type ${DOCUMENT_TYPES.docx}); o envio veio como ${DOCUMENT_TYPES.pdf}.`,
    );
  });

  it("refuses bytes that are not the signed document, naming what they are when it is another document (415)", async () => {
    const cases: [string, Buffer | string, string][] = [
      [DOCUMENT_TYPES.pdf, PNG_BYTES, "O conteúdo do arquivo não é um documento PDF válido."],
      [DOCUMENT_TYPES.pdf, "<html><script>alert(1)</script></html>", "O conteúdo do arquivo não é um documento PDF válido."],
      [DOCUMENT_TYPES.docx, await xlsxBytes(), "O conteúdo do arquivo não é um documento DOCX válido (o conteúdo é de um XLSX)."],
      [DOCUMENT_TYPES.xlsx, PDF_BYTES, "O conteúdo do arquivo não é um documento XLSX válido (o conteúdo é de um PDF)."],
      [DOCUMENT_TYPES.odt, await odfBytes(DOCUMENT_TYPES.ods), "O conteúdo do arquivo não é um documento ODT válido (o conteúdo é de um ODS)."],
      [DOCUMENT_TYPES.docx, await zipBytes([{ name: "leia.txt", text: "não é um documento" }]), "O conteúdo do arquivo não é um documento DOCX válido."],
      [DOCUMENT_TYPES.docx, Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(200, 7)]), "O conteúdo do arquivo não é um documento DOCX válido."],
    ];
    for (const [contentType, payload, message] of cases) {
      const { link, res } = await send(contentType, payload);
      expect(res.statusCode, message).toBe(415);
      expect(res.json().message).toBe(message);
      // Nothing is kept of a refused file: the link can still be used for the right one.
      expect((await api.admin()({ method: "GET", url: `/api/files/${link.storagePath}` })).statusCode).toBe(404);
    }
  });

  it("refuses a Word package with macros, even named .docx (415)", async () => {
    const { res } = await send(DOCUMENT_TYPES.docx, await docmBytes());
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Documentos com macros não são aceitos. Salve o arquivo sem macros (DOCX, XLSX, ODT ou ODS) e envie de novo.");
    expect(await sniffDocumentType(await docmBytes())).toEqual({ type: null, macros: true });
  });

  it("refuses an empty file (422) and one over UPLOAD_DOC_MAX_BYTES (413), saying the limit", async () => {
    const empty = await send(DOCUMENT_TYPES.pdf, Buffer.alloc(0));
    expect(empty.res.statusCode).toBe(422);
    expect(empty.res.json().message).toBe("O arquivo está vazio.");
    const big = await send(DOCUMENT_TYPES.pdf, Buffer.concat([PDF_BYTES, Buffer.alloc(70_000, 32)]));
    expect(big.res.statusCode).toBe(413);
    expect(big.res.json().message).toBe("O arquivo tem 69 KB e o limite é 64 KB. Envie um documento menor.");
  });

  it("refuses a reused link (409), a tampered one (403) and an expired one (403)", async () => {
    const { link, res } = await send(DOCUMENT_TYPES.pdf, PDF_BYTES);
    expect(res.statusCode).toBe(200);
    const again = await put(link.uploadURL, DOCUMENT_TYPES.pdf, PDF_BYTES);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Este link de envio já foi usado. Gere um novo link para enviar outro arquivo.");
    const fresh = (await urlFor(api.admin(), DOCUMENT_TYPES.pdf)).json();
    const asEvidence = fresh.uploadURL.replace(/\/models\//, "/evidence/");
    expect((await put(asEvidence, DOCUMENT_TYPES.pdf, PDF_BYTES)).json().message).toMatch(/^Link de envio inválido/);
    const larger = fresh.uploadURL.replace(/maxBytes=\d+/, "maxBytes=99999999");
    expect((await put(larger, DOCUMENT_TYPES.pdf, PDF_BYTES)).statusCode).toBe(403);
    skew = 11 * 60 * 1000;
    const expired = await put(fresh.uploadURL, DOCUMENT_TYPES.pdf, PDF_BYTES);
    skew = 0;
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe("O link de envio expirou. Gere um novo link e envie o arquivo novamente.");
  });
});

describe("document uploads: serving, quota and clean-up", () => {
  it("never serves a document from the public /api/files path (documents go through their record), and names downloads safely", async () => {
    const { link } = await send(DOCUMENT_TYPES.pdf, PDF_BYTES);
    for (const send of [api.anonymous(), api.admin()]) {
      const res = await send({ method: "GET", url: `/api/files/${link.storagePath}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Arquivo não encontrado.");
    }
    expect(attachmentDisposition("Ofício – pedido de prorrogação.docx")).toBe(
      `attachment; filename="Oficio _ pedido de prorrogacao.docx"; filename*=UTF-8''${encodeURIComponent("Ofício – pedido de prorrogação.docx")}`,
    );
    expect(attachmentDisposition('a"b\r\nc.pdf')).toMatch(/^attachment; filename="a_b__c.pdf"/);
  });

  it("removes a document never attached after UPLOAD_PENDING_HOURS, and counts documents in the company's quota (429)", async () => {
    const { link } = await send(DOCUMENT_TYPES.pdf, PDF_BYTES);
    skew = 25 * 60 * 60 * 1000;
    const removed = await api.ctx.app.cleanUploads();
    skew = 0;
    expect(removed).toContain(link.storagePath);
    expect(await api.ctx.app.storage.files.exists(link.storagePath)).toBe(false);

    // The MANAGER's company pool: 12 unattached evidence files, then the 13th link is refused.
    for (let i = 0; i < 12; i++) {
      const url = (await urlFor(api.manager(), DOCUMENT_TYPES.pdf, "evidence")).json();
      expect((await put(url.uploadURL, DOCUMENT_TYPES.pdf, PDF_BYTES)).statusCode).toBe(200);
    }
    const refused = await urlFor(api.manager(), DOCUMENT_TYPES.pdf, "evidence");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Há 12 arquivos enviados e ainda não usados neste cliente \(o limite é 12\)/);
  });
});
