import { FlagOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages } from "../define-admin-resource";

/** Emendas parlamentares municipais (issue 37): read by the municipality's people and its Câmara; written by the Executive. */
export const municipalAmendmentsArea = defineAdminResource({
  screens: "municipal-amendments",
  label: "municipalAmendments.menu",
  icon: <FlagOutlined />,
  parent: MENU_GROUP.transfers,
  guard: "municipal-amendments-read",
  actionGuards: { create: "municipal-amendments-indicate", edit: "manager-only", delete: "manager-only" },
  pages: fieldPages(() => import("./fields"), { show: () => import("./show") }),
});
