import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { ResourceContext, matchResourceFromRoute, type IResourceItem } from "@refinedev/core";
import baseRouterProvider from "@refinedev/react-router";
import { matchResource, routerProvider } from "@/admin/router-provider";

const resources: IResourceItem[] = [
  { name: "imposition-transfers", list: "/admin/transactions-imposition", create: "/admin/transactions-imposition/new", show: "/admin/transactions-imposition/info/:id", edit: "/admin/transactions-imposition/edit/:id" },
  { name: "payments", list: "/admin/transactions-imposition/info/:transferId/payments", show: "/admin/payments/:id" },
  { name: "companies", list: "/admin/companies", edit: "/admin/companies/edit/:id" },
];

const parseAt = (useParse: () => () => unknown, url: string) => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      <ResourceContext.Provider value={{ resources }}>{children}</ResourceContext.Provider>
    </MemoryRouter>
  );
  return renderHook(() => useParse()(), { wrapper }).result.current;
};

describe("the router provider's parse", () => {
  it.each([
    "/admin/transactions-imposition",
    "/admin/transactions-imposition/info/09032025-079703?authComp=7_46643466000106",
    "/admin/transactions-imposition/info/12/payments?currentPage=2&pageSize=20&filters[0][field]=status&filters[0][value]=PAID",
    "/admin/companies/edit/3?to=%2Fadmin%2Fdashboard",
    "/admin/dashboard?sorters[0][field]=id&sorters[0][order]=desc",
  ])("answers %s exactly as Refine's react-router binding does", (url) => {
    expect(parseAt(routerProvider.parse!, url)).toEqual(parseAt(baseRouterProvider.parse!, url));
  });

  it("matches a path against the resources once, however many hooks ask", () => {
    const first = matchResource("/admin/companies/edit/3", resources);
    expect(first).toEqual(matchResourceFromRoute("/admin/companies/edit/3", resources));
    expect(first.resource?.name).toBe("companies");
    expect(matchResource("/admin/companies/edit/3", resources)).toBe(first);
    // Another list of resources (the app's changed) is matched afresh.
    expect(matchResource("/admin/companies/edit/3", [...resources])).not.toBe(first);
  });

  it("remembers a bounded number of paths, however many records a long session opens", () => {
    const own = [...resources];
    const first = matchResource("/admin/companies/edit/1", own);
    for (let id = 2; id <= 100; id++) matchResource(`/admin/companies/edit/${id}`, own);
    const again = matchResource("/admin/companies/edit/1", own);
    expect(again).not.toBe(first); // forgotten, matched afresh
    expect(again).toEqual(first);
  });
});
