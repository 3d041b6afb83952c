import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import os from "node:os";
import path from "node:path";
import ApiSequencer from "./tests/support/api-sequencer.ts";

const timeoutScale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1) || 1;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    // Vitest leaves a core to itself (cores − 1 workers), which is one worker on a two-core machine: the
    // API files, each on its own database copy, waited in line while the second core sat half idle.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The API files' long ones first and, with --shard, shards of about equal work (tests/support/api-sequencer.ts).
    sequence: { sequencer: ApiSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // Rendering antd in jsdom can take seconds on a busy two-core machine.
          testTimeout: 15_000 * timeoutScale,
          setupFiles: ["tests/support/unit-setup.ts"],
          server: { deps: { inline: [/@refinedev\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // One module graph per worker instead of one per file: each file still builds its own app on its
          // own database copy (tests/support/api.ts), but the server's modules (about 3 s of CPU to import
          // per file) and the libraries' warm-up (pdfmake's fonts…) are paid once per
          // worker. The server keeps per-app state in WeakMaps keyed by the app or database, not in module
          // globals, and test files restore what they stub (timers, spies).
          isolate: false,
          globalSetup: ["tests/support/emulator-setup.ts", "tests/support/database-template-setup.ts"],
          // TEST_TIMEOUT_SCALE stretches both on a machine shared with other runs (a project's own
          // timeouts win over the command line's --testTimeout/--hookTimeout).
          testTimeout: 30_000 * timeoutScale,
          hookTimeout: 60_000 * timeoutScale,
        },
      },
    ],
  },
});
