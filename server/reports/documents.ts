import ExcelJS from "exceljs";
import { brDate, neutralizeFormula } from "../lib/export";
import { pdf } from "../lib/pdf";
import { reportLabels as L } from "../../src/domain/labels/reports";
import type { ReportExportFormat } from "../../src/domain/reports";

/**
 * A report as a document: title, scope, the filters as the person chose them, and its sections (a table
 * each, with a total row). The same description becomes CSV (`;`, decimal comma, UTF-8 with BOM, as
 * Brazilian spreadsheets read it), XLSX (exceljs: a sheet with the filters, then one per section, typed
 * cells) and PDF (pdfmake: landscape A4, standard Helvetica). Every format writes the filters.
 */

export type CellType = "text" | "money" | "integer" | "percent" | "days" | "date";
export type Cell = string | number | null;
export interface ReportSection {
  title: string;
  /** The XLSX sheet's name (31 characters at most, none of : \ / ? * [ ]). */
  sheet: string;
  columns: { header: string; type: CellType }[];
  rows: Cell[][];
  total?: Cell[];
}
export interface ReportDocument {
  title: string;
  scope: string;
  /** [filter name, value as the person reads it]; empty: no filter. */
  filters: [string, string][];
  generatedAt: string;
  sections: ReportSection[];
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const integer = new Intl.NumberFormat("pt-BR");
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

export const filterLine = (doc: ReportDocument) => (doc.filters.length ? doc.filters.map(([k, v]) => `${k}: ${v}`).join(" · ") : L.filters.none);

/** A cell as people read it (PDF): R$ 1.234,56, 1.234, 43,6%, dd/mm/aaaa. */
function shown(value: Cell, type: CellType): string {
  if (value === null || value === "") return "";
  if (type === "money") return brl.format(Number(value));
  if (type === "integer") return integer.format(Number(value));
  if (type === "percent") return percent.format(Number(value));
  if (type === "days") return oneDecimal.format(Number(value));
  if (type === "date") return brDate(String(value));
  return String(value);
}

// ---------- CSV ----------

function csvText(value: string): string {
  const safe = neutralizeFormula(value);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
function csvCell(value: Cell, type: CellType): string {
  if (value === null || value === "") return "";
  if (type === "money") return Number(value).toFixed(2).replace(".", ",");
  if (type === "integer") return String(Math.round(Number(value)));
  if (type === "percent") return (Number(value) * 100).toFixed(1).replace(".", ",");
  if (type === "days") return Number(value).toFixed(1).replace(".", ",");
  if (type === "date") return brDate(String(value));
  return csvText(String(value));
}

export function reportCsv(doc: ReportDocument): Buffer {
  const lines: string[] = [csvText(doc.title), `${csvText(L.scope.company)};${csvText(doc.scope)}`, `${csvText(L.filters.title)};${csvText(filterLine(doc))}`];
  for (const [name, value] of doc.filters) lines.push(`${csvText(name)};${csvText(value)}`);
  lines.push(`${csvText(L.generatedAt)};${csvText(doc.generatedAt)}`);
  for (const section of doc.sections) {
    lines.push("", csvText(section.title), section.columns.map((c) => csvText(c.type === "percent" ? `${c.header} (%)` : c.header)).join(";"));
    for (const row of [...section.rows, ...(section.total ? [section.total] : [])]) lines.push(row.map((cell, i) => csvCell(cell, section.columns[i].type)).join(";"));
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

// ---------- XLSX ----------

const XLSX_FORMATS: Partial<Record<CellType, string>> = { money: '"R$" #,##0.00', integer: "#,##0", percent: "0.0%", days: "0.0", date: "dd/mm/yyyy" };

function xlsxValue(value: Cell, type: CellType): ExcelJS.CellValue {
  if (value === null || value === "") return null;
  if (type === "text") return neutralizeFormula(String(value));
  if (type === "date") return new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
  return Number(value);
}

export async function reportXlsx(doc: ReportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = L.source;
  workbook.title = doc.title;
  const cover = workbook.addWorksheet(L.filters.title);
  cover.columns = [{ width: 32 }, { width: 60 }];
  cover.addRow([doc.title]).font = { bold: true, size: 14 };
  cover.addRow([L.scope.company, doc.scope]);
  cover.addRow([L.filters.title, filterLine(doc)]);
  for (const [name, value] of doc.filters) cover.addRow([name, neutralizeFormula(value)]);
  cover.addRow([L.generatedAt, doc.generatedAt]);
  for (const section of doc.sections) {
    const sheet = workbook.addWorksheet(section.sheet.slice(0, 31));
    sheet.addRow([section.title]).font = { bold: true };
    sheet.addRow([`${L.filters.title}: ${filterLine(doc)}`]);
    const header = sheet.addRow(section.columns.map((c) => c.header));
    header.font = { bold: true };
    section.columns.forEach((c, i) => {
      const column = sheet.getColumn(i + 1);
      column.width = c.type === "text" ? 36 : 18;
      if (XLSX_FORMATS[c.type]) column.numFmt = XLSX_FORMATS[c.type]!;
    });
    for (const row of section.rows) sheet.addRow(row.map((cell, i) => xlsxValue(cell, section.columns[i].type)));
    if (section.total) sheet.addRow(section.total.map((cell, i) => xlsxValue(cell, section.columns[i].type))).font = { bold: true };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------- PDF ----------

export async function reportPdf(doc: ReportDocument): Promise<Buffer> {
  const table = (section: ReportSection) => {
    const align = (type: CellType) => (type === "text" || type === "date" ? "left" : "right");
    const line = (row: Cell[], bold = false) => row.map((cell, i) => ({ text: shown(cell, section.columns[i].type), alignment: align(section.columns[i].type), bold }));
    return [
      { text: section.title, style: "section" },
      {
        table: {
          headerRows: 1,
          widths: section.columns.map((c) => (c.type === "text" ? "*" : "auto")),
          body: [
            section.columns.map((c) => ({ text: c.header, bold: true, fillColor: "#eeeeee", alignment: align(c.type) })),
            ...section.rows.map((row) => line(row)),
            ...(section.total ? [line(section.total, true)] : []),
          ],
        },
        layout: "lightHorizontalLines",
        fontSize: 8,
      },
    ];
  };
  return pdf()
    .createPdf({
      info: { title: doc.title, subject: `${L.filters.title}: ${filterLine(doc)}`, creator: L.source },
      pageOrientation: "landscape",
      pageSize: "A4",
      pageMargins: [36, 36, 36, 36],
      defaultStyle: { font: "Helvetica", fontSize: 9 },
      styles: { title: { fontSize: 15, bold: true }, section: { fontSize: 11, bold: true, margin: [0, 14, 0, 6] } },
      content: [
        { text: doc.title, style: "title" },
        { text: [{ text: `${L.scope.company}: `, bold: true }, doc.scope], margin: [0, 6, 0, 0] },
        { text: [{ text: `${L.filters.title}: `, bold: true }, filterLine(doc)], margin: [0, 2, 0, 0] },
        { text: `${L.generatedAt} ${doc.generatedAt}`, color: "#666666", margin: [0, 2, 0, 0] },
        ...doc.sections.flatMap(table),
      ],
    })
    .getBuffer();
}

export const REPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

export async function renderReport(doc: ReportDocument, format: ReportExportFormat): Promise<Buffer> {
  if (format === "csv") return reportCsv(doc);
  if (format === "xlsx") return reportXlsx(doc);
  return reportPdf(doc);
}

