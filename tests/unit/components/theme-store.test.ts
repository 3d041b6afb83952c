import { beforeEach, describe, expect, it } from "vitest";
import { createThemeStore, loadSettings } from "@/components/theme/theme-store";
import { CHART_COLORS, THEME_DEFAULTS } from "@/components/theme/settings";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

beforeEach(() => {
  document.documentElement.className = "";
  document.body.className = "";
});

describe("theme settings", () => {
  it("start from the spec's defaults when nothing is stored", () => {
    expect(loadSettings(memoryStorage())).toEqual({
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
    });
    expect(THEME_DEFAULTS.theme).toBe("light");
  });

  it("switch to dark at start when localStorage 'theme' is 'dark' and apply it to the page", () => {
    const store = createThemeStore(memoryStorage({ theme: "dark" }), document);
    expect(store.getState()).toMatchObject({ theme: "dark", isDark: true, chartColors: CHART_COLORS.dark });
    store.apply();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe("dark");
  });

  it("ignore stored values that are not valid choices", () => {
    const settings = loadSettings(memoryStorage({ theme: "purple", skin: "neon", navbarType: "floating", direction: "rtl" }));
    expect(settings).toMatchObject({ theme: "light", skin: "default", navbarType: "floating", direction: "rtl" });
  });

  it("toggle light/dark and store it under the key 'theme'", () => {
    const storage = memoryStorage();
    const store = createThemeStore(storage, document);
    store.toggleTheme();
    expect(storage.data.get("theme")).toBe("dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    store.toggleTheme();
    expect(storage.data.get("theme")).toBe("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(store.getState().isDark).toBe(false);
  });

  it("monochrome adds the grayscale look and sets its flag; turning it off removes both", () => {
    const storage = memoryStorage();
    const store = createThemeStore(storage, document);
    store.toggleMonochrome();
    expect(document.documentElement.classList.contains("grayscale")).toBe(true);
    expect(storage.data.get("monochrome")).toBe("true");
    store.toggleMonochrome();
    expect(document.documentElement.classList.contains("grayscale")).toBe(false);
    expect(storage.data.has("monochrome")).toBe(false);
  });

  it("semi-dark switches between semi-light and semi-dark and stores the value", () => {
    const storage = memoryStorage();
    const store = createThemeStore(storage, document);
    store.toggleSemiDark();
    expect(store.getState()).toMatchObject({ semiDark: true, semiDarkTheme: "semi-dark" });
    expect(storage.data.get("semiDark")).toBe("semi-dark");
    expect(document.body.classList.contains("semi-dark")).toBe(true);
    store.toggleSemiDark();
    expect(storage.data.get("semiDark")).toBe("semi-light");
    expect(document.body.classList.contains("semi-light")).toBe(true);
    expect(document.body.classList.contains("semi-dark")).toBe(false);
    expect(createThemeStore(memoryStorage({ semiDark: "semi-dark" }), document).getState().semiDarkTheme).toBe("semi-dark");
  });

  it("sidebar collapse, mobile sidebar and settings panel each flip open and closed, and notify", () => {
    const store = createThemeStore(memoryStorage(), document);
    let notified = 0;
    const unsubscribe = store.subscribe(() => notified++);
    for (const [toggle, key] of [
      [store.toggleSidebarCollapse, "sidebarCollapse"],
      [store.toggleMobileSidebar, "mobileSidebar"],
      [store.toggleSettings, "isOpenSettings"],
    ] as const) {
      toggle();
      expect(store.getState()[key]).toBe(true);
      toggle();
      expect(store.getState()[key]).toBe(false);
    }
    expect(notified).toBe(6);
    unsubscribe();
    store.toggleSettings();
    expect(notified).toBe(6);
  });

  it("remembers the panel's layout choices and applies the text direction", () => {
    const storage = memoryStorage();
    const store = createThemeStore(storage, document);
    store.setChoice("menuLayout", "horizontal");
    store.setChoice("direction", "rtl");
    store.setSidebarHidden(true);
    expect(document.documentElement.getAttribute("dir")).toBe("rtl");
    expect(loadSettings(storage)).toMatchObject({ menuLayout: "horizontal", direction: "rtl", sidebarHidden: true });
  });

  it("keeps working when storage throws (blocked cookies)", () => {
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    const store = createThemeStore(throwing, document);
    expect(store.getState().theme).toBe("light");
    store.toggleTheme();
    expect(store.getState().theme).toBe("dark");
  });
});
