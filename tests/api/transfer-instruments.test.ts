import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { companies, fundTransferPlans, impositionTransfers, transferInstruments, uploads, voluntaryTransfers } from "../../server/db/schema";
import type { TransparencyCheck } from "../../src/domain/transparency-check";
import { demoApi } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES, docxBytes } from "../support/documents";

/**
 * The inteiro teor of a transfer's instrument (issue 34, PNTP 2025 criterion 5.1): a manager attaches
 * the PDF to a special, voluntary or fundo a fundo transfer; the public pages link it while the
 * transfer is published; the self-check counts the published transfers without it.
 */
const api = demoApi({ env: { UPLOAD_DOC_MAX_BYTES: "65536" } });
const db = () => api.ctx.app.db;
const SLUG = "sao-jose-dos-campos";

// Upload links and PUTs are rate-limited per client address: each request here comes from its own.
let client = 0;
const remoteAddress = () => `10.78.${(++client >> 8) & 255}.${client & 255}`;

type Send = ReturnType<typeof api.manager>;
const linkFor = (send: Send, contentType: string, kind = "instrument") =>
  send({ method: "POST", url: "/api/companies/upload-url", payload: { contentType, kind }, remoteAddress: remoteAddress() });
const put = (uploadURL: string, contentType: string, payload: Buffer) =>
  api.ctx.app.inject({ method: "PUT", url: uploadURL, headers: { "content-type": contentType }, payload, remoteAddress: remoteAddress() });

/** A PDF uploaded through the signed link as this person; answers its storage path. */
async function uploadPdf(send: Send = api.manager(), bytes: Buffer = PDF_BYTES): Promise<string> {
  const link = await linkFor(send, DOCUMENT_TYPES.pdf);
  expect(link.statusCode, link.body).toBe(200);
  const stored = await put(link.json().uploadURL, DOCUMENT_TYPES.pdf, bytes);
  expect(stored.statusCode, stored.body).toBe(200);
  return link.json().storagePath as string;
}

async function companyId(slug: string): Promise<number> {
  const [row] = await db().select({ id: companies.id }).from(companies).where(eq(companies.slug, slug));
  return row.id;
}

async function publicSpecial(slug = SLUG) {
  const [row] = await db()
    .select({ id: impositionTransfers.id, nr: impositionTransfers.nrTransfer })
    .from(impositionTransfers)
    .where(and(eq(impositionTransfers.companyId, await companyId(slug)), eq(impositionTransfers.isPublic, true)))
    .orderBy(impositionTransfers.id)
    .limit(1);
  return row;
}

async function publicVoluntary() {
  const [row] = await db()
    .select({ id: voluntaryTransfers.id, nr: voluntaryTransfers.nrTransfer })
    .from(voluntaryTransfers)
    .where(and(eq(voluntaryTransfers.companyId, await companyId(SLUG)), eq(voluntaryTransfers.isPublic, true)))
    .orderBy(voluntaryTransfers.id)
    .limit(1);
  return row;
}

const attach = (send: Send, kind: string, id: number, payload: Record<string, unknown>) => send({ method: "PUT", url: `/api/${kind}/${id}/instrument`, payload });

describe("attaching the inteiro teor of the instrument", () => {
  it("lets a manager attach a PDF to a special transfer, linked and downloadable on its public page and trail, and replace it leaving one file", async () => {
    const transfer = await publicSpecial();
    const first = await uploadPdf();
    const saved = await attach(api.manager(), "imposition-transfers", transfer.id, { storagePath: first, fileName: "Plano de ação assinado.pdf" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().instrument).toMatchObject({ fileName: "Plano de ação assinado.pdf", contentType: "application/pdf", size: PDF_BYTES.length });
    // Anyone of the company reads it.
    expect((await api.user()({ method: "GET", url: `/api/imposition-transfers/${transfer.id}/instrument` })).json().instrument.fileName).toBe("Plano de ação assinado.pdf");
    const file = await api.user()({ method: "GET", url: `/api/imposition-transfers/${transfer.id}/instrument/file` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);

    const url = `/api/public/${SLUG}/imposition-transfers/${transfer.nr}/instrument`;
    const detail = await api.anonymous()({ method: "GET", url: `/api/public/${SLUG}/imposition-transfers/${transfer.nr}` });
    expect(detail.json().instrument).toEqual({ url, size: PDF_BYTES.length });
    const trail = await api.anonymous()({ method: "GET", url: `/api/public/${SLUG}/imposition-transfers/${transfer.nr}/trail` });
    expect(trail.json().instrument).toEqual({ url, size: PDF_BYTES.length });
    const download = await api.anonymous()({ method: "GET", url });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain("attachment;");
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);

    // Replaced: the new file is served, the old one is gone from the store and the ledger.
    const bigger = Buffer.concat([PDF_BYTES, Buffer.from("% segunda versão\n")]);
    const second = await uploadPdf(api.manager(), bigger);
    const replaced = await attach(api.manager(), "imposition-transfers", transfer.id, { storagePath: second, fileName: "Plano de ação v2.pdf" });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().instrument.size).toBe(bigger.length);
    expect((await api.anonymous()({ method: "GET", url })).rawPayload.equals(bigger)).toBe(true);
    expect(await api.ctx.app.storage.files.open(first)).toBeNull();
    expect(await db().select().from(uploads).where(eq(uploads.storagePath, first))).toEqual([]);
    expect(await db().select({ id: transferInstruments.id }).from(transferInstruments).where(eq(transferInstruments.impositionTransferId, transfer.id))).toHaveLength(1);
  });

  it("attaches to a voluntary transfer and a fundo a fundo plan too, and removes it (then the public link is gone and the file a 404)", async () => {
    const voluntary = await publicVoluntary();
    const saved = await attach(api.manager(), "voluntary-transfers", voluntary.id, { storagePath: await uploadPdf(), fileName: "Termo de convênio.pdf" });
    expect(saved.statusCode, saved.body).toBe(200);
    const url = `/api/public/${SLUG}/voluntary-transfers/${voluntary.nr}/instrument`;
    expect((await api.anonymous()({ method: "GET", url: `/api/public/${SLUG}/voluntary-transfers/${voluntary.nr}` })).json().instrument).toEqual({ url, size: PDF_BYTES.length });
    expect((await api.anonymous()({ method: "GET", url })).statusCode).toBe(200);

    const [fund] = await db().select({ id: fundTransferPlans.id }).from(fundTransferPlans).where(eq(fundTransferPlans.companyId, await companyId(SLUG))).limit(1);
    expect(fund, "a demo fundo a fundo plan").toBeDefined();
    const fundSaved = await attach(api.manager(), "fund-to-fund-transfers", fund.id, { storagePath: await uploadPdf(), fileName: "Plano de ação FNS.pdf" });
    expect(fundSaved.statusCode, fundSaved.body).toBe(200);

    const removed = await api.manager()({ method: "DELETE", url: `/api/voluntary-transfers/${voluntary.id}/instrument` });
    expect(removed.statusCode).toBe(204);
    expect((await api.anonymous()({ method: "GET", url: `/api/public/${SLUG}/voluntary-transfers/${voluntary.nr}` })).json().instrument).toBeNull();
    const gone = await api.anonymous()({ method: "GET", url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Inteiro teor do instrumento não encontrado.");
    const again = await api.manager()({ method: "DELETE", url: `/api/voluntary-transfers/${voluntary.id}/instrument` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Inteiro teor do instrumento não encontrado.");
    // Attached again: the demo municipality keeps every published transfer's instrument (the self-check below).
    expect((await attach(api.manager(), "voluntary-transfers", voluntary.id, { storagePath: await uploadPdf(), fileName: "Termo.pdf" })).statusCode).toBe(200);
  });

  it("refuses another file type, a file too big, an upload that is not an instrument's and a bad name, in pt-BR", async () => {
    const transfer = await publicSpecial();
    const docx = await linkFor(api.manager(), DOCUMENT_TYPES.docx);
    expect(docx.statusCode).toBe(422);
    expect(docx.json().errors.contentType).toBe("Envie o inteiro teor do instrumento em PDF.");
    const image = await linkFor(api.manager(), "image/png");
    expect(image.statusCode).toBe(422);
    expect(image.json().errors.contentType).toBe("Envie um documento PDF, DOCX, XLSX, ODT ou ODS.");

    // A PDF link given a DOCX's bytes: the bytes are checked.
    const link = (await linkFor(api.manager(), DOCUMENT_TYPES.pdf)).json() as { uploadURL: string };
    const wrongBytes = await put(link.uploadURL, DOCUMENT_TYPES.pdf, await docxBytes());
    expect(wrongBytes.statusCode).toBe(415);
    expect(wrongBytes.json().message).toMatch(/não é um documento PDF válido/);
    const tooBig = await put((await linkFor(api.manager(), DOCUMENT_TYPES.pdf)).json().uploadURL, DOCUMENT_TYPES.pdf, Buffer.concat([PDF_BYTES, Buffer.alloc(70_000, 32)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toMatch(/^O arquivo tem .* e o limite é 64 KB\. Envie um documento menor\.$/);

    const missing = "Arquivo não encontrado. Envie o arquivo pelo botão de envio antes de salvar.";
    // Never uploaded, and an upload of another kind (a CAUC evidence).
    const notUploaded = await attach(api.manager(), "imposition-transfers", transfer.id, { storagePath: "instruments/1/00000000-0000-4000-8000-000000000000.pdf", fileName: "a.pdf" });
    expect(notUploaded.statusCode).toBe(422);
    expect(notUploaded.json().errors.storagePath).toBe(missing);
    const evidenceLink = (await linkFor(api.manager(), DOCUMENT_TYPES.pdf, "evidence")).json() as { uploadURL: string; storagePath: string };
    expect((await put(evidenceLink.uploadURL, DOCUMENT_TYPES.pdf, PDF_BYTES)).statusCode).toBe(200);
    const otherKind = await attach(api.manager(), "imposition-transfers", transfer.id, { storagePath: evidenceLink.storagePath, fileName: "a.pdf" });
    expect(otherKind.statusCode).toBe(422);
    expect(otherKind.json().errors.storagePath).toBe(missing);
    const badName = await attach(api.manager(), "imposition-transfers", transfer.id, { storagePath: await uploadPdf(), fileName: "a/b.pdf" });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors.fileName).toMatch(/não pode ter/);
    const noPath = await attach(api.manager(), "imposition-transfers", transfer.id, { fileName: "a.pdf" });
    expect(noPath.statusCode).toBe(422);
  });

  it("is for managers of the transfer's own municipality: a USER gets 403, another municipality's transfer 404, an unknown id 404", async () => {
    const transfer = await publicSpecial();
    const userLink = await linkFor(api.user(), DOCUMENT_TYPES.pdf);
    expect(userLink.statusCode).toBe(403);
    expect(userLink.json().message).toBe("Só o administrador ou o gestor do cliente enviam o inteiro teor do instrumento.");
    const byUser = await attach(api.user(), "imposition-transfers", transfer.id, { storagePath: await uploadPdf(), fileName: "a.pdf" });
    expect(byUser.statusCode).toBe(403);
    expect((await api.user()({ method: "DELETE", url: `/api/imposition-transfers/${transfer.id}/instrument` })).statusCode).toBe(403);

    const other = await publicSpecial("campinas");
    const foreign = await attach(api.manager(), "imposition-transfers", other.id, { storagePath: await uploadPdf(), fileName: "a.pdf" });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Transferência especial não encontrada.");
    expect((await api.manager()({ method: "GET", url: `/api/imposition-transfers/${other.id}/instrument/file` })).statusCode).toBe(404);
    const unknown = await attach(api.manager(), "voluntary-transfers", 99_999_999, { storagePath: await uploadPdf(), fileName: "a.pdf" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Transferência voluntária não encontrada.");
    expect((await api.anonymous()({ method: "PUT", url: `/api/imposition-transfers/${transfer.id}/instrument`, payload: {} })).statusCode).toBe(401);
  });
});

describe("the public download", () => {
  it("answers 404 in pt-BR for an unpublished transfer's file, an unpublished portal's and an unknown number", async () => {
    const transfer = await publicSpecial();
    await attach(api.manager(), "imposition-transfers", transfer.id, { storagePath: await uploadPdf(), fileName: "Plano.pdf" });
    const url = `/api/public/${SLUG}/imposition-transfers/${transfer.nr}/instrument`;
    expect((await api.anonymous()({ method: "GET", url })).statusCode).toBe(200);
    const id = await companyId(SLUG);
    try {
      await db().update(impositionTransfers).set({ isPublic: false }).where(eq(impositionTransfers.id, transfer.id));
      const hidden = await api.anonymous()({ method: "GET", url });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe("Inteiro teor do instrumento não encontrado.");
    } finally {
      await db().update(impositionTransfers).set({ isPublic: true }).where(eq(impositionTransfers.id, transfer.id));
    }
    try {
      await db().update(companies).set({ publicPortalEnabled: false }).where(eq(companies.id, id));
      expect((await api.anonymous()({ method: "GET", url })).statusCode).toBe(404);
    } finally {
      await db().update(companies).set({ publicPortalEnabled: true }).where(eq(companies.id, id));
    }
    expect((await api.anonymous()({ method: "GET", url: `/api/public/${SLUG}/imposition-transfers/00000000-000000/instrument` })).statusCode).toBe(404);
    expect((await api.anonymous()({ method: "GET", url: `/api/public/campinas/imposition-transfers/${transfer.nr}/instrument` })).statusCode).toBe(404);
  });
});

describe("the self-check's 5.1 inteiro teor criterion", () => {
  it("passes for the demo municipality, whose every published transfer has it, and names the transfers that lack it with where to fix", async () => {
    const check = async () => {
      const res = await api.manager()({ method: "GET", url: "/api/transparency-check" });
      expect(res.statusCode).toBe(200);
      return (res.json() as TransparencyCheck).criteria.find((c) => c.code === "5.1")!.items.find((i) => i.id === "5.1-instrument")!;
    };
    expect(await check()).toMatchObject({ passed: true, fix: null });
    const transfer = await publicSpecial();
    const [kept] = await db().select().from(transferInstruments).where(eq(transferInstruments.impositionTransferId, transfer.id));
    try {
      await db().delete(transferInstruments).where(eq(transferInstruments.id, kept.id));
      const failing = await check();
      expect(failing.passed).toBe(false);
      expect(failing.reason).toBe(`1 transferência publicada sem o inteiro teor do instrumento: ${transfer.nr}. Anexe o PDF do termo na página de cada transferência.`);
      expect(failing.fix).toEqual({ label: "Abrir as transferências especiais", path: "/admin/transactions-imposition" });
    } finally {
      const { id: _id, ...row } = kept;
      await db().insert(transferInstruments).values(row);
    }
  });

  it("fails for a demo municipality without instruments, counting every published transfer", async () => {
    const [campinas] = await db().select({ id: companies.id, cnpj: companies.cnpj }).from(companies).where(eq(companies.slug, "campinas"));
    const res = await api.admin()({ method: "GET", url: "/api/transparency-check", headers: { "x-company-id": String(campinas.id), "x-company-cnpj": campinas.cnpj } });
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json() as TransparencyCheck).criteria.find((c) => c.code === "5.1")!.items.find((i) => i.id === "5.1-instrument")!;
    expect(item.passed).toBe(false);
    expect(item.reason).toMatch(/^\d+ transferências publicadas sem o inteiro teor do instrumento: .* e mais \d+\./);
  });
});
