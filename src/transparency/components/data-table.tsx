import type { ReactNode } from "react";
import { transparency as t } from "@/locales/pt-BR/transparency";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
}

interface DataTableProps<Row> {
  caption: ReactNode;
  /** Visually hide the caption when a heading already says it. */
  hideCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string;
  /** Scrollable region label; tables wider than a phone scroll sideways inside it. */
  regionLabel: string;
  busy?: boolean;
}

/** A real <table> with caption and header scopes, inside a keyboard-scrollable region for small screens. */
export function DataTable<Row>({ caption, hideCaption, columns, rows, rowKey, regionLabel, busy }: DataTableProps<Row>) {
  return (
    <div className="tp-table-wrap" role="region" aria-label={t.list.tableOf(regionLabel)} tabIndex={0}>
      <table className="tp-table" aria-busy={busy || undefined}>
        <caption className={hideCaption ? "tp-sr-only" : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? "tp-num" : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" className={c.numeric ? "tp-num" : undefined}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={c.numeric ? "tp-num" : undefined}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
