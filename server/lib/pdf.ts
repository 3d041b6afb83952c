import { createRequire } from "node:module";

/**
 * PDFs with `pdfmake` (its server build): standard Helvetica only, no file or URL access, so a
 * document definition can never make the server read anything.
 */

/** The part of pdfmake's server build used here (its bundled types describe the 0.2 browser API). */
interface PdfMake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(definition: object): { getBuffer(): Promise<Buffer> };
}

/** PDF's standard Helvetica, built into pdfkit: the only "files" a document may name. */
const HELVETICA = { normal: "Helvetica", bold: "Helvetica-Bold", italics: "Helvetica-Oblique", bolditalics: "Helvetica-BoldOblique" };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));

let pdfmake: PdfMake | undefined;
export function pdf(): PdfMake {
  if (!pdfmake) {
    pdfmake = createRequire(import.meta.url)("pdfmake") as PdfMake;
    pdfmake.setFonts({ Helvetica: HELVETICA });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
  }
  return pdfmake;
}

/** A pdfmake document definition as a PDF; the default font is Helvetica. */
export function renderPdf(definition: { defaultStyle?: object } & Record<string, unknown>): Promise<Buffer> {
  return pdf()
    .createPdf({ ...definition, defaultStyle: { font: "Helvetica", ...definition.defaultStyle } })
    .getBuffer();
}
