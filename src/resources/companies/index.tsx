import type { ComponentType } from "react";
import { BankOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, type PageLoader } from "../define-admin-resource";

/** One of the tab pages exported by show.tsx, loaded with it. */
const tab =
  (name: Exclude<keyof typeof import("./show"), "default">): PageLoader =>
  () =>
    import("./show").then((module) => ({ default: module[name] as ComponentType }));

/** Clientes (spec section 2): admin-only list, create, edit, and each company's tabs. */
export const companiesArea = defineAdminResource({
  screens: "companies",
  label: "companies.titles.list",
  icon: <BankOutlined />,
  parent: MENU_GROUP.administration,
  guard: "admin-only",
  pages: {
    list: () => import("./list"),
    create: () => import("./create"),
    edit: () => import("./edit"),
    show: () => import("./show"),
  },
  nestedIndex: { show: "data" },
  nested: {
    show: {
      data: tab("CompanyDataTab"),
      parametrization: tab("CompanyParametrizationTab"),
      transparency: tab("CompanyTransparencyTab"),
      users: tab("CompanyUsersTab"),
      "users/create": tab("CompanyUserCreateTab"),
      "users/send-invite": tab("CompanySendInviteTab"),
      "users/:userId": tab("CompanyUserEditTab"),
      sync: tab("CompanySyncTab"),
    },
  },
});
