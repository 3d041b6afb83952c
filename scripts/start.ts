/**
 * `npm start`: builds the SPA when the build is missing or older than the sources, then runs the
 * server (which starts the embedded stack when nothing is configured).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { loadConfig } from "../server/config";

// A configuration error (a production start without its Firebase project, …) stops before the build.
try {
  loadConfig();
} catch (error) {
  console.error(`[sol] falha ao iniciar: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const built = path.resolve("dist", "index.html");
const sources = Math.max(newest("src"), newest("public"), newest("index.html"), newest("vite.config.ts"));
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log("[sol] construindo a interface (vite build)…");
  execFileSync(process.execPath, [path.resolve("node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { stdio: "inherit" });
}
await import("../server/main");
