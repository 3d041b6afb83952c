import { AuditOutlined, BankOutlined, DollarOutlined, FileSearchOutlined, FundOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource } from "../define-admin-resource";

/**
 * Relatórios (issue 17; the municipal emendas' since issue 37): screens of the active company's figures (every company for an ADMIN
 * without a chosen client), each reading GET /api/reports/{name}; /admin/reports opens the first.
 */
export const reportsAreas = [
  defineAdminResource({ screens: "reports", label: "menu.reports", menu: false, guard: "user-only", pages: { list: () => import("./redirect") } }),
  defineAdminResource({ screens: "reports-fundraising", label: "reports.menu.fundraising", icon: <FundOutlined />, parent: MENU_GROUP.reports, guard: "user-only", pages: { list: () => import("./fundraising") } }),
  defineAdminResource({ screens: "reports-payments", label: "reports.menu.payments", icon: <DollarOutlined />, parent: MENU_GROUP.reports, guard: "user-only", pages: { list: () => import("./payments") } }),
  defineAdminResource({ screens: "reports-proposal", label: "reports.menu.proposal", icon: <FileSearchOutlined />, parent: MENU_GROUP.reports, guard: "user-only", pages: { list: () => import("./proposal") } }),
  defineAdminResource({ screens: "reports-transactions", label: "reports.menu.transactions", icon: <BankOutlined />, parent: MENU_GROUP.reports, guard: "user-only", pages: { list: () => import("./transactions") } }),
  defineAdminResource({
    screens: "reports-municipal-amendments",
    label: "reports.menu.municipal-amendments",
    icon: <AuditOutlined />,
    parent: MENU_GROUP.reports,
    guard: "user-only",
    pages: { list: () => import("./municipal-amendments") },
  }),
];
