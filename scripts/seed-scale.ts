/**
 * `npm run seed:scale`: fills a database at national scale for benchmarks (every IBGE municipality's
 * transfers and 1,000,000 payments by default) on top of the demo data.
 *   DATABASE_URL=postgres://… npm run seed:scale            PostgreSQL
 *   npm run seed:scale -- --pglite .data/scale               a PGlite data directory (the default)
 *   npm run seed:scale -- --municipalities 100 --payments 50000
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/client";
import { seedDemo } from "../server/db/seed";
import { NATIONAL_SCALE, seedScale } from "../server/db/seed/scale";
import { refreshObligations } from "../server/accountability/obligations";

const { values } = parseArgs({
  options: {
    pglite: { type: "string", default: ".data/scale/pglite" },
    municipalities: { type: "string", default: String(NATIONAL_SCALE.municipalities) },
    payments: { type: "string", default: String(NATIONAL_SCALE.payments) },
  },
});

const started = Date.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
console.log(`[scale] ${databaseUrl ? "PostgreSQL" : `PGlite em ${values.pglite}`}`);
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: values.pglite });
try {
  if (await seedDemo(database.db)) console.log("[scale] dados de demonstração criados");
  const result = await seedScale(database.db, {
    ...NATIONAL_SCALE,
    municipalities: Number(values.municipalities),
    payments: Number(values.payments),
    log: (message) => console.log(`[scale] ${message}`),
  });
  // The accountability obligations follow the new transfers here, as on every write (reading them never writes).
  const obligations = await refreshObligations(database.db, null);
  console.log(`[scale] ${obligations} obrigações de prestação de contas calculadas`);
  console.log(`[scale] pronto: ${result.companies} municípios, ${result.payments} pagamentos em ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await database.close();
}
