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

/**
 * Where antd's defaults fall short of WCAG 2.1 AA's 4.5:1 for text (measured with axe on the admin
 * screens): secondary text, hints and breadcrumbs at 45% black (#8c8c8c on white, 3.4:1); the
 * selected menu item on the gray antd derives from this green (#b5bdb1, 2.7:1); danger, warning and
 * success text (antd's 6th shades: 3.3, 1.9 and 2.2:1 on white); placeholders; tag text, drawn in
 * each preset's 7th shade (gold 2.8:1, green 3.4:1). Darker shades of the same hues, each ≥ 4.5:1
 * on its tag's background.
 */
const READABLE_GREEN = "#237804"; // 5.6:1 on white
const READABLE_GOLD = "#874d00"; // 6.8:1 on white

const READABLE_LIGHT = {
  colorTextDescription: "rgba(0, 0, 0, 0.6)", // 5.7:1 on white, 5.6:1 on the layout's #f5f5f5
  colorTextTertiary: "rgba(0, 0, 0, 0.6)",
  colorTextPlaceholder: "rgba(0, 0, 0, 0.55)", // 25% black is 1.6:1; this is 4.7:1
  colorPrimaryBg: "#f0f7ed", // the brand green on it: 4.7:1
  colorErrorText: "#cf1322",
  colorWarningText: READABLE_GOLD,
  colorSuccessText: READABLE_GREEN,
  gold7: READABLE_GOLD,
  green7: READABLE_GREEN,
  orange7: "#ad4e00",
  volcano7: "#ad2102",
  cyan7: "#006d75",
  lime7: "#3f6600",
  yellow7: "#876800",
} as const;

/** The same for the dark theme: secondary text at 45% white is 4.4:1 on the layout's black; the selected item's green (#46962e, derived) on its derived background is 3.4:1. */
const READABLE_DARK = {
  colorTextDescription: "rgba(255, 255, 255, 0.55)", // 6.2:1 on black
  colorTextTertiary: "rgba(255, 255, 255, 0.55)",
  colorTextPlaceholder: "rgba(255, 255, 255, 0.5)",
  colorPrimaryBg: "#101c0b", // the derived #46962e on it: 4.8:1
  colorErrorText: "#f3676a", // the derived red is 4.3:1 on the cards; this is 6.1:1
} as const;

/** antd's theme for the admin app. Every other choice of antd's theme generates its own styles at runtime, so the build's stylesheet must be made from this same function. */
export function adminTheme({ isDark, reducedMotion }: ThemeChoice): ThemeConfig {
  // antd derives links and progress bars from colorInfo (blue); the product's accent is its green.
  const primary = isDark ? "#4fad32" : BRAND_GREEN;
  return {
    algorithm: isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: 6,
      zIndexPopupBase: 1000,
      motion: !reducedMotion,
      ...(isDark ? READABLE_DARK : READABLE_LIGHT),
    },
    components: {
      Tooltip: { zIndexPopup: TOOLTIP.zIndex },
      // A finished bar writes its "100%" in the success green: antd's is 2.2:1 on white.
      ...(isDark ? {} : { Progress: { colorSuccess: READABLE_GREEN } }),
    },
  };
}
