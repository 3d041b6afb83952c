import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const src = path.join(root, "src");

/** Value imports of a module (type-only imports vanish from the bundle and are skipped). */
function valueImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers: string[] = [];
  const pattern = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const match of code.matchAll(pattern)) {
    if (match[2]) continue;
    specifiers.push(match[3] ?? match[4]);
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(src, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  throw new Error(`não resolvido: ${specifier} em ${from}`);
}

/** Every module and package the public site pulls into the browser, from its entry. */
function publicGraph() {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [path.join(src, "transparency", "App.tsx")];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith(".css")) continue;
    for (const specifier of valueImports(file)) {
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
      else packages.add(specifier);
    }
  }
  return { files: [...files].map((f) => path.relative(root, f)), packages: [...packages] };
}

describe("the public site's bundle", () => {
  const graph = publicGraph();

  it("uses only React and its small router from npm (no React Router, antd, Refine, Firebase, i18next, dayjs, zod or axios)", () => {
    expect(graph.packages.sort()).toEqual(["react", "wouter"]);
  });

  it("shares with the admin an entry point that loads no router: React Router comes with the admin's own chunk", () => {
    const entry = path.join(src, "main.tsx");
    const staticGraph = new Set<string>();
    const queue = [entry];
    while (queue.length) {
      const file = queue.pop()!;
      if (staticGraph.has(file) || file.endsWith(".css")) continue;
      staticGraph.add(file);
      const code = readFileSync(file, "utf8").replace(/import\(\s*["'][^"']+["']\s*\)/g, "");
      for (const match of code.matchAll(/(?:^|\n)\s*import\s+(?!type\s)(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/g)) {
        const local = resolveLocal(file, match[1]);
        if (local) queue.push(local);
        else expect(match[1], path.relative(root, file)).not.toMatch(/^(react-router|@refinedev|antd)/);
      }
    }
    expect(staticGraph.size).toBeGreaterThan(3);
  });

  it("never imports admin code, resources or providers", () => {
    const forbidden = graph.files.filter((f) => /^src\/(admin|resources|providers|pages)\//.test(f));
    expect(forbidden).toEqual([]);
    expect(graph.files).toContain("src/transparency/pages/home.tsx");
  });

  it("takes from src/domain only plain modules, never the ones that build zod schemas", () => {
    const domain = graph.files.filter((f) => f.startsWith("src/domain/")).sort();
    expect(domain).not.toContain("src/domain/transfers.ts");
    expect(domain).not.toContain("src/domain/transparency.ts");
    for (const file of domain) expect(valueImports(path.join(root, file)).filter((s) => !s.startsWith(".") && !s.startsWith("@/"))).toEqual([]);
  });
});
