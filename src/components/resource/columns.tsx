import type { ReactNode } from "react";
import { Input, Select, type TableColumnType } from "antd";
import type { FilterDropdownProps } from "antd/es/table/interface";
import { FilterDropdown } from "@refinedev/antd";
import { Link } from "@refinedev/core";
import type { Translate } from "@/providers/i18n";
import { fieldValue } from "./field-view";
import type { ColumnSpec } from "./fields";

/** Headers and figures never break mid-word or mid-number ("R$ 3.345.000,0 / 0"); the table scrolls sideways instead. */
const NO_WRAP = { style: { whiteSpace: "nowrap" as const } };
/** A column's `onCell` (or `onHeaderCell`) for figures, dates and document numbers: one line, the table scrolls sideways instead. */
export const oneLineCell = () => NO_WRAP;
const ONE_LINE_TYPES = new Set<ColumnSpec<unknown>["type"]>(["money", "date", "datetime", "integer", "cnpj"]);
/** Texts that wrap at a readable width, whole words only (class `cell-text` in main.css). */
const TEXT_TYPES = new Set<ColumnSpec<unknown>["type"]>([undefined, "text", "longText", "lines"]);

/**
 * A long text cell (objeto, nome): one line wide enough to tell one record from another, the rest
 * behind "…" and the full text on hover (class `cell-ellipsis` in main.css). Drawn inside the cell
 * rather than with antd's column `ellipsis`, which switches the whole table to a fixed layout where
 * every column without a width gets an equal share and its words break ("prorrogaçã o", "29/01/2│025").
 */
export function EllipsisCell({ title, children }: { title: string | undefined; children: ReactNode }) {
  return (
    <div className="cell-ellipsis" title={title}>
      {children}
    </div>
  );
}

/** A free text cell: wraps at a readable width, never inside a word (class `cell-text` in main.css). */
export function TextCell({ children }: { children: ReactNode }) {
  return <div className="cell-text">{children}</div>;
}

/** The cell of a column by its kind: long texts behind "…", other texts wrapped at a readable width, the rest as drawn. */
function shaped<Row>(column: ColumnSpec<Row>, shown: ReactNode, value: unknown): ReactNode {
  if (column.ellipsis) return <EllipsisCell title={typeof value === "string" ? value : undefined}>{shown}</EllipsisCell>;
  if (!column.render && TEXT_TYPES.has(column.type) && typeof value === "string") return <TextCell>{shown}</TextCell>;
  return shown;
}

/**
 * Table columns from field descriptions: header from the label, cell by the field's type, optional
 * sort, link to the record and a header filter. With Refine's `useTable`, a "search" filter must be
 * registered with the `contains` operator (see `columnFilters`) so it is sent as `field_like`.
 */
export function fieldColumns<Row>(columns: ColumnSpec<Row>[], t: Translate): TableColumnType<Row>[] {
  return columns.map((column) => ({
    key: column.name,
    dataIndex: column.name,
    title: t(column.title ?? column.label),
    sorter: column.sorter ? true : undefined,
    fixed: column.fixed,
    align: column.type === "money" ? ("right" as const) : undefined,
    onHeaderCell: () => NO_WRAP,
    onCell: ONE_LINE_TYPES.has(column.type) ? () => NO_WRAP : undefined,
    render: (value: unknown, row: Row) => {
      const shown = column.render ? column.render(row, t) : fieldValue(column, value, t);
      return shaped(column, column.link && value !== null && value !== undefined ? <Link to={column.link(row)}>{shown}</Link> : shown, value);
    },
    ...(column.filter === "search"
      ? {
          filterDropdown: (props: FilterDropdownProps) => (
            <FilterDropdown {...props}>
              <Input placeholder={column.placeholder ? t(column.placeholder) : t("resource.list.search", { field: t(column.label).toLowerCase() })} aria-label={t(column.label)} />
            </FilterDropdown>
          ),
        }
      : {}),
    ...(column.filter === "codes" && column.codes
      ? {
          filterDropdown: (props: FilterDropdownProps) => (
            <FilterDropdown {...props}>
              <Select
                style={{ minWidth: 180 }}
                mode="multiple"
                options={column.codes!.values.map((value) => ({ value, label: t(column.codes!.label(value)) }))}
                placeholder={t(column.label)}
              />
            </FilterDropdown>
          ),
        }
      : {}),
  }));
}

/**
 * The filters `useTable` must know before the first search, so that each header filter goes out
 * with its operator: `contains` (`field_like`, a search) or `in` (`field=a&field=b`).
 */
export function columnFilters<Row>(columns: ColumnSpec<Row>[]) {
  return columns
    .filter((column) => column.filter)
    .map((column) => ({ field: column.name, operator: column.filter === "search" ? ("contains" as const) : ("in" as const), value: undefined }));
}
