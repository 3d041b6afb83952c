import type { ComponentType } from "react";
import { ProjectOutlined } from "@ant-design/icons";
import { MENU_GROUP } from "../menu-groups";
import { defineAdminResource, type PageLoader } from "../define-admin-resource";

const tab = (load: () => Promise<{ default: ComponentType }>): PageLoader => load;

/** Projects (issue 15): the list, the creation and each project's page with its six tabs (the price quotes: ../quotes). */
export const projectsAreas = [
  defineAdminResource({
    screens: "projects",
    label: "projects.menu",
    icon: <ProjectOutlined />,
    parent: MENU_GROUP.management,
    guard: "user-only",
    actionGuards: { create: "manager-only", delete: "manager-only" },
    pages: { list: () => import("./list"), create: () => import("./create"), show: () => import("./show") },
    nestedIndex: { show: "workPlan" },
    nested: {
      show: {
        workPlan: tab(() => import("./work-plan")),
        fundingSource: tab(() => import("./funding")),
        bids: tab(() => import("./bids")),
        execution: tab(() => import("./execution")),
        files: tab(() => import("./files")),
        history: tab(() => import("./history")),
      },
    },
  }),
];
