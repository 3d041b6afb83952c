import { describe, expect, it } from "vitest";
import { COMPANY_ROLES, mayManagePerson, type PersonRef } from "@/domain/users";

const admin: PersonRef = { id: 1, role: "ADMIN", companyId: null };
const manager: PersonRef = { id: 2, role: "MANAGER", companyId: 10 };
const user: PersonRef = { id: 3, role: "USER", companyId: 10 };
const otherCompanyUser: PersonRef = { id: 4, role: "USER", companyId: 20 };

describe("mayManagePerson (one rule for the server's check and the SPA's buttons)", () => {
  it("lets everybody manage themselves", () => {
    expect(mayManagePerson(user, user)).toBe(true);
  });
  it("lets the consultancy manage anybody", () => {
    expect(mayManagePerson(admin, otherCompanyUser)).toBe(true);
    expect(mayManagePerson(admin, manager)).toBe(true);
  });
  it("lets a manager manage the people of their own company only", () => {
    expect(mayManagePerson(manager, user)).toBe(true);
    expect(mayManagePerson(manager, otherCompanyUser)).toBe(false);
  });
  it("never lets a manager manage the consultancy, nor a user manage anybody else", () => {
    expect(mayManagePerson(manager, { ...admin, companyId: 10 })).toBe(false);
    expect(mayManagePerson(user, manager)).toBe(false);
  });
  it("offers a company's person every role but the consultancy's, the least privileged first", () => {
    expect(COMPANY_ROLES).toEqual(["CAMARA", "USER", "MANAGER"]);
  });
});
