/**
 * `npm run import:siconv -- siconv_proposta.zip siconv_convenio.zip …`: imports SICONV dump files
 * (zip or csv) for every registered municipality found in them. With DATABASE_URL it works on
 * PostgreSQL directly; with the embedded PGlite it uploads them to the running server (npm start).
 */
import { existsSync, openAsBlob, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { syncRuns } from "../server/db/schema";
import { importSiconv, type ImportFile } from "../server/sync/siconv/import";
import { createRun, markFailed, markRunning, markSucceeded, progressWriter, runsQuery, toSyncRun } from "../server/sync/runs";
import { siconvTableOf } from "../src/domain/sync";
import { call, describeRun, followRun, localServer } from "./cli/server-client";

const say = (line: string) => console.log(`[siconv] ${line}`);

async function main() {
  const names = process.argv.slice(2).filter((arg) => arg !== "--");
  if (!names.length) throw new Error("Informe os arquivos: npm run import:siconv -- siconv_proposta.zip siconv_convenio.zip …");
  const files: ImportFile[] = names.map((name) => {
    const table = siconvTableOf(name);
    if (!table) throw new Error(`Arquivo não reconhecido: ${name} (use os arquivos siconv_*.zip ou .csv do Transferegov).`);
    if (!existsSync(name)) throw new Error(`Arquivo não encontrado: ${name}`);
    return { path: path.resolve(name), name: path.basename(name), table, bytes: statSync(name).size };
  });
  const config = loadConfig();
  if (!config.databaseUrl) {
    const server = localServer(config);
    const body = new FormData();
    // openAsBlob streams the file from disk: a national dump never sits in memory.
    for (const file of files) body.append("file", await openAsBlob(file.path), file.name);
    const { id } = await call<{ id: number }>(server, "/api/imports/siconv", { method: "POST", body });
    say(`importação ${id} enviada ao servidor em ${server.url}`);
    const run = await followRun(server, id, say);
    say(describeRun(run));
    return run.status === "succeeded";
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    const run = await createRun(database.db, { source: "siconv", companyId: null, trigger: "cli", requestedBy: null, details: { files: files.map((f) => ({ name: f.name, table: f.table, bytes: f.bytes })) } });
    await markRunning(database.db, run.id, new Date());
    const record = progressWriter(database.db, run.id);
    try {
      const result = await importSiconv(database.db, files, {
        onProgress: (progress) => {
          record(progress);
          say(progress.step);
        },
      });
      await markSucceeded(database.db, run.id, result, new Date());
    } catch (error) {
      await markFailed(database.db, run.id, error instanceof Error ? error.message : String(error), new Date());
    }
    const [row] = await runsQuery(database.db).where(eq(syncRuns.id, run.id));
    const finished = toSyncRun(row);
    say(describeRun(finished));
    return finished.status === "succeeded";
  } finally {
    await database.close();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(`[siconv] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
