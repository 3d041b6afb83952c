import { inflateSync } from "node:zlib";

/** The text a PDF shows: its content streams inflated, the hex strings of its text operators decoded (WinAnsi). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let text = "";
  for (let at = raw.indexOf("stream\n"); at >= 0; at = raw.indexOf("stream\n", at + 1)) {
    const end = raw.indexOf("\nendstream", at);
    if (end < 0) break;
    try {
      const content = inflateSync(pdf.subarray(at + 7, end)).toString("latin1");
      for (const [, hex] of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(hex, "hex").toString("latin1");
    } catch {
      // not a compressed content stream (fonts, images)
    }
    at = end;
  }
  return text;
}

/** How many pages a PDF has (its page tree's /Count). */
export function pdfPageCount(pdf: Buffer): number {
  const counts = [...pdf.toString("latin1").matchAll(/\/Type \/Pages[\s\S]*?\/Count (\d+)/g)].map((m) => Number(m[1]));
  return Math.max(0, ...counts);
}
