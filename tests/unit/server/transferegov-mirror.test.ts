import { describe, expect, it } from "vitest";
import { sameValue } from "../../../server/sync/transferegov/client";
import { MIRRORED, lookupKey } from "../../../server/sync/transferegov/mirror";
import { LIST_FILTERS, columnsOf, type TableName } from "../../../server/sync/transferegov/tables";

describe("the national mirror's lookup keys", () => {
  it("files a code that lost its leading zeros and a formatted CNPJ under the same key as the value the sync sends", () => {
    expect(lookupKey(903)).toBe(lookupKey("0903"));
    expect(lookupKey("46.643.466/0001-06")).toBe(lookupKey("46643466000106"));
    expect(lookupKey(" 4471 ")).toBe("4471");
    expect(lookupKey(0)).toBe("0");
  });

  it("has no key for an empty value, so a row without its lookup column is refused", () => {
    expect(lookupKey(null)).toBeNull();
    expect(lookupKey(undefined)).toBeNull();
    expect(lookupKey("  ")).toBeNull();
  });

  it("keeps different text apart, as the API's filter does", () => {
    expect(lookupKey("1234-5")).toBe(lookupKey("12345"));
    expect(lookupKey("AG-1")).not.toBe(lookupKey("AG-2"));
    for (const [a, b] of [["0903", "903"], ["46.643.466/0001-06", "46643466000106"]]) expect(sameValue(a, b)).toBe(lookupKey(a) === lookupKey(b));
  });

  it("mirrors only single-valued especiais tables, each looked up by one of its columns", () => {
    for (const [table, spec] of Object.entries(MIRRORED) as [TableName, { lookup: string; id?: readonly string[] }][]) {
      expect(table.startsWith("especiais/"), table).toBe(true);
      expect(LIST_FILTERS[table], table).toBeUndefined();
      expect(columnsOf(table), table).toContain(spec.lookup);
      for (const id of spec.id ?? []) expect(columnsOf(table), table).toContain(id);
    }
  });
});
