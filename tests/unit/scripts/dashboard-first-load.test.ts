import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the dashboard's first screen makes the browser download and run before its figures (issue 36,
 * item 7), read from the sources: the modules reached from the page by static imports (a dynamic
 * `import()` starts a chunk of its own, loaded later).
 */
const src = path.resolve(import.meta.dirname, "../../../src");

/** A local module's file: `@/x` is src/x; .ts, .tsx or a folder's index. */
function resolveLocal(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("@/") ? path.join(src, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")].find((file) => existsSync(file) && !file.endsWith(path.sep) && /\.tsx?$/.test(file));
}

interface Imports {
  /** Every `import … from "x"` that brings a value (not `import type`), with the names it takes. */
  values: { specifier: string; names: string[] }[];
  dynamic: string[];
}

function importsOf(file: string): Imports {
  const code = readFileSync(file, "utf8");
  const values = [...code.matchAll(/^import\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)";/gms)].map((match) => ({
    specifier: match[2],
    names: (/\{([^}]*)\}/.exec(match[1])?.[1] ?? "").split(",").map((name) => name.trim()).filter((name) => name && !name.startsWith("type ")),
  }));
  const dynamic = [...code.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]);
  return { values, dynamic };
}

/** The local modules reached from `entry` by static value imports, and every import they make. */
function staticClosure(entry: string): Map<string, Imports> {
  const seen = new Map<string, Imports>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const imports = importsOf(file);
    seen.set(file, imports);
    for (const { specifier } of imports.values) {
      const local = resolveLocal(file, specifier);
      if (local) visit(local);
    }
  };
  visit(entry);
  return seen;
}

const dashboard = path.join(src, "pages/dashboard/index.tsx");

describe("the dashboard's first load", () => {
  const closure = staticClosure(dashboard);
  const localFiles = [...closure.keys()].map((file) => path.relative(src, file));

  it("does not bring the cards under the first screen (deadline center, open programs, latest payments) nor antd's Table", () => {
    expect(localFiles).not.toContain("components/alert-bell/deadline-center-card.tsx");
    expect(localFiles).not.toContain("components/captacao/open-programs-card.tsx");
    expect(localFiles).not.toContain("pages/dashboard/below-fold.tsx");
    const tables = [...closure].filter(([, imports]) => imports.values.some((i) => i.specifier === "antd" && i.names.includes("Table"))).map(([file]) => path.relative(src, file));
    expect(tables).toEqual([]);
  });

  it("loads those cards by a dynamic import of their own module", () => {
    expect(closure.get(dashboard)!.dynamic).toContain("./below-fold");
    expect(importsOf(path.join(src, "pages/dashboard/below-fold.tsx")).values.map((i) => i.specifier)).toEqual(
      expect.arrayContaining(["@/components/alert-bell/deadline-center-card", "@/components/captacao/open-programs-card"]),
    );
  });

  it("takes @brazilian-utils one function at a time, never its root with the 5,571 municipalities", () => {
    const whole = [...closure].filter(([, imports]) => imports.values.some((i) => i.specifier === "@brazilian-utils/brazilian-utils")).map(([file]) => path.relative(src, file));
    expect(whole).toEqual([]);
    expect(localFiles).toContain("domain/fields.ts"); // the path through which the municipalities came (the field vocabulary's CPF check)
  });

  it("mounts those cards only once the reader scrolls near them, so a phone's first screen neither loads nor renders them", () => {
    const code = readFileSync(dashboard, "utf8");
    expect(closure.get(dashboard)!.values.map((i) => i.specifier)).toContain("@/components/render-when-near");
    expect(code).toMatch(/<RenderWhenNear>\s*<Suspense fallback=\{null\}>\s*<BelowFold /);
  });
});

describe("the admin layout's first load", () => {
  const layout = path.join(src, "admin/layout/index.tsx");
  const layoutFiles = [...staticClosure(layout).keys()].map((file) => path.relative(src, file));

  it("does not bring the theme settings panel (antd's Radio and Switch), which loads when first opened", () => {
    expect(layoutFiles).not.toContain("components/theme/settings-panel.tsx");
    expect(importsOf(layout).dynamic).toContain("@/components/theme/settings-panel");
  });
});
