import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server runs under tsx, which resolves relative imports only: the SPA's `@/` alias exists for the
 * bundler and vitest, so a server module reaching (even through src/) a file that uses it starts in the
 * tests and dies at `npm start` ("Cannot find package '@/domain'").
 */

const ROOT = path.resolve(__dirname, "../../..");
const ENTRIES = ["server/main.ts", "scripts/start.ts"];
const SPECIFIER = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base.replace(/\.js$/, ".ts")].find((file) => existsSync(file) && file.match(/\.tsx?$/));
}

/** Every aliased import reachable from the entries, with the file that makes it. */
function aliasedImports(): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const queue = ENTRIES.map((entry) => path.join(ROOT, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith("@/")) found.push(`${path.relative(ROOT, file)} → ${specifier}`);
      else if (specifier.startsWith(".")) {
        const next = resolveRelative(file, specifier);
        if (next) queue.push(next);
      }
    }
  }
  return found;
}

describe("the server's modules", () => {
  it("reach no file that imports through the SPA's '@/' alias, which only the bundler and vitest resolve", () => {
    expect(aliasedImports()).toEqual([]);
  });
});
