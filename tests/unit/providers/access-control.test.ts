import { describe, expect, it } from "vitest";
import { decide, decideNow } from "@/providers/access-control";
import { clearSessionUser, setSessionUser } from "@/providers/auth-provider/session";
import type { SessionUser } from "@/domain/auth";
import { passesGuard } from "@/domain/guards";

describe("guards (spec section 6)", () => {
  it.each([
    ["ADMIN", "admin-only", true],
    ["MANAGER", "admin-only", false],
    ["USER", "admin-only", false],
    ["ADMIN", "manager-only", true],
    ["MANAGER", "manager-only", true],
    ["USER", "manager-only", false],
    ["USER", "user-only", true],
  ] as const)("%s passes %s: %s", (role, guard, expected) => {
    expect(passesGuard(role, guard)).toBe(expected);
  });

  it("nobody signed out passes any guard", () => {
    expect(passesGuard(null, "user-only")).toBe(false);
  });
});

describe("access-control decide()", () => {
  const companies = { guard: "admin-only" as const };
  const blog = { guard: "user-only" as const, actionGuards: { create: "admin-only" as const, edit: "admin-only" as const } };

  it("hides an admin-only area from a manager", () => {
    expect(decide("MANAGER", companies, "list")).toEqual({ can: false, reason: "Você não tem permissão para esta ação." });
  });
  it("lets any user read the blog but only ADMIN create or edit", () => {
    expect(decide("USER", blog, "list").can).toBe(true);
    expect(decide("USER", blog, "create").can).toBe(false);
    expect(decide("ADMIN", blog, "edit").can).toBe(true);
  });
  it("treats an area without a guard as user-only, and refuses the signed-out", () => {
    expect(decide("USER", undefined, "list").can).toBe(true);
    expect(decide(null, undefined, "list").can).toBe(false);
  });
});

describe("access-control decideNow()", () => {
  const blog = { guard: "user-only" as const, actionGuards: { create: "admin-only" as const } };
  const user = (role: SessionUser["customClaims"]["role"]) => ({ id: 1, name: "Gustavo Gestor", email: "gestor@demo.local", avatarUrl: null, customClaims: { role } }) as SessionUser;

  it("has no answer until the session user is known, then decides as the provider does", () => {
    clearSessionUser();
    expect(decideNow(blog, "create")).toBeUndefined();
    setSessionUser(user("MANAGER"));
    expect(decideNow(blog, "create")).toEqual(decide("MANAGER", blog, "create"));
    expect(decideNow(blog, "list")).toEqual({ can: true });
    setSessionUser(null);
    expect(decideNow(blog, "list")).toEqual({ can: false, reason: "Entre para continuar." });
    clearSessionUser();
    expect(decideNow(blog, "list")).toBeUndefined();
  });
});
