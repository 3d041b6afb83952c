import { theme as antdTheme, type ThemeConfig } from "antd";
import { TOOLTIP } from "@/components/tooltip";

/** The primary green of the product (the loading bar's #4fad32, darkened for text contrast). */
export const BRAND_GREEN = "#2f7d1e";

export interface ThemeChoice {
  isDark: boolean;
  reducedMotion: boolean;
}

/** The theme a visitor starts with: light, with motion. The build extracts its antd styles into a stylesheet (scripts/antd-style-sheet.ts). */
export const STARTING_THEME: ThemeChoice = { isDark: false, reducedMotion: false };

/** antd's theme for the admin app. Every other choice of antd's theme generates its own styles at runtime, so the build's stylesheet must be made from this same function. */
export function adminTheme({ isDark, reducedMotion }: ThemeChoice): ThemeConfig {
  // antd derives links and progress bars from colorInfo (blue); the product's accent is its green.
  const primary = isDark ? "#4fad32" : BRAND_GREEN;
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: primary, colorInfo: primary, colorLink: primary, borderRadius: 6, zIndexPopupBase: 1000, motion: !reducedMotion },
    components: {
      Tooltip: { zIndexPopup: TOOLTIP.zIndex },
    },
  };
}
