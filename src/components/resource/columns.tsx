import { Input, Select, type TableColumnType } from "antd";
import type { FilterDropdownProps } from "antd/es/table/interface";
import { FilterDropdown } from "@refinedev/antd";
import { Link } from "@refinedev/core";
import type { Translate } from "@/providers/i18n";
import { fieldValue } from "./field-view";
import type { ColumnSpec } from "./fields";

/** A long text column (objeto, nome): wide enough to tell one record from another, the rest behind "…" and in the cell's title. */
const ELLIPSIS_WIDTH = 280;
/** Headers and figures never break mid-word or mid-number ("R$ 3.345.000,0 / 0"); the table scrolls sideways instead. */
const NO_WRAP = { style: { whiteSpace: "nowrap" as const } };
const ONE_LINE_TYPES = new Set<ColumnSpec<unknown>["type"]>(["money", "date", "datetime", "integer", "cnpj"]);

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
    ellipsis: column.ellipsis,
    width: column.ellipsis ? ELLIPSIS_WIDTH : undefined,
    fixed: column.fixed,
    align: column.type === "money" ? ("right" as const) : undefined,
    onHeaderCell: () => NO_WRAP,
    onCell: ONE_LINE_TYPES.has(column.type) ? () => NO_WRAP : undefined,
    render: (value: unknown, row: Row) => {
      const shown = column.render ? column.render(row, t) : fieldValue(column, value, t);
      return column.link && value !== null && value !== undefined ? <Link to={column.link(row)}>{shown}</Link> : shown;
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
