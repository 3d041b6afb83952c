import { useGetIdentity, useGo } from "@refinedev/core";
import { Avatar, Button, Dropdown, Flex, Layout, Typography, theme as antdTheme } from "antd";
import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MoonOutlined,
  SettingOutlined,
  SunOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { SessionUser } from "@/domain/auth";
import { actsAcrossClients, passesGuard } from "@/domain/guards";
import { LOGOUT_PATH } from "@/providers/auth-provider/paths";
import { Tooltip } from "@/components/tooltip";
import { BREAKPOINTS, themeStore, useIsDesktop, useMediaQuery, useThemeSettings } from "@/components/theme";
import { CompanySwitcher } from "@/components/company-switcher";
import { AlertBell } from "@/components/alert-bell";
import { LibrarySearch } from "@/components/library-search";
import { AdminMenu } from "./menu";
import { Brand } from "./brand";

/** The admin header: menu toggles, company (ADMIN), theme switch, settings and the user menu. */
export function AdminHeader() {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const settings = useThemeSettings();
  const isDesktop = useIsDesktop();
  const wide = useMediaQuery(BREAKPOINTS.md);
  const { data: user } = useGetIdentity<SessionUser>();
  const go = useGo();
  const isAdmin = actsAcrossClients(user?.customClaims.role);
  const staff = passesGuard(user?.customClaims.role, "user-only");
  const horizontal = settings.menuLayout === "horizontal" && isDesktop;
  const floating = settings.navbarType === "floating";

  if (settings.navbarType === "hidden") return null;
  return (
    <Layout.Header
      className="admin-header"
      data-navbar={settings.navbarType}
      style={{
        background: settings.navbarColor ?? token.colorBgContainer,
        position: settings.navbarType === "static" ? "static" : "sticky",
        top: floating ? 12 : 0,
        margin: floating ? "12px 16px 0" : 0,
        borderRadius: floating ? token.borderRadiusLG : 0,
        boxShadow: floating ? token.boxShadowTertiary : undefined,
        borderBottom: floating ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={8} style={{ minWidth: 0, flex: 1 }}>
        {!isDesktop ? (
          <Button type="text" icon={<MenuOutlined />} aria-label={t("header.openMenu")} onClick={() => themeStore.toggleMobileSidebar()} />
        ) : horizontal ? (
          <Brand collapsed={false} />
        ) : settings.sidebarHidden ? null : (
          <Tooltip title={settings.sidebarCollapse ? t("header.expandMenu") : t("header.collapseMenu")}>
            <Button
              type="text"
              icon={settings.sidebarCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={settings.sidebarCollapse ? t("header.expandMenu") : t("header.collapseMenu")}
              aria-expanded={!settings.sidebarCollapse}
              onClick={() => themeStore.toggleSidebarCollapse()}
            />
          </Tooltip>
        )}
        {horizontal ? <AdminMenu mode="horizontal" theme={settings.isDark ? "dark" : "light"} /> : null}
      </Flex>
      <Flex align="center" gap={4} style={{ flexShrink: 0 }}>
        {/* Company switcher spot: the Companies area renders <CompanySwitcher /> here for ADMIN. */}
        {isAdmin ? <CompanySwitcher /> : null}
        {/* The library and the alerts are the municipality's and the consultancy's people's, not the Câmara's. */}
        {staff && !horizontal ? <LibrarySearch compact={!wide} /> : null}
        {staff ? <AlertBell /> : null}
        <Tooltip title={settings.isDark ? t("theme.light") : t("theme.dark")}>
          <Button
            type="text"
            icon={settings.isDark ? <SunOutlined /> : <MoonOutlined />}
            aria-label={settings.isDark ? t("theme.light") : t("theme.dark")}
            onClick={() => themeStore.toggleTheme()}
          />
        </Tooltip>
        <Tooltip title={t("theme.settings")}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t("theme.settings")} onClick={() => themeStore.toggleSettings()} />
        </Tooltip>
        {/* Opened by a click only: with hover too, resting the pointer on the button opened the menu and
            the click that followed closed it again. */}
        <Dropdown
          trigger={["click"]}
          menu={{
            items: [
              // The whole item navigates, not only its text (go() carries authComp like links do).
              { key: "profile", icon: <UserOutlined />, label: t("header.profile"), onClick: () => go({ to: "/admin/profile" }) },
              { key: "settings", icon: <SettingOutlined />, label: t("header.settings"), onClick: () => go({ to: "/admin/settings" }) },
              { type: "divider" },
              // Signing out happens on its own page, once this layout and its pages (with their
              // queries) are gone: nothing mounted asks the server again with a revoked session.
              { key: "logout", icon: <LogoutOutlined />, label: t("header.logout"), onClick: () => go({ to: LOGOUT_PATH }) },
            ],
          }}
        >
          <Button type="text" aria-label={t("header.profile")} style={{ height: 40, paddingInline: 6 }}>
            <Flex align="center" gap={8}>
              <Avatar size={32} src={user?.avatarUrl ?? undefined} icon={<UserOutlined />} />
              {wide ? (
                <Typography.Text strong className="line-ellipsis" style={{ maxWidth: 160 }} title={user?.name}>
                  {user?.name}
                </Typography.Text>
              ) : null}
            </Flex>
          </Button>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
