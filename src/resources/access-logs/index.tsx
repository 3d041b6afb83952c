import { SafetyCertificateOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages } from "../define-admin-resource";

/** Registros de acesso (spec section 2): a list from its field description, for managers. */
export const accessLogsArea = defineAdminResource({
  screens: "audit-logs",
  label: "access-logs.titles.list",
  icon: <SafetyCertificateOutlined />,
  parent: MENU_GROUP.administration,
  guard: "manager-only",
  pages: fieldPages(() => import("./fields")),
});
