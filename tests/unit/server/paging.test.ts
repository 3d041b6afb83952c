import { describe, expect, it } from "vitest";
import type { FastifyReply } from "fastify";
import { COUNT_CAP, TOTAL_CAPPED_HEADER, sendPage } from "../../../server/resources/paging";

/** A reply that only records its headers. */
function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => ((headers[name.toLowerCase()] = value), reply) };
  return { reply: reply as unknown as FastifyReply, headers };
}

const page = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe("a list's total past the cap (issue 36 item 6)", () => {
  it("is exact up to a thousand", () => {
    const { reply, headers } = fakeReply();
    sendPage(reply, page(20), { limit: 20, offset: 0 }, COUNT_CAP, true);
    expect(headers["x-total-count"]).toBe("1000");
    expect(headers[TOTAL_CAPPED_HEADER]).toBeUndefined();
  });

  it("is sent as 1000 with X-Total-Count-Capped beyond it, readable by the browser", () => {
    const { reply, headers } = fakeReply();
    const rows = sendPage(reply, page(20), { limit: 20, offset: 40 }, COUNT_CAP + 1, true);
    expect(rows).toHaveLength(20);
    expect(headers["x-total-count"]).toBe("1000");
    expect(headers[TOTAL_CAPPED_HEADER]).toBe("true");
    expect(headers["access-control-expose-headers"]).toContain("X-Total-Count-Capped");
  });

  it("stays exact when the last page tells it, and when the count was exact (not bounded)", () => {
    const last = fakeReply();
    sendPage(last.reply, page(7), { limit: 20, offset: 1980 }, COUNT_CAP + 1, true);
    expect(last.headers["x-total-count"]).toBe("1987");
    expect(last.headers[TOTAL_CAPPED_HEADER]).toBeUndefined();
    const exact = fakeReply();
    sendPage(exact.reply, page(20), { limit: 20, offset: 0 }, 4321);
    expect(exact.headers["x-total-count"]).toBe("4321");
    expect(exact.headers[TOTAL_CAPPED_HEADER]).toBeUndefined();
  });
});
