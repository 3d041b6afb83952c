import { describe, expect, it } from "vitest";
import { matchPath } from "react-router";
import { routeParam } from "@/lib/use-route-param";

describe("a route parameter written inside a segment with a suffix", () => {
  it("reads the id before the suffix of the spec's `{programId}-edit` paths", () => {
    const params = matchPath({ path: "/admin/programs/:id-edit", end: false }, "/admin/programs/12-edit")!.params;
    expect(routeParam(params, "id")).toBe("12");
    const nested = matchPath("/admin/programs/12-edit/select-grantor/:grantorId-edit", "/admin/programs/12-edit/select-grantor/9-edit")!.params;
    expect(routeParam(nested, "grantorId")).toBe("9");
  });

  it("reads plain parameters as they are and refuses a segment without the suffix", () => {
    expect(routeParam({ nrProposal: "014275/2026" }, "nrProposal")).toBe("014275/2026");
    expect(routeParam({ "id-edit": "12" }, "id")).toBeUndefined();
    expect(routeParam({}, "id")).toBeUndefined();
  });
});
