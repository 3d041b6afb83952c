import { describe, expect, it } from "vitest";
import { isKnownAppPath, pageNotFoundMessage } from "@/domain/routes";

describe("screen paths and their parameters", () => {
  it.each([
    "/",
    "/transparency/sao-jose-dos-campos",
    "/transparency/campinas/indicadores-fiscais",
    "/transparency/campinas/transactions-imposition/info/09032025-079703",
    "/transparency/campinas/transactions-voluntary/info/912345",
    "/admin/auth/login",
    "/admin/dashboard",
    "/admin/companies/edit/7",
    "/admin/companies/7/users/send-invite",
    "/admin/companies/7/users/12",
    "/admin/legislations/3-edit/select-category/add-category",
    "/admin/programs/programs-add/select-grantor/add-grantor",
    "/admin/programs/5-edit/select-grantor/9-edit",
    "/admin/projects/info/15/fundingSource",
    "/admin/proposals/014275%2F2026/entity/46395000000139",
    "/admin/settings/users/3",
    "/admin/transactions-fund-to-fund/info/30882120230006-010014",
    "/admin/transactions-voluntary/info/912345/transaction-payment/create",
    "/admin/transactions-imposition/info/09032025-079703/transaction-payment/44",
    "/admin/transactions-imposition/create",
    "/admin/transactions-imposition/edit/09032025-079703",
    "/admin/transactions-voluntary/create",
    "/admin/transactions-voluntary/edit/912345",
    "/admin/transactions-fund-to-fund/create",
    "/admin/transactions-fund-to-fund/edit/30882120230006-010014",
  ])("accepts %s", (path) => expect(isKnownAppPath(path)).toBe(true));

  it.each([
    "/nada",
    "/admin/nao-existe",
    "/admin/companies/edit/abc",
    "/admin/companies/7/users/abc",
    "/admin/legislations/abc-edit",
    "/admin/projects/info/15/other-tab",
    "/admin/proposals/014275/2026/entity/46395000000139",
    "/admin/transactions-voluntary/info/12ab",
    "/admin/transactions-fund-to-fund/info/123",
    "/admin/transactions-imposition/edit",
    "/admin/transactions-imposition/edit/abc",
    "/admin/transactions-imposition/edit/09032025/079703",
    "/admin/transactions-voluntary/create/912345",
    "/admin/transactions-imposition/info/09032025-079703/edit",
    "/admin/transactions-fund-to-fund/edit/123",
    "/transparency/Campinas",
    "/transparency/campinas/segredo",
  ])("refuses %s (unknown, or a parameter that fails validation)", (path) => expect(isKnownAppPath(path)).toBe(false));

  it("words the not-found message as the spec does", () => {
    expect(pageNotFoundMessage("/nada")).toBe("Page not found: /nada");
  });
});
