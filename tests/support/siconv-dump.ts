import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import yazl from "yazl";
import iconv from "iconv-lite";

/**
 * The SICONV dump extract of tests/fixtures/siconv (the published format: UTF-8 with a BOM, `;`,
 * every field in double quotes, `1.234,56`, `dd/mm/yyyy`), zipped as the download page serves it,
 * and a multipart body to upload it.
 */

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "siconv");

export const fixtureCsv = (table: string): Buffer => readFileSync(path.join(FIXTURES, `siconv_${table}.csv`));

/** The same text as an older Latin-1 dump (no BOM). */
export const asLatin1 = (csv: Buffer): Buffer => iconv.encode(csv.toString("utf8").replace(/^\uFEFF/, ""), "latin1");

/** A zip holding one CSV, as `siconv_<table>.zip` is published. */
export function zipOf(entryName: string, content: Buffer): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(content, entryName);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

export async function zippedFixture(table: string, transform: (csv: Buffer) => Buffer = (csv) => csv): Promise<{ name: string; content: Buffer }> {
  return { name: `siconv_${table}.zip`, content: await zipOf(`siconv_${table}.csv`, transform(fixtureCsv(table))) };
}

/** A multipart/form-data body with each file under the field `file`. */
export function multipart(files: { name: string; content: Buffer; field?: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sol${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: application/zip\r\n\r\n`),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
