import { SafetyOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/** Regularidade (spec section 2: /admin/regularity): the company's CAUC, for every signed-in user of it. */
export const regularityArea = defineAdminResource({
  screens: "regularity",
  name: "regularity-items",
  label: "regularity.menu",
  icon: <SafetyOutlined />,
  parent: MENU_GROUP.management,
  guard: "user-only",
  pages: { list: () => import("./page") },
});
