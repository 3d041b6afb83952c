/**
 * `npm run storage:copy`: copies every stored file from one backend to the other, with the server's
 * own configuration (the same environment: DATA_DIR for the folder, STORAGE_* for the bucket).
 *
 *   npm run storage:copy                      # the folder (DATA_DIR/uploads) → the bucket
 *   npm run storage:copy -- --from bucket --to disk
 *
 * Idempotent and resumable: a file already in the target with the same size is skipped, so it can run
 * while the old instance still serves, again after an interruption, and once more after the switch.
 * It ends with the counts and bytes; exit code 1 when a file conflicts (another file at the same path)
 * or a store fails.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { diskStore } from "../server/storage/disk";
import { bucketStore } from "../server/storage/bucket";
import { copyFiles, type CopyReport } from "../server/storage/copy";
import type { FileStore } from "../server/storage/disk";
import { formatBytes } from "../src/domain/uploads";

type Side = "disk" | "bucket";
const SIDES: Side[] = ["disk", "bucket"];

function usage(message: string): never {
  console.error(`${message}\nUso: npm run storage:copy -- [--from disk|bucket] [--to bucket|disk]  (padrão: da pasta para o bucket)`);
  process.exit(2);
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: "string", default: "disk" }, to: { type: "string" } }, strict: true });
  const from = values.from as Side;
  if (!SIDES.includes(from)) usage(`--from: use disk ou bucket (veio ${values.from}).`);
  const to = (values.to ?? (from === "disk" ? "bucket" : "disk")) as Side;
  if (!SIDES.includes(to)) usage(`--to: use disk ou bucket (veio ${values.to}).`);
  if (from === to) usage("Origem e destino são o mesmo armazenamento.");

  const config = loadConfig(process.env);
  const bucket = config.uploads.bucket;
  if (!bucket) usage("Configure o bucket (STORAGE_BUCKET, STORAGE_ENDPOINT, STORAGE_ACCESS_KEY_ID, STORAGE_SECRET_ACCESS_KEY…) para copiar de ou para ele.");
  const stores: Record<Side, FileStore> = { disk: diskStore(config.uploads.dir), bucket: bucketStore(bucket) };
  const source = stores[from];
  const target = stores[to];
  const problem = await target.ready?.();
  if (problem) throw new Error(problem);
  console.log(`Copiando de ${source.description} para ${target.description}…`);

  let lastLine = 0;
  const report = await copyFiles(source, target, {
    onFile: (storagePath, outcome, progress) => {
      if (outcome === "conflito") console.warn(`conflito: ${storagePath} já existe no destino com outro tamanho; mantido como está.`);
      // A line every two seconds at most: a large installation has tens of thousands of files.
      if (Date.now() - lastLine > 2000) {
        lastLine = Date.now();
        console.log(`  ${summary(progress)}`);
      }
    },
  });
  console.log(summary(report));
  if (report.conflicts.length) {
    console.error(`${report.conflicts.length} ${report.conflicts.length === 1 ? "arquivo ficou" : "arquivos ficaram"} sem copiar por conflito (listados acima).`);
    process.exitCode = 1;
  }
}

const summary = (report: CopyReport) =>
  `copiados: ${report.copied} (${formatBytes(report.copiedBytes)}); já existiam: ${report.skipped} (${formatBytes(report.skippedBytes)}); conflitos: ${report.conflicts.length}`;

main().catch((error: unknown) => {
  console.error(`Falhou: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
