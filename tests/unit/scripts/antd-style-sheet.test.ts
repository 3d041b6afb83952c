import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SHEET_BYTES, STATIC_COMPONENTS, antdStyleSheets } from "../../../scripts/antd-style-sheet";

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

  it("holds each component's styles in sheets of about SHEET_BYTES, the last with the one marker through which antd in the browser skips writing them again", () => {
    const sheets = antdStyleSheets();
    expect(sheets.length).toBeGreaterThan(1);
    // A sheet is parsed in one task: it stays short unless a single component is larger (the button's styles are about 70 KB).
    for (const css of sheets) expect(css.length).toBeLessThan(SHEET_BYTES + 80 * 1024);
    const markers = sheets.map((css) => css.match(/\.data-ant-cssinjs-cache-path\{content:"([^"]+)"/)?.[1]);
    expect(markers.slice(0, -1).every((marker) => marker === undefined)).toBe(true);
    const paths = markers.at(-1)!.split(";").map((entry) => entry.split(":")[0]);
    for (const component of ["Button", "Table", "Menu", "Layout", "Card", "Select", "DatePicker", "Form", "Tag"]) expect(paths.some((cachePath) => cachePath.includes(`|${component}-`))).toBe(true);
    const css = sheets.join("");
    expect(css).toContain(".ant-btn");
    expect(css).toContain("#2f7d1e"); // the product's green, from adminTheme(STARTING_THEME)
  });
});
