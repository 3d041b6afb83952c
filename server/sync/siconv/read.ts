import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { parse } from "csv-parse";
import iconv from "iconv-lite";
import yauzl from "yauzl";

/**
 * A SICONV dump as a stream of records: a zip holding one CSV (or the CSV itself), `;` separated,
 * fields in double quotes, UTF-8 with a BOM (older dumps: Latin-1, told apart by the bytes). The
 * file is never read whole: bytes flow zip → decoder → parser at the pace the consumer takes them.
 */

/** The CSV inside a zip (the first .csv entry), or the file itself. */
async function openBytes(filePath: string): Promise<Readable> {
  if (!filePath.toLowerCase().endsWith(".zip")) return createReadStream(filePath, { highWaterMark: 1 << 20 });
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, file) => (error ? reject(error) : resolve(file!))));
  return new Promise<Readable>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (!/\.csv$/i.test(entry.fileName)) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream!)));
    });
    zip.on("end", () => reject(new Error("O arquivo zip não contém nenhum .csv.")));
    zip.on("error", reject);
    zip.readEntry();
  });
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Whether `bytes` is UTF-8 (a multi-byte character cut at the end does not count against it). */
export function looksUtf8(bytes: Buffer): boolean {
  let end = bytes.length;
  // Step back over a character the chunk boundary may have cut.
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back];
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

interface TextDecoding {
  write(bytes: Buffer): string;
  end(): string;
}

/** UTF-8 when the head has a BOM or decodes as UTF-8; Latin-1 (iconv-lite) otherwise. */
function decoderFor(head: Buffer): TextDecoding {
  if (head.subarray(0, 3).equals(BOM) || looksUtf8(head)) {
    // Streaming mode keeps a character cut between chunks; the BOM is dropped.
    const utf8 = new TextDecoder("utf-8");
    return { write: (bytes) => utf8.decode(bytes, { stream: true }), end: () => utf8.decode() };
  }
  const latin1 = iconv.getDecoder("latin1");
  return { write: (bytes) => latin1.write(bytes), end: () => latin1.end() ?? "" };
}

/** The dump's text, decided on its first 64 KiB and decoded chunk by chunk. */
async function* textOf(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let head = Buffer.alloc(0);
  let decoder: TextDecoding | undefined;
  for await (const chunk of bytes) {
    if (decoder) {
      yield decoder.write(chunk);
      continue;
    }
    head = Buffer.concat([head, chunk]);
    if (head.length < 65_536) continue;
    decoder = decoderFor(head);
    yield decoder.write(head);
  }
  if (!decoder) {
    decoder = decoderFor(head);
    yield decoder.write(head);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

export interface DumpReader {
  /** The header, as written (upper case). */
  header: string[];
  /** The data records, each an array in header order. */
  records: AsyncIterable<string[]>;
  close(): void;
}

export async function openDump(filePath: string): Promise<DumpReader> {
  const parser = parse({ delimiter: ";", bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
  const bytes = await openBytes(filePath);
  const source = Readable.from(textOf(bytes), { objectMode: false });
  bytes.on("error", (error) => parser.destroy(error));
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  const iterator = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await iterator.next();
  if (first.done) throw new Error("O arquivo está vazio.");
  const header = first.value.map((name) => name.replace(/^\uFEFF/, "").trim().toUpperCase());
  return {
    header,
    records: { [Symbol.asyncIterator]: () => iterator },
    close: () => {
      bytes.destroy();
      source.destroy();
      parser.destroy();
    },
  };
}
