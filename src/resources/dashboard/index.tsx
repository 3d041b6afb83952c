import { lazyRoute } from "@/lib/updates/lazy-route";
import { Route } from "react-router";
import { DashboardOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";

const DashboardPage = lazyRoute(() => import("@/pages/dashboard"));

export const dashboardArea: AdminArea = {
  resources: [{ name: "dashboard", list: "/admin/dashboard", meta: { label: "Painel", icon: <DashboardOutlined />, guard: "user-only" } }],
  routes: <Route path="/admin/dashboard" element={<DashboardPage />} />,
};
