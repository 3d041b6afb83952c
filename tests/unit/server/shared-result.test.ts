import { describe, expect, it, vi } from "vitest";
import { sharedResult } from "../../../server/lib/shared-result";

describe("sharedResult", () => {
  it("runs one computation for concurrent callers and reuses it until the time is up", async () => {
    let now = 0;
    const shared = sharedResult<number>(60_000, () => now);
    const compute = vi.fn(async () => 42);
    expect(await Promise.all([shared("all", compute), shared("all", compute), shared("all", compute)])).toEqual([42, 42, 42]);
    expect(compute).toHaveBeenCalledTimes(1);
    now = 59_999;
    await shared("all", compute);
    expect(compute).toHaveBeenCalledTimes(1);
    now = 60_000;
    await shared("all", compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("keeps separate keys apart and does not keep a failure", async () => {
    const shared = sharedResult<string>(60_000, () => 0);
    await expect(shared("a", async () => Promise.reject(new Error("falhou")))).rejects.toThrow("falhou");
    expect(await shared("a", async () => "ok")).toBe("ok");
    expect(await shared("b", async () => "outro")).toBe("outro");
  });
});
