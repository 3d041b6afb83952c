/**
 * Where the benchmark server's memory goes (issue 12, item 8). The bench process is the server (its
 * load runs in child processes), so its own figures are the server's: resident set (RSS) and its peak,
 * V8's heap, buffers outside it, and with PGlite the WebAssembly memory PostgreSQL runs in (which
 * grows to PostgreSQL's peak allocation and never shrinks), what PostgreSQL's shared memory takes in
 * it, and the backend's largest memory contexts.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Database } from "../server/db/client";

export interface MemorySample {
  label: string;
  rssMb: number;
  /** The process's highest RSS so far (VmHWM). */
  peakRssMb: number;
  heapUsedMb: number;
  externalMb: number;
  wasmMb?: number;
  sharedMemoryMb?: number;
  contexts?: string;
  settings?: string;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

function peakRss(): number {
  const status = readFileSync("/proc/self/status", "utf8").match(/VmHWM:\s+(\d+) kB/);
  return status ? Math.round(Number(status[1]) / 1024) : NaN;
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function memorySample(label: string, database: Database): Promise<MemorySample> {
  (globalThis as { gc?: () => void }).gc?.(); // garbage is not the footprint (node --expose-gc)
  const usage = process.memoryUsage();
  const sample: MemorySample = { label, rssMb: mb(usage.rss), peakRssMb: peakRss(), heapUsedMb: mb(usage.heapUsed), externalMb: mb(usage.external) };
  if (database.driver !== "pglite") return sample;
  sample.wasmMb = database.wasmBytes ? mb(database.wasmBytes()) : undefined;
  const [shared] = await rows<{ bytes: string }>(database, sql`select sum(allocated_size)::text as bytes from pg_shmem_allocations`);
  sample.sharedMemoryMb = mb(Number(shared.bytes));
  const contexts = await rows<{ name: string; bytes: string }>(
    database,
    sql`select name, sum(total_bytes)::text as bytes from pg_backend_memory_contexts group by name order by sum(total_bytes) desc limit 3`,
  );
  sample.contexts = contexts.map((c) => `${c.name} ${(Number(c.bytes) / 2 ** 20).toFixed(1)}`).join(", ");
  const settings = await rows<{ name: string; value: string }>(
    database,
    sql`select name, current_setting(name) as value from pg_settings where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers') order by name`,
  );
  sample.settings = settings.map((s) => `${s.name}=${s.value}`).join(" ");
  return sample;
}

export function memoryTable(samples: MemorySample[]): string {
  const lines = [
    "| Momento | RSS (MB) | pico de RSS (MB) | heap V8 (MB) | external (MB) | memória WASM (MB) | memória compartilhada do PG (MB) | maiores contextos do PG (MB) |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const s of samples) lines.push(`| ${s.label} | ${s.rssMb} | ${s.peakRssMb} | ${s.heapUsedMb} | ${s.externalMb} | ${s.wasmMb ?? "—"} | ${s.sharedMemoryMb ?? "—"} | ${s.contexts ?? "—"} |`);
  const settings = samples.find((s) => s.settings)?.settings;
  if (settings) lines.push("", `Parâmetros de memória do PGlite: ${settings}.`);
  return lines.join("\n");
}
