import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDemo, writeDemoFiles } from "./db/seed";
import { createIdentity } from "./auth/identity";
import { buildApp, type App } from "./app";
import { startAuthEmulator, type RunningEmulator } from "./local/emulator";
import { ensureDemoIdentities } from "./local/demo-identities";
import { createJobRunner } from "./jobs";
import { enableCliAccess } from "./auth/cli-access";
import { startMailCatcher } from "./local/mail-catcher";
import { readyBanner } from "./local/banner";
import { logPlan } from "./lib/logging";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/demo-accounts";

/**
 * Starts the product. With no configuration it runs the embedded stack: the Firebase Auth Emulator,
 * PGlite under DATA_DIR, demo data on the first start, and the built SPA, all on one port.
 */
const say = (msg: string) => console.log(`[sol] ${msg}`);

// Whatever has started is stopped in reverse order: on Ctrl-C or SIGTERM (also during start-up) and on a failed start.
// For the server that order is a graceful stop: the readiness probe fails at once (the load balancer
// moves new traffic away), the port stops accepting, requests in flight finish, the job runner stops
// taking work and waits for running jobs, then the database closes, and the process exits 0.
const stops: (() => Promise<unknown>)[] = [];
let closing = false;
let running: App | undefined;
/** A stop that hangs (a request or job that never ends) must not keep a replaced instance alive forever. */
const STOP_DEADLINE_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 30_000;
async function shutdown(reason: string, code: number) {
  if (closing) return;
  closing = true;
  say(`encerrando (${reason})…`);
  if (running) running.draining = true;
  setTimeout(() => {
    console.error(`[sol] o encerramento passou de ${STOP_DEADLINE_MS / 1000} s; saindo assim mesmo.`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(`[sol] falha ao encerrar: ${explain(error)}`));
  say("encerrado.");
  process.exit(code);
}
process.on("SIGINT", () => void shutdown("SIGINT", 0));
process.on("SIGTERM", () => void shutdown("SIGTERM", 0));

const seconds = (ms: number) => `${(ms / 1000).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;

/** Runs `start` and says how long it took; what it returns is stopped at shutdown. */
async function timed<T extends { stop?: () => Promise<unknown>; close?: () => Promise<unknown> }>(label: string, start: () => Promise<T>, times: string[]): Promise<T> {
  const began = performance.now();
  const started = await start();
  stops.push(() => (started.stop ?? started.close)!.call(started));
  times.push(`${label} ${seconds(performance.now() - began)}`);
  return started;
}

async function main() {
  const began = performance.now();
  const config = loadConfig();
  const times: string[] = [];

  // loadConfig already refuses production without a real project; this keeps the emulator out of it regardless.
  const localIdentity = config.env !== "production" && !config.firebase.emulatorHost && config.firebase.projectId.startsWith("demo-");
  // The auth emulator (several seconds of CPU) and PGlite (WASM, migrations) start side by side.
  if (localIdentity) say(`iniciando o emulador de autenticação na porta ${config.firebase.emulatorPort}…`);
  say(config.databaseUrl ? "conectando ao PostgreSQL…" : `abrindo o PGlite em ${path.join(config.dataDir, "pglite")}…`);
  const [emulator, database] = await settleAll([
    localIdentity
      ? timed(
          "emulador",
          () =>
            startAuthEmulator({
              projectId: config.firebase.projectId,
              port: config.firebase.emulatorPort,
              dir: path.join(config.dataDir, "auth-emulator"),
              persist: true,
              log: (line) => config.logLevel === "debug" && console.log(`[auth] ${line}`),
            }),
          times,
        )
      : Promise.resolve(undefined as RunningEmulator | undefined),
    timed("banco", () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite"), statementTimeoutMs: config.statementTimeoutMs }), times),
  ]);
  if (emulator) config.firebase.emulatorHost = emulator.host;
  const identity = createIdentity(config);
  stops.push(() => identity.close());
  if (config.seedDemo && config.env !== "production" && (await seedDemo(database.db))) say("dados de demonstração criados.");
  if (emulator) await ensureDemoIdentities(identity.auth);

  // No SMTP server configured: a local catcher (maildev) receives the e-mail, with a web inbox; nothing leaves the machine.
  if (!config.mail.smtpUrl && config.env !== "production") {
    const catcher = await timed(
      "e-mail",
      () => startMailCatcher({ smtpPort: config.mail.maildevSmtpPort, webPort: config.mail.maildevWebPort, dir: path.join(config.dataDir, "maildev") }),
      times,
    );
    config.mail.smtpUrl = catcher.smtpUrl;
    config.mail.inboxUrl = catcher.inboxUrl;
  }

  const spaDir = path.resolve("dist");
  const latest = path.join(spaDir, "builds", "latest.json");
  if (!config.buildId && existsSync(latest)) config.buildId = JSON.parse(readFileSync(latest, "utf8")).buildId;
  const jobs = createJobRunner(database, (message) => say(message));
  const app = await buildApp({ config, db: database.db, identity, spaDir, jobs, sharedLimits: database.driver === "postgres" });
  running = app;
  // Closing the app stops accepting, lets requests in flight finish, then stops the jobs (its onClose).
  stops.push(() => app.close());
  // The demo records' files (models, project photos, quote evidence), when missing: in the background (a
  // few dozen PDFs and photos), so the server answers meanwhile.
  if (config.seedDemo && config.env !== "production") {
    void writeDemoFiles(database.db, app.storage.files).all.catch((error: unknown) => app.log.warn({ err: error }, "arquivos de demonstração não foram gravados"));
  }
  // With PGlite only this process opens the database: `npm run sync` asks the server instead.
  if (!config.databaseUrl) enableCliAccess(app, config.dataDir);

  await app.listen({ host: config.host, port: config.port });
  await jobs.start();
  const plan = logPlan(config, Boolean(process.stdout.isTTY));
  const banner = readyBanner({
    address: config.publicOrigin,
    seconds: seconds(performance.now() - began),
    times,
    // Only the local stack has demo accounts (the emulator's, with the seed's password).
    demo: emulator && config.seedDemo ? { accounts: DEMO_ACCOUNTS.filter((a) => a.acceptTerms).map(({ email, role }) => ({ email, role })), password: DEMO_PASSWORD } : null,
    inboxUrl: config.mail.inboxUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    databaseLabel: config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : "PGlite, na pasta de dados",
    logFile: plan?.file?.path ?? null,
  });
  for (const line of banner) console.log(line);
}

/** Like Promise.all, but waits for every start to settle so that whatever did start is stopped on failure. */
async function settleAll<T extends readonly unknown[]>(starts: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

function explain(error: unknown): string {
  const e = error as NodeJS.ErrnoException & { port?: number };
  if (e?.code === "EADDRINUSE") return `a porta ${e.port ?? ""} já está em uso. Feche o outro processo ou escolha outra com PORT=…`.replace("  ", " ");
  return error instanceof Error ? error.message : String(error);
}

main().catch((error) => {
  console.error(`[sol] falha ao iniciar: ${explain(error)}`);
  void shutdown("falha na inicialização", 1);
});
