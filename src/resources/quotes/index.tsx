import { CalculatorOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages } from "../define-admin-resource";

/**
 * Price research (issue 15, "Quotes"; spec section 2: /admin/quotes): the items of the projects with
 * their prices and the mapa de cotação. ADMIN and MANAGER write; everyone of the municipality reads.
 * The edit page is the generic one of the field description; the list, the creation (with the
 * project picker) and the item's page (the mapa) are its own.
 */
export const quotesArea = defineAdminResource({
  screens: "quotes",
  label: "quotes.menu",
  icon: <CalculatorOutlined />,
  parent: MENU_GROUP.management,
  guard: "user-only",
  actionGuards: { create: "manager-only", edit: "manager-only", delete: "manager-only" },
  pages: fieldPages(() => import("./fields"), { list: () => import("./list"), create: () => import("./create"), show: () => import("./show") }),
});
