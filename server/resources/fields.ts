import { getTableColumns, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FieldSpec, FieldType } from "./list-query";

/** The filter type of a Drizzle column, from its kind; undefined for columns no list filters (json, bytea). */
export function fieldTypeOf(column: Column): FieldType | undefined {
  const enumValues = (column as { enumValues?: readonly string[] }).enumValues;
  if (enumValues?.length) return "enum";
  switch (column.columnType) {
    case "PgInteger":
    case "PgSmallInt":
    case "PgSerial":
    case "PgSmallSerial":
    case "PgBigInt53":
      return "integer";
    case "PgNumeric":
    case "PgReal":
    case "PgDoublePrecision":
      return "number";
    case "PgDateString":
    case "PgDate":
      return "date";
    case "PgTimestamp":
    case "PgTimestampString":
      return "datetime";
    case "PgBoolean":
      return "boolean";
    case "PgText":
    case "PgVarchar":
    case "PgChar":
      return "string";
    default:
      return undefined;
  }
}

/**
 * The list fields of a table, typed from its columns: the `names` given (row fields), each a column
 * of the table. Enum columns carry their values, so an unknown code is a 400, not a database error.
 */
export function fieldsFromColumns(table: PgTable, names: readonly string[]): Record<string, FieldSpec> {
  const columns = getTableColumns(table);
  const fields: Record<string, FieldSpec> = {};
  for (const name of names) {
    if (!Object.hasOwn(columns, name)) continue;
    const column = columns[name];
    const type = fieldTypeOf(column);
    if (!type) continue;
    const values = (column as { enumValues?: readonly string[] }).enumValues;
    fields[name] = type === "enum" ? { column, type, values } : { column, type };
  }
  return fields;
}
