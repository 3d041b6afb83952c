import { Document, Packer, Paragraph } from "docx";
import ExcelJS from "exceljs";
import yazl from "yazl";

/** Real documents of every accepted kind, made by the libraries that write them, and look-alikes that are not. */

export const DOCUMENT_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
} as const;

/** A small valid PDF (one empty page). */
export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export async function docxBytes(text = "Ofício modelo"): Promise<Buffer> {
  return Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(text)] }] }));
}

export async function xlsxBytes(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Plano").addRow(["Meta", "Valor"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A ZIP of these entries, in order; `store` entries are kept uncompressed (OpenDocument's mimetype). */
export function zipBytes(entries: { name: string; text: string; store?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(Buffer.from(entry.text), entry.name, { compress: !entry.store });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

/** An OpenDocument package as LibreOffice writes it: `mimetype` first and stored, then the content. */
export const odfBytes = (type: (typeof DOCUMENT_TYPES)["odt" | "ods"]) =>
  zipBytes([
    { name: "mimetype", text: type, store: true },
    { name: "META-INF/manifest.xml", text: '<?xml version="1.0"?><manifest:manifest/>' },
    { name: "content.xml", text: '<?xml version="1.0"?><office:document-content/>' },
  ]);

/** A Word package carrying a VBA project (what a .docm holds), renamed .docx. */
export const docmBytes = () =>
  zipBytes([
    { name: "[Content_Types].xml", text: "<Types/>" },
    { name: "word/document.xml", text: "<w:document/>" },
    { name: "word/vbaProject.bin", text: "Attribute VB_Name" },
  ]);
