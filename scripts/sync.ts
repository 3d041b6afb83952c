/**
 * `npm run sync -- --company <slug|cnpj>`: syncs one client with Transferegov now. With DATABASE_URL
 * it works on PostgreSQL directly; with the embedded PGlite it asks the running server (npm start).
 */
import { parseArgs } from "node:util";
import { eq, or } from "drizzle-orm";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { companies, syncRuns } from "../server/db/schema";
import { createRun } from "../server/sync/runs";
import { executeSyncRun, transferegovClient } from "../server/sync/transferegov/service";
import { toSyncRun, runsQuery } from "../server/sync/runs";
import { call, describeRun, followRun, localServer } from "./cli/server-client";

const say = (line: string) => console.log(`[sync] ${line}`);

async function main() {
  const { values } = parseArgs({ options: { company: { type: "string" } } });
  const key = values.company?.trim();
  if (!key) throw new Error("Informe o cliente: npm run sync -- --company <slug ou CNPJ>");
  const config = loadConfig();
  if (!config.databaseUrl) {
    const server = localServer(config);
    const { id } = await call<{ id: number }>(server, "/api/sync/transferegov", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ company: key }) });
    say(`execução ${id} pedida ao servidor em ${server.url}`);
    const run = await followRun(server, id, say);
    say(describeRun(run));
    return run.status === "succeeded";
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    const [company] = await database.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(or(eq(companies.slug, key.toLowerCase()), eq(companies.cnpj, key.replace(/[./-]/g, "").toUpperCase())))
      .limit(1);
    if (!company) throw new Error(`Cliente não encontrado: ${key}`);
    const run = await createRun(database.db, { source: "transferegov", companyId: company.id, trigger: "cli", requestedBy: null });
    say(`sincronizando ${company.name} com ${config.transferegov.apiUrl} (execução ${run.id})`);
    let lastStep = "";
    await executeSyncRun(database.db, run.id, transferegovClient(config), {
      onProgress: (progress) => {
        if (progress.step !== lastStep) say(progress.step);
        lastStep = progress.step;
      },
    });
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
    console.error(`[sync] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
