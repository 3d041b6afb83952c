import yauzl from "yauzl";
import type { DocumentContentType, UploadContentType } from "../../src/domain/uploads";

/**
 * What a file really is, from its bytes, never from its name or the type the browser announced.
 * Images by their signature; PDF by `%PDF-`; DOCX/XLSX (Office Open XML) and ODT/ODS (OpenDocument)
 * are ZIP packages, told apart by what the package holds: OOXML's `[Content_Types].xml` with
 * `word/document.xml` or `xl/workbook.xml`, OpenDocument's `mimetype` entry. Only the ZIP's directory
 * and that one small entry are read, never the rest (no decompression bomb reaches us).
 */

const starts = (data: Buffer, bytes: readonly number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/** The content type a file's first bytes prove, among the image types we accept. */
export function sniffImageType(data: Buffer): UploadContentType | null {
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts(data, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(data, [0x47, 0x49, 0x46, 0x38])) return "image/gif";
  if (starts(data, [0x52, 0x49, 0x46, 0x46]) && starts(data, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** What a document's bytes are: one of our types, a package with macros (refused apart), or nothing we accept. */
export type DocumentSniff = { type: DocumentContentType } | { type: null; macros?: true };

const ODF_TYPES: readonly DocumentContentType[] = ["application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet"];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const MAX_ENTRIES = 5000;

interface ZipLook {
  names: Set<string>;
  mimetype: string | null;
}

/** The entry names of a ZIP in memory and the text of its `mimetype` entry (stored, at most 200 bytes); null when it is no valid ZIP. */
function lookInsideZip(data: Buffer): Promise<ZipLook | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return resolve(null);
      const look: ZipLook = { names: new Set(), mimetype: null };
      const done = (result: ZipLook | null) => {
        zip.close();
        resolve(result);
      };
      zip.on("error", () => done(null));
      zip.on("end", () => done(look));
      zip.on("entry", (entry: yauzl.Entry) => {
        look.names.add(entry.fileName);
        if (look.names.size > MAX_ENTRIES) return done(null);
        if (entry.fileName !== "mimetype" || entry.uncompressedSize > 200) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return done(null);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", () => done(null));
          stream.on("end", () => {
            look.mimetype = Buffer.concat(chunks).toString("ascii").trim();
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export async function sniffDocumentType(data: Buffer): Promise<DocumentSniff> {
  if (starts(data, [...Buffer.from("%PDF-")])) return { type: "application/pdf" };
  if (!starts(data, ZIP_LOCAL_HEADER)) return { type: null };
  const look = await lookInsideZip(data);
  if (!look) return { type: null };
  if ([...look.names].some((name) => /(^|\/)vbaProject\.bin$/i.test(name) || /^Basic\//.test(name))) return { type: null, macros: true };
  if (look.mimetype && (ODF_TYPES as readonly string[]).includes(look.mimetype)) return { type: look.mimetype as DocumentContentType };
  if (look.names.has("[Content_Types].xml")) {
    if (look.names.has("word/document.xml")) return { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" };
    if (look.names.has("xl/workbook.xml")) return { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };
  }
  return { type: null };
}
