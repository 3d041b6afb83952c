import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import path from "node:path";
import { buildMeta } from "./scripts/build-meta.ts";
import { antdStyleSheet } from "./scripts/vite-antd-style-sheet.ts";
import { precompress } from "./scripts/vite-precompress.ts";

export default defineConfig({
  plugins: [react(), buildMeta(), antdStyleSheet(), precompress()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  // The manifest tells the server which files each public page needs, so its HTML announces them (server/spa.ts).
  build: { target: "es2022", sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
