import { describe, expect, it } from "vitest";
import { busyShare, figuresOf } from "../../../scripts/audit-admin";

/** A Lighthouse result with only the network requests the figures read. */
const result = (items: { url: string; resourceType: string; networkRequestTime: number; networkEndTime: number; transferSize?: number }[]) => ({
  categories: { performance: { score: 0.8 } },
  audits: { "network-requests": { details: { items } } },
});

describe("the admin audit's figures", () => {
  it("takes the page's data from the HTML that carries it when no request asks for it (the dashboard's summary)", () => {
    const items = [
      { url: "http://localhost:3320/admin/dashboard", resourceType: "Document", networkRequestTime: 100, networkEndTime: 190 },
      { url: "http://localhost:3320/assets/index-1.js", resourceType: "Script", networkRequestTime: 130, networkEndTime: 140, transferSize: 2048 },
      { url: "http://localhost:3320/api/auth/me", resourceType: "Fetch", networkRequestTime: 131, networkEndTime: 170 },
    ];
    const page = { data: /\/api\/dashboard\/summary/, carriedBy: /\/admin\/dashboard$/ };
    expect(figuresOf(result(items), page, 1)).toMatchObject({ dataAtMs: 0, dataDoneMs: 90, sessionAtMs: 31 });
    // A page whose data is asked for keeps that request, even when its HTML is listed first.
    const asked = [...items, { url: "http://localhost:3320/api/dashboard/summary", resourceType: "Fetch", networkRequestTime: 132, networkEndTime: 200 }];
    expect(figuresOf(result(asked), page, 1)).toMatchObject({ dataAtMs: 32, dataDoneMs: 100 });
  });
});

describe("the audit's wait for a quiet machine", () => {
  it("reads the busy share of CPU time between two /proc/stat lines, waiting on disk counted as idle", () => {
    // user nice system idle iowait irq softirq steal: 100 ticks pass, 20 of them busy.
    expect(busyShare("cpu  1000 0 500 8000 100 0 0 0", "cpu  1015 0 505 8070 110 0 0 0")).toBeCloseTo(0.2);
    expect(busyShare("cpu  1000 0 500 8000 100 0 0 0", "cpu  1000 0 500 8000 100 0 0 0")).toBe(0);
  });
});
