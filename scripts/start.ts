/**
 * `npm start`: builds the SPA when the build is missing or older than the sources, then runs the
 * server (which starts the embedded stack when nothing is configured).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
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
if (!existsSync(built) || statSync(built).mtimeMs < sources) await buildInterface();

/**
 * vite build, quiet (warnings and errors only), with one progress line every 15 seconds: a first
 * build takes a minute or two, and a silent terminal looks stuck.
 */
async function buildInterface() {
  console.log("[sol] construindo a interface (vite build; só na primeira vez ou quando o código muda)…");
  const began = Date.now();
  const child = spawn(process.execPath, [path.resolve("node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], { stdio: "inherit" });
  const ticker = setInterval(() => console.log(`[sol] … construindo a interface há ${Math.round((Date.now() - began) / 1000)} s`), 15_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(ticker);
  if (code !== 0) {
    console.error(`[sol] falha ao construir a interface (vite build saiu com o código ${code}).`);
    process.exit(1);
  }
  console.log(`[sol] interface construída em ${Math.round((Date.now() - began) / 1000)} s.`);
}
await import("../server/main");
