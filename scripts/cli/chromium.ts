import { existsSync } from "node:fs";

/** Debian's Chromium for the Lighthouse audits (CHROMIUM_PATH overrides), with a clear message when it is missing. */
export function chromiumPath(): string {
  const file = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(file)) throw new Error(`Chromium não encontrado em ${file}: instale-o (apt-get install chromium) ou defina CHROMIUM_PATH.`);
  return file;
}
