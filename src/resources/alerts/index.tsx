import { NotificationOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages, writesBy } from "../define-admin-resource";

/**
 * The consultancy's notices (spec section 2: /admin/manage-alerts): everyone signed in sees the list
 * (the server answers each person the ones addressed to them); adding, editing and removing are ADMIN's
 * (spec section 6). Everyone also reads them under the header's bell.
 */
export const alertsArea = defineAdminResource({
  screens: "alerts",
  label: "alerts.menu",
  icon: <NotificationOutlined />,
  parent: MENU_GROUP.content,
  guard: "user-only",
  actionGuards: writesBy("admin-only"),
  pages: fieldPages(() => import("./fields")),
});
