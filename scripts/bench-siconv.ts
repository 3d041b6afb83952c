/**
 * The SICONV import at national size, in a process of its own so its memory is its own: generates
 * (once, kept under .data/bench) a siconv_pagamento.zip in the published format with `--rows` rows
 * for the convênios of the benchmark database (9 in 10 rows of registered convênios, 1 in 10 of
 * convênios nobody registered), imports it twice (first every row is new, then none changed) and
 * prints one JSON line: rows per second and peak RSS of each run. `npm run bench` calls it after the
 * list scenarios, on each database. With `--clients N`, the file is the national one as a consultancy
 * with N client municipalities meets it: only their share of the rows (N of the 5,571 municipalities)
 * belongs to a registered convênio, the rest is read and skipped. On its own:
 *
 *   tsx scripts/bench-siconv.ts --database-url postgres://… --rows 3000000 [--clients 30]
 *   tsx scripts/bench-siconv.ts --pglite-dir .data/bench/pglite --rows 300000
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import yazl from "yazl";
import { openDatabase, type Database } from "../server/db/client";
import { SUPPLIERS, cnpjWithCheckDigits } from "../server/db/seed/transfers-catalog";
import { importSiconv } from "../server/sync/siconv/import";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    "pglite-dir": { type: "string" },
    rows: { type: "string", default: "3000000" },
    clients: { type: "string" },
    dir: { type: "string", default: ".data/bench" },
  },
});
const ROWS = Number(args.rows);
const CLIENTS = args.clients === undefined ? undefined : Number(args.clients);
if (CLIENTS !== undefined && !(Number.isInteger(CLIENTS) && CLIENTS > 0)) throw new Error("--clients: um número inteiro de municípios clientes.");
const HEADER = ["NR_MOV_FIN", "NR_CONVENIO", "IDENTIF_FORNECEDOR", "NOME_FORNECEDOR", "TP_MOV_FINANCEIRA", "DATA_PAG", "NR_DL", "DESC_DL", "VL_PAGO"];

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
const pad = (n: number, width: number) => String(n).padStart(width, "0");
/** 1234567.8 → `1.234.567,80`, as the dumps write money. */
const ptMoney = (value: number) => {
  const [units, cents] = value.toFixed(2).split(".");
  return `${units.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${cents}`;
};

/** Whether row `i` is of a client's convênio: 9 in 10 when every municipality is a client, else one in `every`. */
const ofClient = (i: number, every: number | undefined) => (every === undefined ? i % 10 !== 9 : i % every === 0);

/** The CSV text, in chunks of rows, for the given convênios. */
async function* pagamentoCsv(convenios: string[], rows: number, every: number | undefined): AsyncGenerator<string> {
  yield "\uFEFF" + HEADER.map(quote).join(";") + "\n";
  const suppliers = SUPPLIERS.map((name, i) => ({ name, cnpj: cnpjWithCheckDigits(`${pad(11_111_111 + i * 7_919, 8)}0001`) }));
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    // The other rows are of convênios of municipalities that are not clients (800000-899999).
    const nr = ofClient(i, every) ? convenios[(i * 7_919) % convenios.length] : String(800_000 + (i % 99_991));
    const supplier = suppliers[i % suppliers.length];
    const day = pad(1 + (i % 28), 2);
    const month = pad(1 + ((i >> 5) % 12), 2);
    const year = 2015 + (i % 11);
    chunk += `${[String(50_000_000 + i), nr, supplier.cnpj, supplier.name, "Pagamento a favorecido", `${day}/${month}/${year}`, `${year}NP${pad(i % 1_000_000, 6)}`, `Nota fiscal ${i % 90_000}`, ptMoney(100 + ((i * 7_331) % 9_000_000) / 7)].map(quote).join(";")}\n`;
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

async function municipalityCount(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`select count(*)::int as n from companies where uf is not null`)) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

async function ensureDump(database: Database, label: string): Promise<string> {
  mkdirSync(args.dir!, { recursive: true });
  const file = path.resolve(args.dir!, `siconv_pagamento-${label}-${ROWS}-v2${CLIENTS ? `-clientes${CLIENTS}` : ""}.zip`);
  if (existsSync(file)) return file;
  // Only numbers one company holds: a number two companies claim belongs to nobody. With --clients,
  // the convênios of that many municipalities (the first by id that have any).
  const clients = CLIENTS ? sql`and company_id in (select company_id from voluntary_transfers group by company_id order by company_id limit ${CLIENTS})` : sql``;
  const result = (await database.db.execute(
    sql`select nr_transfer from voluntary_transfers where nr_transfer not in (select nr_transfer from voluntary_transfers group by nr_transfer having count(*) > 1) ${clients} group by nr_transfer order by nr_transfer`,
  )) as unknown as { rows: { nr_transfer: string }[] };
  const convenios = result.rows.map((row) => row.nr_transfer);
  if (!convenios.length) throw new Error("O banco não tem convênios: rode o benchmark (ou npm run seed:scale) antes.");
  const zip = new yazl.ZipFile();
  const every = CLIENTS ? Math.max(1, Math.round((await municipalityCount(database)) / CLIENTS)) : undefined;
  zip.addReadStream(Readable.from(pagamentoCsv(convenios, ROWS, every)), "siconv_pagamento.csv");
  zip.end();
  const partial = `${file}.partial`;
  await pipeline(zip.outputStream, createWriteStream(partial));
  renameSync(partial, file);
  return file;
}

interface RunResult {
  seconds: number;
  /** Reading the zip, parsing and staging (COPY) its rows. */
  readSeconds: number;
  /** The upsert into the payments and the convênios' totals. */
  writeSeconds: number;
  /** CPU of this process (user + system): on a shared machine, wall time also counts others' work. */
  cpuSeconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  counts: Record<string, number>;
}

async function timedImport(database: Database, file: string): Promise<RunResult> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const cpu = process.cpuUsage();
  // The file is read and staged first, then written in one upsert: how long each half took.
  let writing = started;
  const onProgress = ({ step }: { step: string }) => {
    if (step.startsWith("Gravando")) writing = performance.now();
  };
  const result = await importSiconv(database.db, [{ path: file, name: "siconv_pagamento.zip", table: "pagamento", bytes: statSync(file).size }], { onProgress });
  const seconds = (performance.now() - started) / 1000;
  const readSeconds = (writing - started) / 1000;
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds, readSeconds, writeSeconds: seconds - readSeconds, cpuSeconds: (used.user + used.system) / 1e6, rowsPerSecond: Math.round((result.details.rowsRead ?? 0) / seconds), peakRssMb: Math.round(peak / 2 ** 20), counts: { ...result.counts } };
}

async function main() {
  const url = args["database-url"];
  // Bulk work: the requests' statement timeout is not for deleting millions of rows.
  const database = await openDatabase(url ? { databaseUrl: url, statementTimeoutMs: 0 } : { dataDir: args["pglite-dir"] ?? ".data/bench/pglite" });
  try {
    const generating = performance.now();
    const file = await ensureDump(database, url ? "postgres" : "pglite");
    const generatedIn = (performance.now() - generating) / 1000;
    const first = await timedImport(database, file);
    console.error(`[siconv] primeira importação: ${JSON.stringify(first)}`);
    const second = await timedImport(database, file);
    console.error(`[siconv] segunda importação: ${JSON.stringify(second)}`);
    console.log(
      JSON.stringify({
        database: database.driver,
        rows: ROWS,
        clients: CLIENTS ?? null,
        zipMb: Math.round(statSync(file).size / 2 ** 20),
        generatedInSeconds: Math.round(generatedIn),
        first,
        second,
        maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      }),
    );
    // The benchmark's payments stay as the list scenarios expect them: the imported rows go away.
    await database.db.execute(sql`delete from transaction_payments where source = 'siconv' and kind = 'SUPPLIER_PAYMENT' and external_id like 'pagamento:%'`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
