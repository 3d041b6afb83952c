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

  it("past its time, answers the last result at once while a single refresh runs behind it", async () => {
    let now = 0;
    const shared = sharedResult<string>(60_000, () => now);
    expect(await shared("all", async () => "primeiro")).toBe("primeiro");
    now = 61_000;
    let finish!: (value: string) => void;
    const slow = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(await shared("all", slow)).toBe("primeiro");
    expect(await shared("all", slow)).toBe("primeiro");
    expect(slow).toHaveBeenCalledTimes(1);
    finish("segundo");
    await Promise.resolve();
    expect(await shared("all", slow)).toBe("segundo");
    expect(slow).toHaveBeenCalledTimes(1);
  });

  it("keeps the last result when a refresh fails, and tries again on the next call", async () => {
    let now = 0;
    const shared = sharedResult<string>(60_000, () => now);
    await shared("all", async () => "bom");
    now = 61_000;
    const failing = vi.fn(async () => Promise.reject(new Error("banco fora do ar")));
    expect(await shared("all", failing)).toBe("bom");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await shared("all", async () => "novo")).toBe("bom");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await shared("all", failing)).toBe("novo");
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it("a result too old to serve is computed afresh, and the caller waits for it", async () => {
    let now = 0;
    const shared = sharedResult<string>(60_000, () => now, 300_000);
    await shared("all", async () => "antigo");
    now = 300_000;
    expect(await shared("all", async () => "atual")).toBe("atual");
  });

  it("keeps separate keys apart and does not keep a failure", async () => {
    const shared = sharedResult<string>(60_000, () => 0);
    await expect(shared("a", async () => Promise.reject(new Error("falhou")))).rejects.toThrow("falhou");
    expect(await shared("a", async () => "ok")).toBe("ok");
    expect(await shared("b", async () => "outro")).toBe("outro");
  });
});
