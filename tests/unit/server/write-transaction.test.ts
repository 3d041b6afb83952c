import { describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/client";
import { WRITE_ATTEMPTS, writeTransaction } from "../../../server/db/write-transaction";

/** A database whose transactions fail with the given PostgreSQL codes, one per attempt, then succeed. */
function failingDb(codes: string[]) {
  let attempts = 0;
  const db = {
    async transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> {
      attempts++;
      const code = codes.shift();
      // As drizzle reports it: the driver's error as the cause.
      if (code) throw Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("database"), { code }) });
      return work({});
    },
  } as unknown as Db;
  return { db, attempts: () => attempts };
}

describe("writeTransaction", () => {
  it.each(["40P01", "40001"])("does the write again when a concurrent one rolled it back (%s)", async (code) => {
    const { db, attempts } = failingDb([code, code]);
    expect(await writeTransaction(db, async () => "salvo")).toBe("salvo");
    expect(attempts()).toBe(3);
  });

  it("gives up after the last attempt, with the database's error", async () => {
    const { db, attempts } = failingDb(Array(WRITE_ATTEMPTS + 1).fill("40P01"));
    await expect(writeTransaction(db, async () => "salvo")).rejects.toMatchObject({ cause: { code: "40P01" } });
    expect(attempts()).toBe(WRITE_ATTEMPTS);
  });

  it("never repeats a write that failed for any other reason", async () => {
    const { db, attempts } = failingDb(["23505"]);
    await expect(writeTransaction(db, async () => "salvo")).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(attempts()).toBe(1);
  });
});
