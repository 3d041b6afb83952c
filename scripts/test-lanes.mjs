// Runs the test suites side by side in two lanes, so a two-core machine is busy while the browser
// suite waits on Chromium: lane "servidor" runs unit, API on PGlite and (when TEST_LANES_POSTGRES_URL
// names a server) the scale-out run one after another; lane "navegador" runs the end-to-end suite and
// then (with TEST_LANES_POSTGRES_URL) the API suite on PostgreSQL.
// Each line is printed with its lane's name; the exit code is non-zero if any suite failed.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const postgres = process.env.TEST_LANES_POSTGRES_URL;

/** One step of a lane: an npm script with extra environment. */
const step = (script, env = {}) => ({ script, env });

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
    // The API pass on PostgreSQL follows the browser suite, so the two lanes end near each other (the
    // server lane's unit and PGlite passes take about as long as the browser suite). The fuzz pass
    // already ran in full on PGlite: on PostgreSQL a smaller budget.
    // Its own auth emulator ports: the PGlite pass in the other lane may still run, and stops its
    // emulator (9199–9201) when it ends.
    ...(postgres ? [step("test:api", { TEST_DATABASE_URL: postgres, API_REPORT_SUFFIX: "-postgres", FUZZ_BUDGET: "150", TEST_AUTH_EMULATOR_PORT: "9250" })] : []),
  ],
};

function run(lane, { script, env }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => console.log(`[${lane}] ${line}`));
    }
    child.on("close", (code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`[${lane}] ${script}${env.TEST_DATABASE_URL ? " (PostgreSQL)" : ""}: ${code === 0 ? "ok" : `falhou (${code})`} em ${minutes} min`);
      resolve(code ?? 1);
    });
  });
}

async function runLane(lane, steps) {
  let failed = 0;
  // A failed suite does not stop the lane: every suite reports, and the summary counts them all.
  for (const s of steps) if ((await run(lane, s)) !== 0) failed++;
  return failed;
}

const results = await Promise.all(Object.entries(lanes).map(([lane, steps]) => runLane(lane, steps)));
process.exit(results.some((failed) => failed > 0) ? 1 : 0);
