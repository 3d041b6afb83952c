import { describe, expect, it } from "vitest";
import { switchTarget } from "@/components/company-switcher";
import { userStatus } from "@/resources/users/status";
import { checkImageFile } from "@/lib/uploads";
import { formatMoment } from "@/lib/format";

describe("company switcher target", () => {
  const campinas = { id: 2, cnpj: "51885242000140" };
  it("keeps the screen and sets authComp where authComp is carried", () => {
    expect(switchTarget("/admin/settings/users", campinas)).toBe("/admin/settings/users?authComp=2_51885242000140");
  });
  it("goes to the dashboard from the companies area, which does not carry authComp", () => {
    expect(switchTarget("/admin/companies/1/users", campinas)).toBe("/admin/dashboard?authComp=2_51885242000140");
  });
  it("'Todos os clientes' drops authComp", () => {
    expect(switchTarget("/admin/settings/data", null)).toBe("/admin/settings/data");
  });
});

describe("user status", () => {
  const base = { active: true, lastLoginAt: null, invitedAt: null, hasIdentity: false };
  it("tells apart deactivated, in use, invited and never invited", () => {
    expect(userStatus({ ...base, active: false, lastLoginAt: "2026-01-01" })).toBe("inactive");
    expect(userStatus({ ...base, lastLoginAt: "2026-01-01" })).toBe("active");
    expect(userStatus({ ...base, invitedAt: "2026-01-01", hasIdentity: true })).toBe("invited");
    expect(userStatus(base)).toBe("pending");
  });
});

describe("image files before upload", () => {
  it("accepts PNG, JPEG, WebP and GIF up to the limit", () => {
    expect(checkImageFile({ type: "image/png", size: 1000 })).toBeNull();
    expect(checkImageFile({ type: "image/webp", size: 2 * 1024 * 1024 })).toBeNull();
  });
  it("refuses other types and oversized files with pt-BR reasons", () => {
    expect(checkImageFile({ type: "application/pdf", size: 10 })).toBe("Envie uma imagem PNG, JPEG, WebP ou GIF.");
    expect(checkImageFile({ type: "image/svg+xml", size: 10 })).toBe("Envie uma imagem PNG, JPEG, WebP ou GIF.");
    expect(checkImageFile({ type: "image/jpeg", size: 3 * 1024 * 1024 })).toBe("A imagem tem 3 MB e o limite é 2 MB.");
  });
});

describe("moments", () => {
  it("show in São Paulo time as dd/MM/yyyy [HH:mm]", () => {
    expect(formatMoment("2026-03-01T02:30:00Z")).toBe("28/02/2026");
    expect(formatMoment("2026-03-01T02:30:00Z", { time: true })).toBe("28/02/2026 23:30");
    expect(formatMoment(null)).toBe("—");
  });
});
