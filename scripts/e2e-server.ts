/**
 * The stack for end-to-end tests: `npm start` on a fresh data directory, so every run starts from the
 * demo data. Transferegov is a local server answering recorded pages in the published format
 * (tests/support/transferegov): TRANSFEREGOV_API_URL points the sync at it.
 */
import { rmSync } from "node:fs";
import { recordedTransferegov } from "../tests/support/transferegov/recorded";
import { startRecordedTransferegov } from "../tests/support/transferegov/server";

rmSync(process.env.DATA_DIR ?? ".data/e2e", { recursive: true, force: true });
const transferegov = await startRecordedTransferegov(recordedTransferegov());
process.env.TRANSFEREGOV_API_URL = transferegov.url;
process.env.TRANSFEREGOV_REQUESTS_PER_MINUTE ??= "60000";
await import("./start");
