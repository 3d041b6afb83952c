/**
 * CSV as Brazilian spreadsheets and the government's own open-data dumps expect it: `;` between
 * fields, a UTF-8 BOM, CRLF lines, quotes only where needed.
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(rows: Row[], columns: CsvColumn<Row>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(";")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(";"));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** `1234.5` → `1234,50` (decimal comma, no thousands separator: parseable and what Excel pt-BR reads). */
export const csvMoney = (value: string | null): string => (value === null ? "" : Number(value).toFixed(2).replace(".", ","));

/** `2025-03-01` → `01/03/2025`. */
export const csvDate = (value: string | null): string => (value ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : "");
