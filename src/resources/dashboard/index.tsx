import { DashboardOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../define-admin-resource";

/** Painel (spec section 2): the first screen after sign-in, at the top of the menu. */
export const dashboardArea = defineAdminResource({
  screens: "dashboard",
  label: "menu.dashboard",
  icon: <DashboardOutlined />,
  guard: "user-only",
  pages: { list: () => import("@/pages/dashboard") },
});
