import type { ReactNode } from "react";
import { App as AntdApp, ConfigProvider, theme as antdTheme } from "antd";
import antdPtBR from "antd/es/locale/pt_BR";
import { usePrefersReducedMotion, useThemeSettings } from "@/components/theme";
import { TOOLTIP } from "@/components/tooltip";

/** The primary green of the product (the loading bar's #4fad32, darkened for text contrast). */
export const BRAND_GREEN = "#2f7d1e";

/** antd in pt-BR following the theme settings (light or dark, direction, skin) and the system's reduced motion. */
export function AdminThemeProvider({ children }: { children: ReactNode }) {
  const settings = useThemeSettings();
  const reducedMotion = usePrefersReducedMotion();
  // antd derives links and progress bars from colorInfo (blue); the product's accent is its green.
  const primary = settings.isDark ? "#4fad32" : BRAND_GREEN;
  return (
    <ConfigProvider
      locale={antdPtBR}
      direction={settings.direction}
      theme={{
        algorithm: settings.isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: primary, colorInfo: primary, colorLink: primary, borderRadius: 6, zIndexPopupBase: 1000, motion: !reducedMotion },
        components: {
          Tooltip: { zIndexPopup: TOOLTIP.zIndex },
        },
      }}
      wave={{ disabled: reducedMotion }}
      card={{ variant: settings.skin === "bordered" ? "outlined" : "borderless" }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
