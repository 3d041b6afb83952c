import { FilePdfOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/**
 * Relatórios mensais (issue 33 item 4): the archive of each client's monthly report, its download and
 * "Gerar agora" (ADMIN). A MANAGER sees its own municipality's reports, the ones e-mailed to it.
 */
export const clientReportsArea = defineAdminResource({
  screens: "client-reports",
  label: "clientReports.menu",
  icon: <FilePdfOutlined />,
  parent: MENU_GROUP.reports,
  guard: "manager-only",
  pages: { list: () => import("./list") },
});
