import { AppstoreOutlined, BarChartOutlined, ReadOutlined, SettingOutlined, SwapOutlined } from "@ant-design/icons";
import type { AdminResource } from "./types";

/**
 * The sidebar's areas (spec section 2). A resource joins one with `meta: { parent: MENU_GROUP.x }`;
 * a group shows in the menu only when some resource names it, so areas that do not exist yet add
 * no empty entries. The dashboard ('Painel') stays at the top level.
 */
export const MENU_GROUP = {
  transfers: "group-transfers",
  management: "group-management",
  reports: "group-reports",
  content: "group-content",
  administration: "group-administration",
} as const;

export type MenuGroupName = (typeof MENU_GROUP)[keyof typeof MENU_GROUP];

/** Menu-only parent resources, in menu order. */
const GROUPS: AdminResource[] = [
  { name: MENU_GROUP.transfers, meta: { label: "Transferências", labelKey: "menu.transfers", icon: <SwapOutlined /> } },
  { name: MENU_GROUP.management, meta: { label: "Gestão", labelKey: "menu.management", icon: <AppstoreOutlined /> } },
  { name: MENU_GROUP.reports, meta: { label: "Relatórios", labelKey: "menu.reports", icon: <BarChartOutlined /> } },
  { name: MENU_GROUP.content, meta: { label: "Conteúdo", labelKey: "menu.content", icon: <ReadOutlined /> } },
  { name: MENU_GROUP.administration, meta: { label: "Administração", labelKey: "menu.administration", icon: <SettingOutlined /> } },
];

/**
 * The resources plus the groups they use, in menu order: top-level entries (the dashboard) first,
 * then the groups in the order above. Refine builds the menu tree from meta.parent.
 */
export function withMenuGroups(resources: AdminResource[]): AdminResource[] {
  const used = new Set(resources.map((resource) => resource.meta?.parent).filter(Boolean));
  const topLevel = resources.filter((resource) => !resource.meta?.parent);
  const children = resources.filter((resource) => resource.meta?.parent);
  return [...topLevel, ...GROUPS.filter((group) => used.has(group.name)), ...children];
}
