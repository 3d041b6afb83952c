import { describe, expect, it } from "vitest";
import { carriesAuthComp, parseAuthComp, withAuthComp } from "@/lib/auth-comp";
import { goWithAuthComp } from "@/admin/router-provider";

describe("parseAuthComp", () => {
  it("reads {companyId}_{cnpj}", () => {
    expect(parseAuthComp("7_46643466000106")).toEqual({ companyId: "7", cnpj: "46643466000106" });
  });
  it.each([null, "", "7", "7_", "_46643466000106", "7_4664_3466"])("ignores %j (not two parts)", (value) => {
    expect(parseAuthComp(value)).toBeNull();
  });
});

describe("withAuthComp (links the product builds)", () => {
  const current = "?authComp=7_46643466000106&page=2";

  it("carries authComp from the current route onto an admin target", () => {
    expect(withAuthComp("/admin/transactions-imposition", current)).toBe("/admin/transactions-imposition?authComp=7_46643466000106");
  });
  it("keeps the target's own query and hash", () => {
    expect(withAuthComp("/admin/projects?status=ok#x", current)).toBe("/admin/projects?status=ok&authComp=7_46643466000106#x");
  });
  it("leaves a target that already has authComp alone", () => {
    expect(withAuthComp("/admin/dashboard?authComp=1_51885242000140", current)).toBe("/admin/dashboard?authComp=1_51885242000140");
  });
  it.each(["/admin/companies", "/admin/companies/3/users", "/admin/auth/login", "/admin/auth/logout"])("does not carry it to %s", (to) => {
    expect(withAuthComp(to, current)).toBe(to);
  });
  it("does nothing when the current route has no authComp", () => {
    expect(withAuthComp("/admin/dashboard", "?page=2")).toBe("/admin/dashboard");
  });
  it("does not add it to the public site", () => {
    expect(carriesAuthComp("/transparency/campinas")).toBe(false);
  });
});

describe("goWithAuthComp (Refine navigation)", () => {
  it("adds authComp to the query of an admin navigation", () => {
    expect(goWithAuthComp({ to: "/admin/profile", query: { tab: "a" } }, "?authComp=7_46643466000106")).toEqual({
      to: "/admin/profile",
      query: { tab: "a", authComp: "7_46643466000106" },
    });
  });
  it("skips companies and navigations that already name one", () => {
    const search = "?authComp=7_46643466000106";
    expect(goWithAuthComp({ to: "/admin/companies" }, search)).toEqual({ to: "/admin/companies" });
    expect(goWithAuthComp({ to: "/admin/dashboard", query: { authComp: "1_x" } }, search)).toEqual({ to: "/admin/dashboard", query: { authComp: "1_x" } });
  });
});

describe("goWithAuthComp (targets built as text, with a query of their own)", () => {
  const search = "?authComp=7_46643466000106";

  it("carries authComp inside the target's own query string, where Refine would otherwise write a second '?'", () => {
    expect(goWithAuthComp({ to: "/admin/quotes/create?projectId=5" }, search)).toEqual({ to: "/admin/quotes/create?projectId=5&authComp=7_46643466000106" });
  });
  it("leaves a navigation without a target (a list's own filters and pages) to Refine's keepQuery", () => {
    const config = { query: { currentPage: 2 }, options: { keepQuery: true } };
    expect(goWithAuthComp(config, search)).toBe(config);
  });
  it("does not carry it to the companies area nor to login and logout, whatever the target's query", () => {
    expect(goWithAuthComp({ to: "/admin/companies/3/users?page=2" }, search)).toEqual({ to: "/admin/companies/3/users?page=2" });
    expect(goWithAuthComp({ to: "/admin/auth/logout" }, search)).toEqual({ to: "/admin/auth/logout" });
  });
  it("does nothing without a chosen client", () => {
    expect(goWithAuthComp({ to: "/admin/quotes" }, "")).toEqual({ to: "/admin/quotes" });
  });
});
