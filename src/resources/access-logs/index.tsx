import { lazyRoute } from "@/lib/updates/lazy-route";
import { Route } from "react-router";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { AdminArea } from "../types";
import { RequireGuard } from "@/admin/require-guard";
import { MENU_GROUP } from "../menu-groups";

const AccessLogList = lazyRoute(() => import("./list"));

export const accessLogsArea: AdminArea = {
  resources: [
    {
      name: "audit-logs",
      list: "/admin/access-logs",
      meta: { label: "Registros de acesso", icon: <SafetyCertificateOutlined />, guard: "manager-only", parent: MENU_GROUP.administration },
    },
  ],
  routes: (
    <Route
      path="/admin/access-logs"
      element={
        <RequireGuard guard="manager-only">
          <AccessLogList />
        </RequireGuard>
      }
    />
  ),
};
