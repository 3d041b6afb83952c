import { TagsOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages } from "../define-admin-resource";

/** The library's categories, per area (blog, legislation, models, tutorials, links): ADMIN keeps them. */
export const categoriesArea = defineAdminResource({
  screens: "categories",
  label: "categories.menu",
  icon: <TagsOutlined />,
  parent: MENU_GROUP.content,
  guard: "admin-only",
  pages: fieldPages(() => import("./fields")),
});
