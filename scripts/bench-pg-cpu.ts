import { readFileSync, readdirSync } from "node:fs";

/**
 * The CPU time (ms) of a local PostgreSQL cluster's processes, read from /proc: the postmaster whose
 * command line names `port` and its children (backends, walwriter…). The database shares the
 * machine's cores with the server, so the risk queue's cost per request is the sum of both
 * (issue 33). Null where /proc cannot tell (another OS, a remote server).
 */
export function postgresCpuMs(port: string | number): number | null {
  const ticksPerSecond = 100; // Linux's USER_HZ.
  let ticks = 0;
  let found = false;
  let names: string[];
  try {
    names = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of names) {
    const comm = read(`/proc/${pid}/comm`).trim();
    if (comm !== "postgres") continue;
    const stat = read(`/proc/${pid}/stat`);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = read(`/proc/${pid}/cmdline`).split("\0");
    const parent = read(`/proc/${fields[1]}/cmdline`).split("\0");
    if (!own.includes(String(port)) && !parent.includes(String(port))) continue;
    found = true;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return found ? (ticks * 1000) / ticksPerSecond : null;
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
