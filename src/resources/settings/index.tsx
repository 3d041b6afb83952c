import type { ComponentType } from "react";
import { SettingOutlined, TeamOutlined } from "@ant-design/icons";
import { defineAdminResource, type PageLoader } from "../define-admin-resource";

/** One of the pages exported by pages.tsx, loaded with it. */
const page =
  (name: keyof typeof import("./pages")): PageLoader =>
  () =>
    import("./pages").then((module) => ({ default: module[name] as ComponentType }));

/**
 * Configurações (spec section 2), reached from the header's user menu: the active company's data
 * (edit manager-only), the panel with data and parametrization (manager-only), and its users. Users
 * are one API resource with the company users tab of the companies area.
 */
export const settingsAreas = [
  defineAdminResource({
    screens: "settings",
    label: "header.settings",
    icon: <SettingOutlined />,
    menu: false,
    guard: "user-only",
    pages: { list: () => import("./layout") },
    nestedIndex: { list: "data" },
    nested: {
      list: {
        data: page("SettingsData"),
        "data/edit": page("SettingsDataEdit"),
        panel: { redirect: "data" },
        "panel/data": page("SettingsPanelData"),
        "panel/parametrization": page("SettingsPanelParametrization"),
        "transparency-check": page("SettingsTransparencyCheck"),
      },
    },
    nestedGuards: { list: { "data/edit": "manager-only", "panel/parametrization": "manager-only", "transparency-check": "manager-only" } },
  }),
  defineAdminResource({
    screens: "users",
    label: "settings.tabs.users",
    icon: <TeamOutlined />,
    menu: false,
    guard: "user-only",
    actionGuards: { create: "manager-only", delete: "manager-only" },
    pages: { list: page("SettingsUsers"), create: page("SettingsUserCreate"), edit: page("SettingsUserEdit") },
  }),
];
