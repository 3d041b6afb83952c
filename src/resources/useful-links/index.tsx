import { LinkOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages, writesBy } from "../define-admin-resource";

/** The public portals a municipality uses (spec section 2: /admin/useful-links): everyone reads, ADMIN writes. */
export const usefulLinksArea = defineAdminResource({
  screens: "useful-links",
  label: "usefulLinks.menu",
  icon: <LinkOutlined />,
  parent: MENU_GROUP.content,
  guard: "user-only",
  actionGuards: writesBy("admin-only"),
  pages: fieldPages(() => import("./fields")),
});
