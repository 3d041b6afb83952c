import { eq, inArray, like } from "drizzle-orm";
import type { Db } from "../client";
import { companies, impositionTransfers, transferInstruments, voluntaryTransfers } from "../schema";
import type { DemoFileStore } from "./demo-accounts";
import { renderPdf } from "../../lib/pdf";

/**
 * The inteiro teor of the instruments of one demo municipality's transfers (PNTP 5.1): every special
 * and voluntary transfer of São José dos Campos has its PDF, so its self-check passes there; the
 * other demo municipalities have none, so the criterion shows failing with its reason.
 */
const WITH_INSTRUMENTS = ["sao-jose-dos-campos"];
/** What the row says until the file is written (then its real size). */
const ESTIMATED_SIZE = 4096;

/** Deterministic paths (owner 0: no uploader), so the files can be written on start. */
const seedPath = (kind: 1 | 2, transferId: number) => `instruments/0/00000000-0000-4000-a000-${kind}${String(transferId).padStart(11, "0")}.pdf`;

export async function seedTransferInstruments(db: Db): Promise<void> {
  const rows = await db.select({ id: companies.id }).from(companies).where(inArray(companies.slug, WITH_INSTRUMENTS));
  for (const { id: companyId } of rows) {
    const special = await db.select({ id: impositionTransfers.id, nr: impositionTransfers.nrTransfer }).from(impositionTransfers).where(eq(impositionTransfers.companyId, companyId));
    const voluntary = await db.select({ id: voluntaryTransfers.id, nr: voluntaryTransfers.nrTransfer }).from(voluntaryTransfers).where(eq(voluntaryTransfers.companyId, companyId));
    const values = [
      ...special.map((t) => ({ companyId, impositionTransferId: t.id, storagePath: seedPath(1, t.id), fileName: `plano-de-acao-${t.nr}.pdf` })),
      ...voluntary.map((t) => ({ companyId, voluntaryTransferId: t.id, storagePath: seedPath(2, t.id), fileName: `termo-de-convenio-${t.nr}.pdf` })),
    ].map((v) => ({ ...v, contentType: "application/pdf", size: ESTIMATED_SIZE }));
    if (values.length) await db.insert(transferInstruments).values(values);
  }
}

/** The demo instrument's text: a short termo naming the transfer (rebuilt from its row on start). */
function instrumentPdf(title: string, lines: string[]): Promise<Buffer> {
  return renderPdf({
    info: { title, creator: "SOL Transferências" },
    pageMargins: [60, 60, 60, 60],
    defaultStyle: { fontSize: 11, lineHeight: 1.3 },
    content: [{ text: title.toUpperCase(), bold: true, fontSize: 14, margin: [0, 0, 0, 12] }, ...lines.map((text) => ({ text, margin: [0, 0, 0, 8] }))],
  });
}

/** On a first start with demo data, the demo instruments' PDFs where their rows point. */
export async function writeDemoInstrumentFiles(db: Db, files: DemoFileStore): Promise<void> {
  const rows = await db
    .select({
      id: transferInstruments.id,
      storagePath: transferInstruments.storagePath,
      municipality: companies.name,
      specialNr: impositionTransfers.nrTransfer,
      specialObject: impositionTransfers.objectName,
      author: impositionTransfers.parliamentarianName,
      voluntaryNr: voluntaryTransfers.nrTransfer,
      voluntaryObject: voluntaryTransfers.object,
    })
    .from(transferInstruments)
    .innerJoin(companies, eq(companies.id, transferInstruments.companyId))
    .leftJoin(impositionTransfers, eq(impositionTransfers.id, transferInstruments.impositionTransferId))
    .leftJoin(voluntaryTransfers, eq(voluntaryTransfers.id, transferInstruments.voluntaryTransferId))
    .where(like(transferInstruments.storagePath, "instruments/0/%"));
  for (const row of rows) {
    if (await files.exists(row.storagePath)) continue;
    const bytes = row.specialNr
      ? await instrumentPdf(`Plano de ação ${row.specialNr}`, [
          `Transferência especial (CF art. 166-A, I) ao Município de ${row.municipality}.`,
          `Autoria: ${row.author ?? "não informada"}.`,
          `Objeto: ${row.specialObject ?? "não informado"}.`,
          "Documento de demonstração gerado pelo SOL Transferências.",
        ])
      : await instrumentPdf(`Termo de convênio ${row.voluntaryNr ?? ""}`, [
          `Convênio entre a União e o Município de ${row.municipality}.`,
          `Objeto: ${row.voluntaryObject ?? "não informado"}.`,
          "Documento de demonstração gerado pelo SOL Transferências.",
        ]);
    await files.create(row.storagePath, bytes);
    await db.update(transferInstruments).set({ size: bytes.length }).where(eq(transferInstruments.id, row.id));
  }
}
