import { describe, expect, it } from "vitest";
import type { IResourceItem } from "@refinedev/core";
import { documentTitle } from "@/admin/document-title";
import { adminAreas } from "@/resources";

const resource = (identifier: string): IResourceItem => {
  const found = adminAreas.flatMap((area) => area.resources).find((r) => (r.identifier ?? r.name) === identifier);
  if (!found) throw new Error(identifier);
  return found as IResourceItem;
};

describe("page titles", () => {
  it("fill in the route's parameters from the path, as Refine hands the title only the query's", () => {
    const title = documentTitle({
      resource: resource("imposition-payments"),
      action: "list",
      params: { authComp: "1_46643466000106" },
      pathname: "/admin/transactions-imposition/info/09032025-079703/transaction-payment",
    });
    expect(title).toBe("Pagamentos da transferência 09032025-079703");
  });

  it("name the record of a show page by its decoded id", () => {
    const title = documentTitle({ resource: resource("fund-to-fund-transfers"), action: "show", params: {}, pathname: "/admin/transactions-fund-to-fund/info/30882120230006-010014" });
    expect(title).toBe("Plano fundo a fundo 30882120230006-010014");
  });

  it("call an unknown path 'Página não encontrada'", () => {
    expect(documentTitle({ params: {}, pathname: "/admin/nao-existe" })).toBe("Página não encontrada");
  });
});
