import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";

/** One column of a spreadsheet export: pt-BR header and how to read the value off a row. */
export interface ExportColumn<Row> {
  header: string;
  type: "text" | "money" | "date" | "integer";
  value: (row: Row) => string | number | null | undefined;
  width?: number;
}

export type ExportFormat = "csv" | "xlsx";

/** Reads all rows of the filtered set in pages, so a large export never sits in memory whole. */
export type PageReader<Row> = (offset: number, limit: number) => Promise<Row[]>;

const BATCH = 2000;

async function* allRows<Row>(read: PageReader<Row>): AsyncGenerator<Row> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await read(offset, BATCH);
    yield* rows;
    if (rows.length < BATCH) return;
  }
}

/** `2025-03-07` → `07/03/2025` (dates are calendar days; no time zone shift). */
export function brDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/** Characters a spreadsheet reads as the start of a formula (or that hide one after them). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet must show as text, never run: one that opens like a formula gets a
 * leading apostrophe (OWASP "CSV injection"). Applied to every text value of every export, CSV and
 * XLSX, admin and public; numbers, money and dates are typed and never pass through here.
 */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvCell(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvValue<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null || value === undefined || value === "") return "";
  if (column.type === "money") return Number(value).toFixed(2).replace(".", ",");
  if (column.type === "date") return brDate(String(value));
  // A count is a number, even a negative one: only text can carry a formula.
  if (column.type === "integer" && /^-?\d+$/.test(String(value))) return String(value);
  return csvCell(neutralizeFormula(String(value)));
}

/**
 * CSV the way Brazilian spreadsheets and the SICONV dumps read it: UTF-8 with BOM, `;` separator,
 * dates dd/mm/aaaa and decimal comma.
 */
export function csvStream<Row>(columns: ExportColumn<Row>[], read: PageReader<Row>): Readable {
  const out = new PassThrough();
  (async () => {
    out.write(`\uFEFF${columns.map((c) => csvCell(c.header)).join(";")}\r\n`);
    for await (const row of allRows(read)) {
      if (!out.write(`${columns.map((c) => csvValue(c, row)).join(";")}\r\n`)) await new Promise((r) => out.once("drain", r));
    }
    out.end();
  })().catch((error) => out.destroy(error as Error));
  return out;
}

const MONEY_FORMAT = '"R$" #,##0.00';

/** XLSX through exceljs' streaming writer: typed cells (numbers, dates) with pt-BR formats. */
export function xlsxStream<Row>(sheetName: string, columns: ExportColumn<Row>[], read: PageReader<Row>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? (c.type === "money" ? 18 : c.type === "date" ? 12 : 24),
    style: c.type === "money" ? { numFmt: MONEY_FORMAT } : c.type === "date" ? { numFmt: "dd/mm/yyyy" } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    for await (const row of allRows(read)) {
      sheet
        .addRow(
          columns.map((c) => {
            const value = c.value(row);
            if (value === null || value === undefined || value === "") return null;
            if (c.type === "money" || c.type === "integer") return Number(value);
            if (c.type === "date") return new Date(`${String(value).slice(0, 10)}T00:00:00Z`);
            return neutralizeFormula(String(value));
          }),
        )
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error) => out.destroy(error as Error));
  return out;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
