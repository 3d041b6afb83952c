/**
 * The theme settings of spec section 3, with their defaults. Client-side only: the layout reads them,
 * the settings panel changes them, and a few are remembered in localStorage (section 4).
 */
export type ThemeMode = "light" | "dark";
export type SemiDarkTheme = "semi-light" | "semi-dark";
export type Skin = "default" | "bordered";
export type ContentWidth = "boxed" | "full";
export type MenuLayout = "vertical" | "horizontal";
export type NavbarType = "sticky" | "static" | "floating" | "hidden";
export type FooterType = "static" | "sticky" | "hidden";
export type Direction = "ltr" | "rtl";

/** Colours charts use, following the light/dark theme. */
export interface ChartColors {
  title: string;
  text: string;
  grid: string;
  series: string[];
}

export interface ThemeSettings {
  sidebarCollapse: boolean;
  sidebarHidden: boolean;
  mobileSidebar: boolean;
  semiDark: boolean;
  monochrome: boolean;
  semiDarkTheme: SemiDarkTheme;
  isDark: boolean;
  skin: Skin;
  theme: ThemeMode;
  isOpenSettings: boolean;
  cWidth: ContentWidth;
  menuLayout: MenuLayout;
  navbarType: NavbarType;
  /** Header background; null follows the light/dark theme. */
  navbarColor: string | null;
  /** A collapsed sidebar opens while the pointer is over it. */
  isMouseHovered: boolean;
  footerType: FooterType;
  direction: Direction;
  chartColors: ChartColors;
}

const SERIES = ["#4fad32", "#0ea5e9", "#f59e0b", "#F1595C", "#8b5cf6", "#14b8a6"];

export const CHART_COLORS: Record<ThemeMode, ChartColors> = {
  light: { title: "#0f172a", text: "#475569", grid: "#e2e8f0", series: SERIES },
  dark: { title: "#f1f5f9", text: "#cbd5e1", grid: "#334155", series: SERIES },
};

export const THEME_DEFAULTS: ThemeSettings = {
  sidebarCollapse: false,
  sidebarHidden: false,
  mobileSidebar: false,
  semiDark: false,
  monochrome: false,
  semiDarkTheme: "semi-light",
  isDark: false,
  skin: "default",
  theme: "light",
  isOpenSettings: false,
  cWidth: "boxed",
  menuLayout: "vertical",
  navbarType: "sticky",
  navbarColor: null,
  isMouseHovered: false,
  footerType: "static",
  direction: "ltr",
  chartColors: CHART_COLORS.light,
};

/** localStorage keys (section 4: `theme`; the monochrome flag; the semi-dark value). */
export const STORAGE_KEYS = {
  theme: "theme",
  monochrome: "monochrome",
  semiDark: "semiDark",
  skin: "skin",
  cWidth: "cWidth",
  menuLayout: "menuLayout",
  navbarType: "navbarType",
  footerType: "footerType",
  direction: "direction",
  sidebarHidden: "sidebarHidden",
} as const;

/** Settings the panel chooses among, remembered under their own key. */
export const CHOICES = {
  skin: ["default", "bordered"],
  cWidth: ["boxed", "full"],
  menuLayout: ["vertical", "horizontal"],
  navbarType: ["sticky", "static", "floating", "hidden"],
  footerType: ["static", "sticky", "hidden"],
  direction: ["ltr", "rtl"],
} as const satisfies Partial<Record<keyof ThemeSettings, readonly string[]>>;

export type ChoiceKey = keyof typeof CHOICES;
