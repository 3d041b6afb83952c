import { afterEach, describe, expect, it, vi } from "vitest";
import { http } from "@/lib/http";
import { dataProvider } from "@/providers/data-provider";
import { cappedTotalText, withCappedTotal } from "@/components/resource/list-total";

afterEach(() => vi.restoreAllMocks());

const answer = (headers: Record<string, string>) => ({ data: [{ id: 1 }], headers, status: 200, statusText: "OK", config: {} as never });

describe("a list total the server capped (issue 36 item 6)", () => {
  it("getList passes capped: true beside the total when X-Total-Count-Capped says so", async () => {
    vi.spyOn(http, "get").mockResolvedValue(answer({ "x-total-count": "1000", "x-total-count-capped": "true" }));
    const result = await dataProvider.getList({ resource: "transaction-payments", pagination: { currentPage: 1, pageSize: 20 } });
    expect(result).toMatchObject({ total: 1000, capped: true });
  });

  it("an exact total carries no flag", async () => {
    vi.spyOn(http, "get").mockResolvedValue(answer({ "x-total-count": "37" }));
    const result = await dataProvider.getList({ resource: "transaction-payments", pagination: { currentPage: 1, pageSize: 20 } });
    expect(result.total).toBe(37);
    expect(result).not.toHaveProperty("capped");
  });

  it("the footer says 'mais de 1.000 registros' for a capped total and keeps antd's pager otherwise", () => {
    expect(cappedTotalText(1000)).toBe("mais de 1.000 registros");
    const capped = withCappedTotal({ total: 1000, pageSize: 20 }, { data: [], total: 1000, capped: true });
    expect(capped && capped.showTotal?.(1000, [1, 20])).toBe("mais de 1.000 registros");
    expect(withCappedTotal({ total: 37 }, { data: [], total: 37 })).toEqual({ total: 37 });
  });
});
