// Prints one closing line for every suite that wrote a report under reports/ in this run:
// "<N> passed, <N> failed, <N> skipped" (Vitest JSON and Playwright JSON reporters).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = "reports";
let passed = 0, failed = 0, skipped = 0;
const lines = [];
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".json")).sort() : []) {
  const report = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
  let p, f, s;
  if ("numPassedTests" in report) {
    [p, f, s] = [report.numPassedTests, report.numFailedTests, report.numPendingTests + (report.numTodoTests ?? 0)];
  } else {
    const st = report.stats ?? {};
    [p, f, s] = [(st.expected ?? 0) + (st.flaky ?? 0), st.unexpected ?? 0, st.skipped ?? 0];
  }
  passed += p; failed += f; skipped += s;
  lines.push(`  ${path.basename(file, ".json").padEnd(14)} ${p} passed, ${f} failed, ${s} skipped`);
}
console.log(["", "Test summary:", ...lines].join("\n"));
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
