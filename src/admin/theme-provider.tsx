import type { ReactNode } from "react";
import { App as AntdApp, ConfigProvider } from "antd";
import antdPtBR from "antd/es/locale/pt_BR";
import { usePrefersReducedMotion, useThemeSettings } from "@/components/theme";
import { adminTheme } from "./theme";

/** antd in pt-BR following the theme settings (light or dark, direction, skin) and the system's reduced motion. */
export function AdminThemeProvider({ children }: { children: ReactNode }) {
  const settings = useThemeSettings();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={antdPtBR}
      direction={settings.direction}
      theme={adminTheme({ isDark: settings.isDark, reducedMotion })}
      wave={{ disabled: reducedMotion }}
      card={{ variant: settings.skin === "bordered" ? "outlined" : "borderless" }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
