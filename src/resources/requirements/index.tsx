import { FileTextOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/** Requerimentos (spec section 2: /admin/requirements and /create): documents filled from the shared templates. */
export const requirementsArea = defineAdminResource({
  screens: "requirements",
  label: "requirements.menu",
  icon: <FileTextOutlined />,
  parent: MENU_GROUP.management,
  guard: "user-only",
  pages: { list: () => import("./list"), create: () => import("./create") },
});
