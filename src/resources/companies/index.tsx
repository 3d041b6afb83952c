import type { ComponentType } from "react";
import { Outlet, Route } from "react-router";
import { BankOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";
import { RequireGuard } from "@/admin/require-guard";
import { lazyRoute } from "@/lib/updates/lazy-route";
import { MENU_GROUP } from "../menu-groups";
import { NavigateKeepingQuery } from "@/components/navigate-keeping-query";

const CompanyList = lazyRoute(() => import("./list"));
const CompanyCreate = lazyRoute(() => import("./create"));
const CompanyEdit = lazyRoute(() => import("./edit"));
const CompanyShow = lazyRoute(() => import("./show"));
/** One of the tab pages exported by show.tsx, loaded with it. */
const tab = (name: Exclude<keyof typeof import("./show"), "default">) =>
  lazyRoute(() => import("./show").then((module) => ({ default: module[name] as ComponentType })));
const DataTab = tab("CompanyDataTab");
const ParametrizationTab = tab("CompanyParametrizationTab");
const TransparencyTab = tab("CompanyTransparencyTab");
const UsersTab = tab("CompanyUsersTab");
const UserCreateTab = tab("CompanyUserCreateTab");
const UserEditTab = tab("CompanyUserEditTab");
const SendInviteTab = tab("CompanySendInviteTab");
const SyncTab = tab("CompanySyncTab");

/** Clientes (spec section 2): admin-only list, create, edit, and each company's tabs. */
export const companiesArea: AdminArea = {
  resources: [
    {
      name: "companies",
      list: "/admin/companies",
      create: "/admin/companies/create",
      edit: "/admin/companies/edit/:id",
      show: "/admin/companies/:id",
      meta: { label: "Clientes", icon: <BankOutlined />, guard: "admin-only", parent: MENU_GROUP.administration },
    },
  ],
  routes: (
    <Route
      path="/admin/companies"
      element={
        <RequireGuard guard="admin-only">
          <Outlet />
        </RequireGuard>
      }
    >
      <Route index element={<CompanyList />} />
      <Route path="create" element={<CompanyCreate />} />
      <Route path="edit/:companyId" element={<CompanyEdit />} />
      <Route path=":companyId" element={<CompanyShow />}>
        <Route index element={<NavigateKeepingQuery to="data" />} />
        <Route path="data" element={<DataTab />} />
        <Route path="parametrization" element={<ParametrizationTab />} />
        <Route path="transparency" element={<TransparencyTab />} />
        <Route path="users" element={<UsersTab />} />
        <Route path="users/create" element={<UserCreateTab />} />
        <Route path="users/send-invite" element={<SendInviteTab />} />
        <Route path="users/:userId" element={<UserEditTab />} />
        <Route path="sync" element={<SyncTab />} />
      </Route>
    </Route>
  ),
};
