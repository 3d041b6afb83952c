import { AuditOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/** Prestação de contas (issue 17: /admin/accountability): every obligation of the company and one obligation's page. */
export const accountabilityArea = defineAdminResource({
  screens: "accountability-obligations",
  label: "accountability.menu",
  icon: <AuditOutlined />,
  parent: MENU_GROUP.management,
  guard: "user-only",
  pages: { list: () => import("./list"), show: () => import("./show") },
});
