import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { LoadResult } from "./bench-load";

/** The p-th percentile of sorted latencies. */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** autocannon in a child process (scripts/bench-load.ts), so the load never takes the server's event loop. */
export async function fireLoad(request: { url: string; headers: Record<string, string>; connections: number; duration: number }): Promise<LoadResult> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-load.ts");
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", script, JSON.stringify(request)], { maxBuffer: 256 * 2 ** 20 });
  return JSON.parse(stdout) as LoadResult;
}
