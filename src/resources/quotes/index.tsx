import { CalculatorOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/**
 * Price research (issue 15, "Quotes"; spec section 2: /admin/quotes): the items of the projects with
 * their prices and the mapa de cotação. ADMIN and MANAGER write; everyone of the municipality reads.
 * Its pages share one field description (./fields): the list, the creation (with the project
 * picker), the item's page with the mapa de cotação and the edit page (back to the mapa once saved).
 */
export const quotesArea = defineAdminResource({
  screens: "quotes",
  label: "quotes.menu",
  icon: <CalculatorOutlined />,
  parent: MENU_GROUP.management,
  guard: "user-only",
  actionGuards: { create: "manager-only", edit: "manager-only", delete: "manager-only" },
  pages: { list: () => import("./list"), create: () => import("./create"), show: () => import("./show"), edit: () => import("./edit") },
});
