import { ClusterOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/** Carteira de clientes (issue 33 item 3): the consultancy's clients at once, or a chosen set (ADMIN). */
export const portfolioArea = defineAdminResource({
  screens: "portfolio",
  label: "portfolio.menu",
  icon: <ClusterOutlined />,
  parent: MENU_GROUP.reports,
  guard: "admin-only",
  pages: { list: () => import("./page") },
});
