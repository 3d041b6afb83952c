import { describe, expect, it } from "vitest";
import { CONCURRENT_WRITE, HttpError, fromDatabaseError } from "../../../server/lib/errors";

/** PostgreSQL's answers that are nobody's bad input, turned into a status and a pt-BR message (never a 500). */
describe("fromDatabaseError", () => {
  const pgError = (code: string) => Object.assign(new Error("database"), { code, severity: "ERROR" });

  it.each(["40P01", "40001"])("a write rolled back by a concurrent one (%s) is a 503 that says nothing was saved", (code) => {
    const error = fromDatabaseError(pgError(code));
    expect(error).toBeInstanceOf(HttpError);
    expect(error?.statusCode).toBe(503);
    expect(error?.message).toBe(CONCURRENT_WRITE);
  });

  it("a cancelled statement is a 503 too, and an unknown code is left to the caller", () => {
    expect(fromDatabaseError(pgError("57014"))?.statusCode).toBe(503);
    expect(fromDatabaseError(pgError("XX000"))).toBeUndefined();
  });
});
