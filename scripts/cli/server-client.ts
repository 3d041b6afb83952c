import { loadConfig, type Config } from "../../server/config";
import { readCliToken } from "../../server/auth/cli-access";
import type { SyncRun } from "../../src/domain/sync";

/**
 * The command line talking to the running server (embedded stack: PGlite belongs to the server's
 * process). The server wrote this start's token to DATA_DIR/cli-token; requests go to 127.0.0.1.
 */
export interface LocalServer {
  url: string;
  token: string;
}

export function localServer(config: Config = loadConfig()): LocalServer {
  const token = readCliToken(config.dataDir);
  if (!token) {
    throw new Error(
      `O servidor não está rodando com estes dados (${config.dataDir}). Com o PGlite, inicie-o com npm start e rode o comando de novo; ou defina DATABASE_URL para trabalhar direto no PostgreSQL.`,
    );
  }
  return { url: `http://127.0.0.1:${config.port}`, token };
}

export async function call<T>(server: LocalServer, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { ...init, headers: { ...(init.headers ?? {}), authorization: `Bearer ${server.token}` } });
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `O servidor respondeu ${response.status}.`);
  return body;
}

/** Polls a run until it ends, printing its steps; answers the final run. */
export async function followRun(server: LocalServer, id: number, print: (line: string) => void): Promise<SyncRun> {
  let lastStep = "";
  for (;;) {
    const run = await call<SyncRun>(server, `/api/sync-runs/${id}`);
    const step = run.progress ? `${run.progress.step} (${run.progress.done}/${run.progress.total})` : run.status;
    if (step !== lastStep) print(step);
    lastStep = step;
    if (run.status === "succeeded" || run.status === "failed") return run;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export function describeRun(run: Pick<SyncRun, "status" | "counts" | "error" | "details">): string {
  const { created, updated, unchanged, skipped, failed } = run.counts;
  const lines = [
    run.status === "succeeded" ? "concluída" : `falhou: ${run.error}`,
    `novos ${created}, atualizados ${updated}, sem mudança ${unchanged}, ignorados ${skipped}, com erro ${failed}`,
    ...(run.details.problems ?? []).map((problem) => `  - ${problem}`),
  ];
  return lines.join("\n");
}
