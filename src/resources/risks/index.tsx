import { AlertOutlined } from "@ant-design/icons";
import { defineAdminResource } from "../define-admin-resource";

/** Fila de riscos (issue 33: /admin/risks): the consultancy's queue across clients; a MANAGER's for its municipality. */
export const risksArea = defineAdminResource({
  screens: "risks",
  label: "risks.menu",
  icon: <AlertOutlined />,
  guard: "manager-only",
  pages: { list: () => import("./page") },
});
