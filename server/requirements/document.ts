import { AlignmentType, Document, Packer, Paragraph, TextRun } from "docx";
import { renderPdf } from "../lib/pdf";

/**
 * A requirement as a file: DOCX with `docx`, PDF with `pdfmake` (its server build, standard Helvetica,
 * no file or URL access). The heading names the municipality; then date, recipient, subject and body
 * paragraph by paragraph.
 */

export interface RequirementDocument {
  municipality: string;
  uf: string | null;
  /** The document's date, already written out ("São José dos Campos, 23 de novembro de 2026"). */
  dateLine: string;
  recipientName: string;
  subject: string;
  body: string;
}

const paragraphsOf = (text: string) => text.replace(/\r\n/g, "\n").split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
const heading = (doc: RequirementDocument) => `PREFEITURA MUNICIPAL DE ${doc.municipality.toUpperCase()}${doc.uf ? ` – ${doc.uf}` : ""}`;

export async function requirementDocx(doc: RequirementDocument): Promise<Buffer> {
  const lines = (text: string) => text.split("\n").flatMap((line, i) => (i === 0 ? [new TextRun(line)] : [new TextRun({ text: line, break: 1 })]));
  const file = new Document({
    creator: "SOL Transferências",
    title: doc.subject,
    styles: { default: { document: { run: { font: "Arial", size: 24 } } } },
    sections: [
      {
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: heading(doc), bold: true })] }),
          new Paragraph({ alignment: AlignmentType.RIGHT, spacing: { before: 400, after: 400 }, children: [new TextRun(doc.dateLine)] }),
          new Paragraph({ children: [new TextRun({ text: "A(o) ", bold: false }), new TextRun({ text: doc.recipientName, bold: true })] }),
          new Paragraph({ spacing: { before: 200, after: 400 }, children: [new TextRun({ text: "Assunto: ", bold: true }), new TextRun(doc.subject)] }),
          ...paragraphsOf(doc.body).map((p) => new Paragraph({ alignment: AlignmentType.JUSTIFIED, spacing: { after: 200 }, children: lines(p) })),
        ],
      },
    ],
  });
  return Packer.toBuffer(file);
}


export async function requirementPdf(doc: RequirementDocument): Promise<Buffer> {
  return renderPdf({
      info: { title: doc.subject, creator: "SOL Transferências" },
      pageMargins: [70, 60, 60, 60],
      defaultStyle: { font: "Helvetica", fontSize: 11, lineHeight: 1.3 },
      content: [
        { text: heading(doc), bold: true, alignment: "center", margin: [0, 0, 0, 24] },
        { text: doc.dateLine, alignment: "right", margin: [0, 0, 0, 24] },
        { text: [{ text: "A(o) " }, { text: doc.recipientName, bold: true }], margin: [0, 0, 0, 12] },
        { text: [{ text: "Assunto: ", bold: true }, { text: doc.subject }], margin: [0, 0, 0, 24] },
        ...paragraphsOf(doc.body).map((p) => ({ text: p, alignment: "justify", margin: [0, 0, 0, 10] })),
      ],
    });
}
