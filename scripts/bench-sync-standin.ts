/**
 * The benchmark's stand-in of the Transferegov public API (scripts/bench-sync.ts starts it in a
 * process of its own, so its rows never count in the sync's memory): the recorded-answers server of
 * the API tests (tests/support/transferegov), in the September 2026 format, serving `--clients`
 * municipalities of `--plans` plans each plus `--national-plans` plans of municipalities that are not
 * clients (the national tables' size), indexed since nothing changes while it runs. Every municipality
 * also has three partnerships of the `parcerias` module (health emendas) and published analyses of
 * its fundo a fundo plans. It tells its
 * parent the address and the clients over IPC, and answers "stats" with the requests per path since
 * the last ask.
 */
import { parseArgs } from "node:util";
import { cnpjWithCheckDigits } from "../server/db/seed/transfers-catalog";
import { recordedTransferegov, type RecordedMunicipality } from "../tests/support/transferegov/recorded";
import { startRecordedTransferegov } from "../tests/support/transferegov/server";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string", default: "30" },
    plans: { type: "string", default: "200" },
    "national-plans": { type: "string", default: "30000" },
    port: { type: "string", default: "0" },
  },
});

const UFS = ["SP", "MG", "RJ", "BA", "PR", "RS", "PE", "CE", "PA", "SC", "GO", "MA"];

/** The clients first, then the municipalities that are not clients, 200 plans each. */
export function benchMunicipalities(clients: number, plans: number, nationalPlans: number): { clients: RecordedMunicipality[]; all: RecordedMunicipality[] } {
  const make = (i: number, planCount: number): RecordedMunicipality => ({
    cnpj: cnpjWithCheckDigits(`${String(70_000_000 + i * 37).padStart(8, "0")}0001`),
    name: `MUNICIPIO DE BANCADA ${i + 1}`,
    uf: UFS[i % UFS.length],
    ibge: 3_500_000 + i,
    idBeneficiario: 20_000 + i,
    idEnte: 30_000 + i,
    plans: planCount,
    fundPlans: 3,
    parcerias: 3,
    fundAnalyses: true,
  });
  const clientList = Array.from({ length: clients }, (_, i) => make(i, plans));
  const others = Array.from({ length: Math.ceil(nationalPlans / 200) }, (_, j) => make(clients + j, 200));
  return { clients: clientList, all: [...clientList, ...others] };
}

async function main() {
  const { clients, all } = benchMunicipalities(Number(args.clients), Number(args.plans), Number(args["national-plans"]));
  const tables = recordedTransferegov(all);
  const server = await startRecordedTransferegov(tables, { frozen: true, port: Number(args.port) });
  const sizes = Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows?.length ?? 0]));
  process.on("message", (message: unknown) => {
    if (message === "stats") {
      const counts: Record<string, number> = {};
      for (const request of server.requests) {
        const path = request.split("?")[0];
        counts[path] = (counts[path] ?? 0) + 1;
      }
      server.requests.length = 0;
      process.send?.({ kind: "stats", counts });
    }
    if (message === "stop") void server.close().then(() => process.exit(0));
  });
  process.send?.({ kind: "ready", url: server.url, clients: clients.map((m) => ({ cnpj: m.cnpj, name: m.name, uf: m.uf, plans: m.plans })), sizes, rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) });
}

if (process.send) void main();
