import type { ComponentType, ReactNode } from "react";
import { Route } from "react-router";
import { SettingOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";
import type { Guard } from "@/domain/guards";
import { RequireGuard } from "@/providers/access-control/require-guard";
import { NavigateKeepingQuery } from "@/components/navigate-keeping-query";
import { lazyRoute } from "@/lib/updates/lazy-route";

const SettingsLayout = lazyRoute(() => import("./layout"));
/** One of the pages exported by pages.tsx, loaded with it. */
const page = (name: keyof typeof import("./pages")) => lazyRoute(() => import("./pages").then((module) => ({ default: module[name] as ComponentType })));
const Data = page("SettingsData");
const DataEdit = page("SettingsDataEdit");
const Panel = page("SettingsPanel");
const PanelData = page("SettingsPanelData");
const PanelParametrization = page("SettingsPanelParametrization");
const Users = page("SettingsUsers");
const UserCreate = page("SettingsUserCreate");
const UserEdit = page("SettingsUserEdit");

const guarded = (guard: Guard, element: ReactNode) => <RequireGuard guard={guard}>{element}</RequireGuard>;

/**
 * Configurações (spec section 2), reached from the header's user menu: the active company's data
 * (edit manager-only), the panel with data and parametrization (manager-only), and its users. Users are one resource with the company
 * users tab of the companies area.
 */
export const settingsArea: AdminArea = {
  resources: [
    { name: "settings", list: "/admin/settings", meta: { label: "Configurações", icon: <SettingOutlined />, guard: "user-only", hide: true } },
    {
      name: "users",
      list: "/admin/settings/users",
      create: "/admin/settings/users/create",
      edit: "/admin/settings/users/:id",
      meta: { label: "Usuários", hide: true, guard: "user-only", actionGuards: { create: "manager-only", delete: "manager-only" } },
    },
  ],
  routes: (
    <Route path="/admin/settings" element={<SettingsLayout />}>
      <Route index element={<NavigateKeepingQuery to="data" />} />
      <Route path="data" element={<Data />} />
      <Route path="data/edit" element={guarded("manager-only", <DataEdit />)} />
      <Route path="panel" element={<Panel />}>
        <Route index element={<NavigateKeepingQuery to="data" />} />
        <Route path="data" element={<PanelData />} />
        <Route path="parametrization" element={guarded("manager-only", <PanelParametrization />)} />
      </Route>
      <Route path="users" element={<Users />} />
      <Route path="users/create" element={guarded("manager-only", <UserCreate />)} />
      <Route path="users/:userId" element={<UserEdit />} />
    </Route>
  ),
};
