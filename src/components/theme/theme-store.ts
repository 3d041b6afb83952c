import { CHART_COLORS, CHOICES, STORAGE_KEYS, THEME_DEFAULTS, type ChoiceKey, type ThemeMode, type ThemeSettings } from "./settings";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
type Listener = () => void;

export interface ThemeStore {
  getState(): ThemeSettings;
  subscribe(listener: Listener): () => void;
  setTheme(mode: ThemeMode): void;
  toggleTheme(): void;
  toggleMonochrome(): void;
  toggleSemiDark(): void;
  toggleSidebarCollapse(): void;
  toggleMobileSidebar(): void;
  toggleSettings(): void;
  setMobileSidebar(open: boolean): void;
  setSettingsOpen(open: boolean): void;
  setMouseHovered(hovered: boolean): void;
  setSidebarHidden(hidden: boolean): void;
  setNavbarColor(color: string | null): void;
  setChoice<K extends ChoiceKey>(key: K, value: (typeof CHOICES)[K][number]): void;
  /** Writes the settings onto the page: dark and grayscale classes, semi-dark class, direction. */
  apply(): void;
}

function isChoice<K extends ChoiceKey>(key: K, value: string | null): value is (typeof CHOICES)[K][number] {
  return value !== null && (CHOICES[key] as readonly string[]).includes(value);
}

/** Settings remembered in storage on top of the defaults (spec section 4). */
export function loadSettings(storage: KeyValueStorage | undefined): ThemeSettings {
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null; // storage blocked (private mode): defaults
    }
  };
  const theme: ThemeMode = read(STORAGE_KEYS.theme) === "dark" ? "dark" : "light";
  const semiDark = read(STORAGE_KEYS.semiDark) === "semi-dark";
  const settings: ThemeSettings = {
    ...THEME_DEFAULTS,
    theme,
    isDark: theme === "dark",
    chartColors: CHART_COLORS[theme],
    monochrome: read(STORAGE_KEYS.monochrome) === "true",
    semiDark,
    semiDarkTheme: semiDark ? "semi-dark" : "semi-light",
    sidebarHidden: read(STORAGE_KEYS.sidebarHidden) === "true",
  };
  for (const key of Object.keys(CHOICES) as ChoiceKey[]) {
    const stored = read(STORAGE_KEYS[key]);
    if (isChoice(key, stored)) Object.assign(settings, { [key]: stored });
  }
  return settings;
}

export function createThemeStore(storage: KeyValueStorage | undefined, doc: Document | undefined): ThemeStore {
  let state = loadSettings(storage);
  const listeners = new Set<Listener>();

  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // storage full or blocked: the setting still applies for this visit
    }
  };

  const set = (patch: Partial<ThemeSettings>) => {
    state = { ...state, ...patch };
    store.apply();
    listeners.forEach((listener) => listener());
  };

  const store: ThemeStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTheme(mode) {
      write(STORAGE_KEYS.theme, mode);
      set({ theme: mode, isDark: mode === "dark", chartColors: CHART_COLORS[mode] });
    },
    toggleTheme() {
      store.setTheme(state.theme === "dark" ? "light" : "dark");
    },
    toggleMonochrome() {
      const monochrome = !state.monochrome;
      write(STORAGE_KEYS.monochrome, monochrome ? "true" : null);
      set({ monochrome });
    },
    toggleSemiDark() {
      const semiDark = !state.semiDark;
      const semiDarkTheme = semiDark ? "semi-dark" : "semi-light";
      write(STORAGE_KEYS.semiDark, semiDarkTheme);
      set({ semiDark, semiDarkTheme });
    },
    toggleSidebarCollapse: () => set({ sidebarCollapse: !state.sidebarCollapse }),
    toggleMobileSidebar: () => set({ mobileSidebar: !state.mobileSidebar }),
    toggleSettings: () => set({ isOpenSettings: !state.isOpenSettings }),
    setMobileSidebar: (open) => set({ mobileSidebar: open }),
    setSettingsOpen: (open) => set({ isOpenSettings: open }),
    setMouseHovered: (hovered) => set({ isMouseHovered: hovered }),
    setSidebarHidden(hidden) {
      write(STORAGE_KEYS.sidebarHidden, hidden ? "true" : null);
      set({ sidebarHidden: hidden });
    },
    setNavbarColor: (color) => set({ navbarColor: color }),
    setChoice(key, value) {
      write(STORAGE_KEYS[key], value);
      set({ [key]: value });
    },
    apply() {
      if (!doc) return;
      const html = doc.documentElement;
      html.classList.toggle("dark", state.isDark);
      html.classList.toggle("light", !state.isDark);
      html.style.colorScheme = state.theme;
      html.classList.toggle("grayscale", state.monochrome);
      html.setAttribute("dir", state.direction);
      doc.body?.classList.remove("semi-dark", "semi-light");
      doc.body?.classList.add(state.semiDarkTheme);
    },
  };
  return store;
}

/** The app's one theme store, applied to the page as soon as the admin bundle loads. */
export const themeStore = createThemeStore(
  typeof window === "undefined" ? undefined : window.localStorage,
  typeof document === "undefined" ? undefined : document,
);
