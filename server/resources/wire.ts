/**
 * A stored row as it goes on the wire: instants become ISO strings (the row schemas of src/domain
 * describe them as strings; Drizzle reads timestamps as Date). Calendar days and money are already
 * strings. Shallow: rows are flat.
 */
export function toWire<T extends Record<string, unknown>>(row: T): T {
  let copy: Record<string, unknown> | undefined;
  for (const key in row) {
    const value = row[key];
    if (value instanceof Date) {
      copy ??= { ...row };
      copy[key] = value.toISOString();
    }
  }
  return (copy ?? row) as T;
}
