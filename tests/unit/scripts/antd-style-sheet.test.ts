import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STATIC_COMPONENTS, antdStyleSheet } from "../../../scripts/antd-style-sheet";

const src = path.resolve(import.meta.dirname, "../../../src");

/** The components the app imports from antd (values, not types or hooks like `theme`). */
function antdComponentsInSource(): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const code = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const match of code.matchAll(/import\s+\{([^}]*)\}\s+from\s+"antd"/g)) {
      for (const part of match[1].split(",")) {
        const name = part.trim().replace(/\s+as\s+\w+$/, "");
        if (/^[A-Z]/.test(name) && !/Props$|Type$|^ConfigProvider$|^Grid$/.test(name)) names.add(name);
      }
    }
  }
  return names;
}

describe("the build's antd stylesheet", () => {
  it("covers every antd component the app imports (one left out is styled at runtime, slower on a phone)", () => {
    const missing = [...antdComponentsInSource()].filter((name) => !(name in STATIC_COMPONENTS));
    expect(missing).toEqual([]);
  });

  it("holds each component's styles and the marker through which antd in the browser skips writing them again", () => {
    const css = antdStyleSheet();
    const marker = css.match(/\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/);
    expect(marker).not.toBeNull();
    const paths = marker![1].split(";").map((entry) => entry.split(":")[0]);
    for (const component of ["Button", "Table", "Menu", "Layout", "Card", "Select", "DatePicker", "Form"]) expect(paths.some((cachePath) => cachePath.includes(`|${component}-`))).toBe(true);
    expect(css).toContain(".ant-btn");
    expect(css).toContain("#2f7d1e"); // the product's green, from adminTheme(STARTING_THEME)
  });
});
