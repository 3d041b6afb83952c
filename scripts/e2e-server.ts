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
// The tests' data changes only when a test asks: the daily sync (05:00 São Paulo, 08:00 UTC) once
// imported the recorded source into every client in the middle of a CI run, and the lists counted 245.
process.env.TRANSFEREGOV_SYNC_SCHEDULE ??= "off";
process.env.DIGEST_SCHEDULE ??= "off";
await import("./start");
