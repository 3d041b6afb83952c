import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Outlet, Routes } from "react-router";
import { Refine, type AuthProvider } from "@refinedev/core";
import { ADMIN_SCREENS, screenPaths, screenUrl, type ResourceScreens } from "@/domain/admin-screens";
import { isKnownAppPath } from "@/domain/routes";
import type { Role } from "@/domain/auth";
import { adminAreas } from "@/resources";
import { defineAdminResource, guardFor } from "@/resources/define-admin-resource";
import { MENU_GROUP } from "@/resources/menu-groups";
import { decide } from "@/providers/access-control";
import { i18nProvider } from "@/providers/i18n";
import { loadingBar } from "@/components/loading-bar/loading-bar";

/** A page that says which one it is (and shows its nested page). */
const page = (text: string) => () =>
  Promise.resolve({
    default: () => (
      <div>
        {text}
        <Outlet />
      </div>
    ),
  });

const companies = defineAdminResource({
  screens: "companies",
  label: "companies.titles.list",
  parent: MENU_GROUP.administration,
  guard: "admin-only",
  actionGuards: { create: "admin-only" },
  pages: { list: page("lista"), create: page("nova"), edit: page("edição"), show: page("cliente") },
  nestedIndex: { show: "data" },
  nested: {
    show: {
      data: page("aba dados"),
      parametrization: page("aba parametrização"),
      transparency: page("aba transparência"),
      users: page("aba usuários"),
      "users/create": page("novo usuário"),
      "users/send-invite": page("convite"),
      "users/:userId": page("usuário"),
      sync: page("aba sincronização"),
    },
  },
});

const payments = defineAdminResource({
  screens: "imposition-payments",
  name: "transaction-payments",
  label: "payments.titles.list",
  menu: false,
  guard: "user-only",
  actionGuards: { delete: "manager-only" },
  pages: { list: page("pagamentos"), create: page("novo pagamento"), edit: page("pagamento") },
});

const settings = defineAdminResource({
  screens: "settings",
  label: "header.settings",
  menu: false,
  guard: "user-only",
  pages: { list: page("configurações") },
  nestedIndex: { list: "data" },
  nested: {
    list: {
      data: page("aba dados"),
      "data/edit": page("editar dados"),
      panel: { redirect: "data" },
      "panel/data": page("painel dados"),
      "panel/parametrization": page("painel parametrização"),
      "transparency-check": page("autoavaliação da transparência"),
    },
  },
  nestedGuards: { list: { "data/edit": "manager-only", "panel/parametrization": "manager-only", "transparency-check": "manager-only" } },
});

function authAs(role: Role): AuthProvider {
  return {
    login: async () => ({ success: true }),
    logout: async () => ({ success: true }),
    check: async () => ({ authenticated: true }),
    onError: async () => ({}),
    getIdentity: async () => ({ id: 1, name: "Pessoa", customClaims: { role } }),
  };
}

function open(path: string, role: Role, area = companies) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Refine authProvider={authAs(role)} i18nProvider={i18nProvider} resources={area.resources} options={{ disableTelemetry: true }}>
        <Suspense fallback="carregando">
          <Routes>{area.routes}</Routes>
        </Suspense>
      </Refine>
    </MemoryRouter>,
  );
}

describe("defineAdminResource: the Refine resource", () => {
  it("takes the paths from ADMIN_SCREENS and puts label, icon group and guards in meta", () => {
    const [resource] = companies.resources;
    expect(resource).toMatchObject({
      name: "companies",
      list: "/admin/companies",
      create: "/admin/companies/create",
      show: "/admin/companies/:id",
      edit: "/admin/companies/edit/:id",
      meta: { label: "Clientes", labelKey: "companies.titles.list", parent: MENU_GROUP.administration, guard: "admin-only", actionGuards: { create: "admin-only" } },
    });
    expect(resource.identifier).toBeUndefined();
    expect(resource.meta?.hide).toBeUndefined();
  });

  it("names the API resource apart from the screens when two screens share it, and leaves it out of the menu", () => {
    const [resource] = payments.resources;
    expect(resource).toMatchObject({ name: "transaction-payments", identifier: "imposition-payments", meta: { hide: true, label: "Pagamentos" } });
    expect(resource.show).toBeUndefined();
  });

  it("answers the access-control questions with the action's guard, else the resource's", () => {
    const meta = payments.resources[0].meta;
    expect(guardFor({ guard: "user-only", actionGuards: { delete: "manager-only" } }, "delete")).toBe("manager-only");
    expect(decide("USER", meta, "create").can).toBe(true);
    expect(decide("USER", meta, "delete").can).toBe(false);
    expect(decide("MANAGER", meta, "delete").can).toBe(true);
  });
});

describe("defineAdminResource: the routes", () => {
  it("opens each action's page, with nested pages inside it", async () => {
    open("/admin/companies/7/users/12", "ADMIN");
    expect(await screen.findByText("usuário")).toBeInTheDocument();
    expect(screen.getByText("cliente")).toBeInTheDocument();
  });

  it("sends an action's bare path to its first tab", async () => {
    open("/admin/companies/7", "ADMIN");
    expect(await screen.findByText("aba dados")).toBeInTheDocument();
  });

  it("wraps every page, nested ones included, in its guard: the 403 screen for a role that fails it", async () => {
    open("/admin/companies/7/parametrization", "MANAGER");
    expect(await screen.findByText("Você não tem permissão para ver esta página.")).toBeInTheDocument();
    expect(screen.queryByText("aba parametrização")).not.toBeInTheDocument();
  });

  it("guards a nested page with its own guard, stricter than its action's", async () => {
    open("/admin/settings/data/edit", "USER", settings);
    expect(await screen.findByText("Você não tem permissão para ver esta página.")).toBeInTheDocument();
    expect(screen.getByText("configurações")).toBeInTheDocument();
    expect(screen.queryByText("editar dados")).not.toBeInTheDocument();
  });

  it("lets a role through a nested page's own guard", async () => {
    open("/admin/settings/panel/parametrization", "MANAGER", settings);
    expect(await screen.findByText("painel parametrização")).toBeInTheDocument();
  });

  it("sends a nested redirect to its target, relative to it", async () => {
    open("/admin/settings/panel", "USER", settings);
    expect(await screen.findByText("painel dados")).toBeInTheDocument();
  });

  it("lets a role through the guard of its action", async () => {
    open("/admin/transactions-imposition/info/09032025-079703/transaction-payment/create", "USER", payments);
    expect(await screen.findByText("novo pagamento")).toBeInTheDocument();
  });
});

describe("defineAdminResource: loading a page's code", () => {
  it("runs the loading bar until the code is in, since a navigation keeps the last page on screen meanwhile", async () => {
    let arrive!: () => void;
    let asked = false;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const slow = defineAdminResource({
      screens: "dashboard",
      label: "header.settings",
      guard: "user-only",
      pages: {
        list: () => {
          asked = true;
          return code.then(page("painel"));
        },
      },
    });
    let idle = false;
    open("/admin/dashboard", "USER", slow);
    await waitFor(() => expect(asked).toBe(true)); // once the guard has let the person through
    void loadingBar.whenIdle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    arrive();
    expect(await screen.findByText("painel")).toBeTruthy();
    expect(idle).toBe(true);
  });
});

describe("screen paths: written once, in ADMIN_SCREENS", () => {
  it("gives each definition the paths the server and the SPA accept", () => {
    expect(companies.paths).toEqual(screenPaths(ADMIN_SCREENS.companies));
    expect(companies.paths).toContain("/admin/companies/:id/users/:userId");
  });

  it.each(Object.entries(ADMIN_SCREENS as Record<string, ResourceScreens>))("accepts every path of %s with valid parameters", (_key, screens) => {
    // Ids of other shapes than digits need their own sample; every other id is a number.
    const samples: Record<string, string> = {
      NR_TRANSFER: "09032025-079703",
      codPlan: "30882120230006-010014",
      companyId: "7",
      userId: "12",
      transactionPaymentId: "44",
      postId: "3",
      legislationId: "4",
      alertId: "6",
      programId: "5",
      grantorId: "9",
      nrProposal: "014275%2F2026",
      entity: "46395000000139",
    };
    for (const path of screenPaths(screens)) {
      const url = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => samples[name === "id" ? screens.id! : name] ?? "8");
      expect(isKnownAppPath(url), url).toBe(true);
    }
  });

  it("refuses an id that fails the resource's parameter", () => {
    expect(isKnownAppPath("/admin/transactions-fund-to-fund/edit/12-3")).toBe(false);
    expect(isKnownAppPath("/admin/companies/abc/data")).toBe(false);
    expect(isKnownAppPath("/admin/transactions-imposition/info/09032025-079703/transaction-payment/abc")).toBe(false);
  });

  it("builds a screen's URL with its parameters encoded", () => {
    expect(screenUrl("imposition-transfers", "show", { id: "09032025-079703" })).toBe("/admin/transactions-imposition/info/09032025-079703");
    expect(screenUrl("voluntary-payments", "edit", { NR_TRANSFER: "912345", id: 4 })).toBe("/admin/transactions-voluntary/info/912345/transaction-payment/4");
  });

  it("declares every screen set of ADMIN_SCREENS exactly once among the admin areas", () => {
    const declared = adminAreas.flatMap((area) => area.resources).map((resource) => resource.identifier ?? resource.name);
    for (const key of Object.keys(ADMIN_SCREENS)) expect(declared.filter((name) => name === key), key).toHaveLength(1);
  });
});
