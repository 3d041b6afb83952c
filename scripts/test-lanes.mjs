// Runs the test suites side by side in two lanes, so a two-core machine is busy while the browser
// suite waits on Chromium: lane "servidor" runs unit, API on PGlite and (when TEST_LANES_POSTGRES_URL
// names a server) the scale-out run one after another; lane "navegador" runs the end-to-end suite.
// With TEST_LANES_POSTGRES_URL the API suite on PostgreSQL then runs in two halves, each taken by the
// first lane to be free, so the lanes end together whichever of them is slower on this machine.
// Each line is printed with its lane's name; the exit code is non-zero if any suite failed.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const postgres = process.env.TEST_LANES_POSTGRES_URL;

/** One step of a lane: an npm script with extra environment and arguments. */
const step = (script, env = {}, args = []) => ({ script, env, args });

/**
 * Half of the API suite on PostgreSQL (vitest --shard; tests/support/api-sequencer.ts deals the files so
 * both halves carry about the same work). The whole pass used to follow the browser suite in its lane,
 * which then ended ~8 min after the server lane (42.5 against 34 min at load 6–12). Each half has its
 * own auth emulator ports (the emulator takes port, port+1, port+2) and its own template and test
 * databases (random names), so the two may run at once. The fuzz pass already ran in full on PGlite:
 * on PostgreSQL a smaller budget.
 */
const postgresHalf = (index, emulatorPort) =>
  step("test:api", { TEST_DATABASE_URL: postgres, API_REPORT_SUFFIX: `-postgres-${index}`, FUZZ_BUDGET: "150", TEST_AUTH_EMULATOR_PORT: String(emulatorPort) }, [`--shard=${index}/2`]);

const lanes = {
  servidor: [
    step("test:unit"),
    step("test:api"),
    // Two instances behind HAProxy over that server, one killed mid-load (scripts/scale-out.ts); CI only.
    ...(postgres ? [step("test:scale-out", { SCALE_OUT_POSTGRES_URL: postgres })] : []),
  ],
  navegador: [
    // The browser suite shares the machine with the server lane: every wait is stretched alike.
    step("test:e2e", { E2E_TIMEOUT_SCALE: process.env.E2E_TIMEOUT_SCALE ?? "2" }),
  ],
};
// Taken in order by whichever lane is free first. Their own auth emulator ports: the PGlite pass in the
// server lane may still run, and stops its emulator (9199–9201) when it ends.
const shared = postgres ? [postgresHalf(1, 9250), postgresHalf(2, 9260)] : [];

function run(lane, { script, env, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script, ...(args.length ? ["--", ...args] : [])], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${lane}] ${line}`));
    }
    child.on("close", (code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${lane}] ${script}${env.TEST_DATABASE_URL ? " (PostgreSQL)" : ""}${args.length ? ` ${args.join(" ")}` : ""}: ${code === 0 ? "ok" : `falhou (${code})`} em ${minutes} min`);
      resolve(code ?? 1);
    });
  });
}

async function runLane(lane, steps) {
  let failed = 0;
  // A failed suite does not stop the lane: every suite reports, and the summary counts them all.
  for (const s of steps) if ((await run(lane, s)) !== 0) failed++;
  for (let s = shared.shift(); s; s = shared.shift()) if ((await run(lane, s)) !== 0) failed++;
  return failed;
}

const results = await Promise.all(Object.entries(lanes).map(([lane, steps]) => runLane(lane, steps)));
process.exit(results.some((failed) => failed > 0) ? 1 : 0);
