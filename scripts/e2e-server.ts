/** The stack for end-to-end tests: `npm start` on a fresh data directory, so every run starts from the demo data. */
import { rmSync } from "node:fs";

rmSync(process.env.DATA_DIR ?? ".data/e2e", { recursive: true, force: true });
await import("./start");
