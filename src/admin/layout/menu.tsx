import { useMemo } from "react";
import { useGetIdentity, useLink, useMenu, type TreeMenuItem } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Menu, type MenuProps } from "antd";
import type { SessionUser } from "@/domain/auth";
import { decide, type GuardMeta } from "@/providers/access-control";
import type { AdminResourceMeta } from "@/resources/types";

type MenuItem = NonNullable<MenuProps["items"]>[number];

/** Menu entries the role may open: a group shows only with at least one visible entry. */
export function visibleMenuItems(items: TreeMenuItem[], role: SessionUser["customClaims"]["role"] | null): TreeMenuItem[] {
  return items.flatMap((item) => {
    if (item.children.length) {
      const children = visibleMenuItems(item.children, role);
      return children.length ? [{ ...item, children }] : [];
    }
    if (!item.route) return [];
    return decide(role, item.meta as GuardMeta | undefined, "list").can ? [item] : [];
  });
}

/** The sidebar (or top bar) menu: Refine's resource tree, grouped by area, filtered by role. */
export function AdminMenu({ mode, theme, onNavigate }: { mode: "inline" | "horizontal"; theme: "light" | "dark"; onNavigate?: () => void }) {
  const t = useT();
  const Link = useLink();
  const { menuItems, selectedKey, defaultOpenKeys } = useMenu();
  const { data: user } = useGetIdentity<SessionUser>();

  const items = useMemo(() => {
    const label = (item: TreeMenuItem) => {
      const key = (item.meta as AdminResourceMeta | undefined)?.labelKey;
      return key ? t(key, item.label ?? item.name) : (item.label ?? item.name);
    };
    const toAntd = (item: TreeMenuItem): MenuItem =>
      item.children.length
        ? { key: item.key, icon: item.icon, label: label(item), children: item.children.map(toAntd) }
        : {
            key: item.key,
            icon: item.icon,
            label: (
              <Link to={item.route ?? "/"} onClick={onNavigate}>
                {label(item)}
              </Link>
            ),
          };
    return visibleMenuItems(menuItems, user?.customClaims.role ?? null).map(toAntd);
  }, [menuItems, user, t, Link, onNavigate]);

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={[selectedKey]}
      defaultOpenKeys={mode === "inline" ? defaultOpenKeys : undefined}
      style={{ borderInlineEnd: 0, flex: 1, minWidth: 0, background: "transparent" }}
      aria-label="Menu principal"
    />
  );
}
