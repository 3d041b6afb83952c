import { describe, expect, it } from "vitest";
import { theme } from "antd";
import { adminTheme } from "@/admin/theme";
import { contrastRatio as contrast, readableTextOn } from "@/lib/contrast";

const AA = 4.5;
const TAGS = ["gold", "green", "orange", "volcano", "cyan", "lime", "yellow", "red", "blue", "magenta", "purple", "geekblue"] as const;

describe.each([false, true])("the admin theme (dark: %s) keeps text at WCAG AA", (isDark) => {
  const token = theme.getDesignToken(adminTheme({ isDark, reducedMotion: false }));

  it("secondary, danger, warning and success text, hints, breadcrumbs and placeholders on the page, the cards and the layout", () => {
    for (const background of [token.colorBgContainer, token.colorBgLayout]) {
      expect(contrast(token.colorTextPlaceholder, background)).toBeGreaterThanOrEqual(AA);
      for (const status of [token.colorErrorText, token.colorWarningText, token.colorSuccessText]) expect(contrast(status, background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(token.colorTextDescription, background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(token.colorTextTertiary, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it("the selected menu item: the primary color on its background", () => {
    expect(contrast(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(AA);
  });

  it("a finished progress bar's text, written in the success green", () => {
    // A component's own tokens override the global ones for that component alone.
    const progress = { ...token, ...adminTheme({ isDark, reducedMotion: false }).components?.Progress };
    expect(contrast(progress.colorSuccess, token.colorBgContainer)).toBeGreaterThanOrEqual(AA);
  });
});

// The dark algorithm draws tags in its own palette; the light theme is the one that needed darker shades.
describe("the admin theme (light) keeps preset tags at WCAG AA", () => {
  const token = theme.getDesignToken(adminTheme({ isDark: false, reducedMotion: false }));

  it("every preset tag's text on its own background", () => {
    for (const color of TAGS) expect({ color, ratio: contrast(token[`${color}7`], token[`${color}1`]) >= AA }).toEqual({ color, ratio: true });
  });
});

describe("a tag filled with a category's chosen color", () => {
  it("writes its name in black or white, whichever reads at WCAG AA on that color", () => {
    for (const color of ["#1677ff", "#52c41a", "#faad14", "#f5222d", "#722ed1", "#13c2c2", "#ffffff", "#000000", "#2f7d1e", "#fadb14"]) {
      expect({ color, ratio: contrast(readableTextOn(color), color) >= AA }).toEqual({ color, ratio: true });
    }
  });

  it("tells an unreadable color apart instead of guessing", () => {
    expect(() => contrast("azul", "#ffffff")).toThrow("Cor ilegível: azul");
  });
});
