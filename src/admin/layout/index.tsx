import { Suspense, lazy, useCallback, useState, type ReactNode } from "react";
import { Drawer, Layout, theme as antdTheme } from "antd";
import { useTranslation } from "react-i18next";
import { themeStore, useIsDesktop, useThemeSettings } from "@/components/theme";
import { DIALOG_TEXTS } from "@/components/dialogs/texts";
import { AdminHeader } from "./header";
import { DeferredRender } from "@/components/deferred-render";
import { AdminMenu } from "./menu";
import { Brand } from "./brand";
import "./layout.css";

// The theme settings panel (antd's Radio, Switch, Divider) is code no first screen shows: it loads when first opened.
const ThemeSettingsPanel = lazy(() => import("@/components/theme/settings-panel").then((module) => ({ default: module.ThemeSettingsPanel })));

const SIDER_WIDTH = 248;
const SIDER_COLLAPSED_WIDTH = 72;

/**
 * The admin layout (spec section 2): a light/dark dashboard with the sidebar menu (a drawer on
 * phones, or a top menu in the horizontal layout), the header, the content (boxed or full width),
 * the footer and the theme settings panel. Everything follows the theme settings of section 3.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = antdTheme.useToken();
  const settings = useThemeSettings();
  const isDesktop = useIsDesktop();
  // Semi-dark: a dark menu beside light content. In dark mode antd's dark algorithm already darkens it.
  const darkSider = settings.semiDark && !settings.isDark;
  const siderTheme = darkSider ? "dark" : "light";
  const showSider = isDesktop && settings.menuLayout === "vertical" && !settings.sidebarHidden;
  const collapsed = settings.sidebarCollapse && !settings.isMouseHovered;
  const closeMobile = useCallback(() => themeStore.setMobileSidebar(false), []);

  return (
    <Layout
      className={`admin-layout skin-${settings.skin}`}
      data-theme={settings.theme}
      data-semi-dark={settings.semiDarkTheme}
      style={{ minHeight: "100vh" }}
    >
      {showSider ? (
        <Layout.Sider
          className="admin-sider"
          theme={siderTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          onMouseEnter={() => settings.sidebarCollapse && themeStore.setMouseHovered(true)}
          onMouseLeave={() => settings.isMouseHovered && themeStore.setMouseHovered(false)}
          style={{ borderInlineEnd: darkSider ? undefined : `1px solid ${token.colorBorderSecondary}` }}
        >
          <div className="admin-sider__brand">
            <Brand collapsed={collapsed} dark={darkSider} />
          </div>
          {/* The menu mounts in a commit of its own, once the frame has painted. */}
          <DeferredRender fallback={null}>
            <AdminMenu mode="inline" theme={siderTheme} />
          </DeferredRender>
        </Layout.Sider>
      ) : null}
      {!isDesktop ? (
        <Drawer
          open={settings.mobileSidebar}
          onClose={closeMobile}
          placement={settings.direction === "rtl" ? "right" : "left"}
          width={SIDER_WIDTH + 32}
          title={<Brand collapsed={false} dark={darkSider} />}
          closable={{ "aria-label": DIALOG_TEXTS.close }}
          className={`admin-mobile-menu${darkSider ? " admin-mobile-menu--dark" : ""}`}
          styles={{ body: { padding: 0 } }}
        >
          <AdminMenu mode="inline" theme={siderTheme} onNavigate={closeMobile} />
        </Drawer>
      ) : null}
      <Layout style={{ minWidth: 0 }}>
        <AdminHeader />
        <Layout.Content className="admin-content" data-width={settings.cWidth}>
          <div className="admin-content__inner">{children}</div>
        </Layout.Content>
        {settings.footerType === "hidden" ? null : (
          <Layout.Footer className="admin-footer" data-footer={settings.footerType}>
            © {new Date().getFullYear()} {t("app.name")}
          </Layout.Footer>
        )}
      </Layout>
      <SettingsPanelOnceOpened open={settings.isOpenSettings} />
    </Layout>
  );
}

/** The settings panel, mounted the first time it opens and kept from then on (so that it closes with its animation). */
function SettingsPanelOnceOpened({ open }: { open: boolean }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <ThemeSettingsPanel />
    </Suspense>
  ) : null;
}
