import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";
import { ANTD_STYLE_SHEET_META } from "../src/lib/antd-style-sheet.ts";

const RENDERER = path.join(import.meta.dirname, "antd-style-sheet.ts");

/**
 * Writes antd's styles for the starting theme into a hashed stylesheet at build time and names it in
 * index.html (`<meta name="antd-style-sheet">`) for the admin app to load (src/lib/antd-style-sheet.ts).
 * The renderer runs in a process of its own with NODE_ENV=production: antd's class hashes differ in
 * development, and a stylesheet with the wrong hashes would match nothing.
 */
export function antdStyleSheet(): Plugin {
  let fileName = "";
  return {
    name: "sol-antd-style-sheet",
    apply: "build",
    buildStart() {
      const css = execFileSync(process.execPath, ["--import", "tsx", RENDERER], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      fileName = `assets/antd-${createHash("sha256").update(css).digest("base64url").slice(0, 10)}.css`;
      this.emitFile({ type: "asset", fileName, source: css });
    },
    transformIndexHtml: () => [{ tag: "meta", attrs: { name: ANTD_STYLE_SHEET_META, content: `/${fileName}` }, injectTo: "head" }],
  };
}
