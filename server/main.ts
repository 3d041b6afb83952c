import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDemo } from "./db/seed";
import { createIdentity } from "./auth/identity";
import { buildApp } from "./app";
import { startAuthEmulator, type RunningEmulator } from "./local/emulator";
import { ensureDemoIdentities } from "./local/demo-identities";

/**
 * Starts the product. With no configuration it runs the embedded stack: the Firebase Auth Emulator,
 * PGlite under DATA_DIR, demo data on the first start, and the built SPA, all on one port.
 */
async function main() {
  const config = loadConfig();
  const say = (msg: string) => console.log(`[sol] ${msg}`);
  let emulator: RunningEmulator | undefined;
  const localIdentity = !config.firebase.emulatorHost && config.firebase.projectId.startsWith("demo-");
  if (localIdentity) {
    say(`iniciando o emulador de autenticação na porta ${config.firebase.emulatorPort}…`);
    emulator = await startAuthEmulator({
      projectId: config.firebase.projectId,
      port: config.firebase.emulatorPort,
      dir: path.join(config.dataDir, "auth-emulator"),
      persist: true,
      log: (line) => config.logLevel === "debug" && console.log(`[auth] ${line}`),
    });
    config.firebase.emulatorHost = emulator.host;
  }
  say(config.databaseUrl ? "conectando ao PostgreSQL…" : `abrindo o PGlite em ${path.join(config.dataDir, "pglite")}…`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, "pglite") });
  const identity = createIdentity(config);
  if (config.seedDemo && (await seedDemo(database.db))) say("dados de demonstração criados.");
  if (emulator) await ensureDemoIdentities(identity.auth);

  const spaDir = path.resolve("dist");
  const latest = path.join(spaDir, "builds", "latest.json");
  if (!config.buildId && existsSync(latest)) config.buildId = JSON.parse(readFileSync(latest, "utf8")).buildId;
  const app = await buildApp({ config, db: database.db, identity, spaDir });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`encerrando (${signal})…`);
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await identity.close().catch(() => undefined);
    await emulator?.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  say(`pronto em http://localhost:${config.port} (contas de demonstração no README)`);
}

main().catch((error) => {
  console.error(`[sol] falha ao iniciar: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
