import type { RuntimeConfig } from "@/domain/runtime-config";

let pending: Promise<RuntimeConfig> | undefined;

/** The server's runtime configuration, fetched once. */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch("/api/config", { credentials: "same-origin" }).then((res) => {
    if (!res.ok) throw new Error(`GET /api/config: ${res.status}`);
    return res.json() as Promise<RuntimeConfig>;
  });
  pending.catch(() => (pending = undefined));
  return pending;
}
