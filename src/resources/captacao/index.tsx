import { FileSearchOutlined, FundProjectionScreenOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, fieldPages, type PageLoader } from "../define-admin-resource";

const programForm = (page: "ProgramCreatePage" | "ProgramEditPage"): PageLoader => () => import("./program-form").then((m) => ({ default: m[page] }));
const grantorForm = (page: "GrantorAddPage" | "GrantorEditPage"): PageLoader => () => import("./grantor-form").then((m) => ({ default: m[page] }));
/** The grantor step of a program's form: the picker, and adding or editing a grantor from it. */
const grantorStep = { "select-grantor": () => import("./grantor-picker"), "select-grantor/add-grantor": grantorForm("GrantorAddPage"), "select-grantor/:grantorId-edit": grantorForm("GrantorEditPage") };

/** Captação (issue 14): programs with their grantors and the radar of open ones; the municipality's proposals. */
export const captacaoAreas = [
  defineAdminResource({
    screens: "programs",
    label: "captacao.menu.programs",
    icon: <FundProjectionScreenOutlined />,
    parent: MENU_GROUP.management,
    guard: "user-only",
    actionGuards: { create: "admin-only", edit: "admin-only", delete: "admin-only" },
    pages: { list: () => import("./programs-list"), create: programForm("ProgramCreatePage"), edit: programForm("ProgramEditPage") },
    nested: { create: grantorStep, edit: grantorStep },
  }),
  defineAdminResource({
    screens: "proposals",
    label: "captacao.menu.proposals",
    icon: <FileSearchOutlined />,
    parent: MENU_GROUP.management,
    guard: "user-only",
    actionGuards: { edit: "manager-only", delete: "manager-only" },
    pages: fieldPages(() => import("./proposal-fields"), { show: () => import("./proposal-show") }),
  }),
];
