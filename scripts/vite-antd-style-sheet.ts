import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";
import { ANTD_STYLE_SHEET_META } from "../src/lib/antd-style-sheet.ts";

const RENDERER = path.join(import.meta.dirname, "antd-style-sheet.ts");

/**
 * Writes antd's styles for the starting theme into hashed stylesheets at build time and names them in
 * index.html (`<meta name="antd-style-sheet" content="/assets/antd-….css …">`) for the admin app to load
 * (src/lib/antd-style-sheet.ts). The renderer runs in a process of its own with NODE_ENV=production:
 * antd's class hashes differ in development, and sheets with the wrong hashes would match nothing.
 */
export function antdStyleSheet(): Plugin {
  let files: string[] = [];
  return {
    name: "sol-antd-style-sheet",
    apply: "build",
    buildStart() {
      const output = execFileSync(process.execPath, ["--import", "tsx", RENDERER], { env: { ...process.env, NODE_ENV: "production" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      files = (JSON.parse(output) as string[]).map((css) => {
        const fileName = `assets/antd-${createHash("sha256").update(css).digest("base64url").slice(0, 10)}.css`;
        this.emitFile({ type: "asset", fileName, source: css });
        return `/${fileName}`;
      });
    },
    transformIndexHtml: () => [{ tag: "meta", attrs: { name: ANTD_STYLE_SHEET_META, content: files.join(" ") }, injectTo: "head" }],
  };
}
