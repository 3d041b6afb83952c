import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, siconvProposals, voluntaryTransfers } from "../../db/schema";
import { transferTotalsUpdate } from "../../domain/payments";
import { refreshObligations } from "../../accountability/obligations";
import { EMPTY_COUNTS, SICONV_TABLES, type SiconvTable, type SyncCounts, type SyncProgress, type SyncRunDetails } from "../../../src/domain/sync";
import { RowProblem } from "../values";
import { addCounts } from "../upsert";
import { openDump } from "./read";
import { withImportSession, type ImportSession } from "./session";
import { TABLE_SPECS, type Belonging, type StageRow, type TableSpec } from "./tables";

/**
 * The SICONV dump import (issue 18): each file is streamed (zip → decoder → CSV parser), its rows of
 * registered municipalities are staged (COPY on PostgreSQL, batched INSERTs on PGlite) and one
 * upsert per file moves them into place. All files of an import share one transaction. Memory stays
 * bounded whatever the file's size: only a batch of rows and the (small) maps of what belongs to
 * whom are ever held.
 */

export interface ImportFile {
  path: string;
  /** The name as uploaded (messages and the run's details). */
  name: string;
  table: SiconvTable;
  bytes: number;
}

export interface ImportResult {
  counts: SyncCounts;
  details: SyncRunDetails;
}

/**
 * Rows per staging batch. Small batches die young: with 5,000 rows a batch outlived V8's young
 * generation while it waited for COPY, and the promoted garbage took the process to 354 MB on a
 * 600,000-row file; with 500 it peaked at 196 MB and staged faster (10.6 s against 13.7 s).
 */
const BATCH = 500;
const MAX_PROBLEMS = 20;
const LABELS: Record<SiconvTable, string> = {
  proposta: "Propostas",
  emenda: "Emendas das propostas",
  convenio: "Convênios",
  empenho: "Empenhos",
  desembolso: "Desembolsos",
  pagamento: "Pagamentos a fornecedores",
};
/** The convênio's incoming values, in the order of its owned columns, typed as the table's. */
const CONVENIO_INCOMING = [
  "s.nr_proposta", "s.year::smallint", "s.modality::voluntary_modality", "s.status::voluntary_status", "s.source_status", "coalesce(s.object, 'Objeto não informado')",
  "s.grantor_acronym", "s.superior_grantor_name", "s.amendment_number", "s.parliamentarian_name", "s.transfer_value::numeric(15,2)", "s.counterpart_value::numeric(15,2)",
  "s.signed_at", "s.published_at", "s.validity_start", "s.validity_end", "s.accountability_deadline", "s.contracting_situation::contracting_situation",
  "s.suspensive_clause_due", "s.process_number", "'siconv'::data_source", "s.nr_convenio", "s.raw",
].join(", ");

const KIND_OF: Partial<Record<SiconvTable, string>> = { empenho: "COMMITMENT", desembolso: "DISBURSEMENT", pagamento: "SUPPLIER_PAYMENT" };

async function belongingOf(db: Db): Promise<Belonging> {
  const companyRows = await db.select({ id: companies.id, cnpj: companies.cnpj }).from(companies);
  const proposalRows = await db.select({ id: siconvProposals.idProposta, companyId: siconvProposals.companyId }).from(siconvProposals);
  const convenioRows = await db.select({ nr: voluntaryTransfers.nrTransfer, companyId: voluntaryTransfers.companyId }).from(voluntaryTransfers);
  const convenios = new Map<string, number>();
  for (const { nr, companyId } of convenioRows) {
    const previous = convenios.get(nr);
    convenios.set(nr, previous === undefined || previous === companyId ? companyId : 0);
  }
  return {
    companies: new Map(companyRows.map((row) => [row.cnpj, row.id])),
    proposals: new Map(proposalRows.map((row) => [row.id, row.companyId])),
    convenios,
  };
}

export async function importSiconv(
  db: Db,
  files: ImportFile[],
  options: { now?: Date; onProgress?: (progress: SyncProgress) => void } = {},
): Promise<ImportResult> {
  const now = options.now ?? new Date();
  const ordered = [...files].sort((a, b) => SICONV_TABLES.indexOf(a.table) - SICONV_TABLES.indexOf(b.table));
  const belonging = await belongingOf(db);
  const problems: string[] = [];
  const entities: NonNullable<SyncRunDetails["entities"]> = {};
  let rowsRead = 0;
  const started = performance.now();

  await withImportSession(db, async (session) => {
    if (session.driver === "postgres") {
      // Room to sort and hash a national file in memory; a crash just before commit loses nothing a re-run cannot redo.
      await session.query("set local work_mem = '256MB'");
      // A national file's upsert takes minutes: the requests' statement timeout is not for it.
      await session.query("set local statement_timeout = 0");
      await session.query("set local synchronous_commit = off");
      // Every statement here is a bulk one, and the rows this transaction wrote are not in the table's
      // statistics yet: the planner would take them for a handful and walk millions of staged rows once
      // per written row (a nested loop). Hash and merge joins are what a national file needs.
      await session.query("set local enable_nestloop = off");
    }
    await session.query("create temp table stage_touched (id integer primary key) on commit drop");
    const created = new Set<string>();
    for (const [index, file] of ordered.entries()) {
      const spec = TABLE_SPECS[file.table];
      if (!created.has(spec.stage.name)) {
        await session.query(`create temp table ${spec.stage.name} (${spec.stage.columns.map(([name, type]) => `${name} ${type}`).join(", ")}) on commit drop`);
        created.add(spec.stage.name);
      } else {
        await session.query(`truncate ${spec.stage.name}`);
      }
      options.onProgress?.({ step: `Lendo ${file.name}`, done: index, total: ordered.length });
      const read = await stage(session, spec, file, belonging, (problem) => problems.length < MAX_PROBLEMS && problems.push(problem));
      rowsRead += read.rows;
      options.onProgress?.({ step: `Gravando ${file.name}`, done: index, total: ordered.length });
      const written = await apply(session, spec, now);
      const entity = LABELS[file.table];
      entities[entity] = { ...addCounts(entities[entity] ?? EMPTY_COUNTS, { ...written, skipped: read.skipped, failed: read.failed }), missing: (entities[entity]?.missing ?? 0) + written.missing };
    }
    // Each convênio whose movements changed has its totals recomputed once, at the end.
    await session.run(transferTotalsUpdate("voluntary", sql.raw("select id from stage_touched")));
  });
  // The convênios' accountability obligations follow what the import wrote (reading them never writes).
  await refreshObligations(db, null);

  let counts = EMPTY_COUNTS;
  for (const entity of Object.values(entities)) counts = addCounts(counts, { ...entity, updated: entity.updated + (entity.missing ?? 0) });
  const seconds = (performance.now() - started) / 1000;
  return {
    counts,
    details: {
      entities,
      problems,
      rowsRead,
      rowsPerSecond: Math.round(rowsRead / Math.max(seconds, 0.001)),
      files: files.map((f) => ({ name: f.name, table: f.table, bytes: f.bytes })),
    },
  };
}

/** Streams one file into its staging table; answers how many rows were read, skipped and failed. */
async function stage(session: ImportSession, spec: TableSpec, file: ImportFile, belonging: Belonging, report: (problem: string) => unknown) {
  const dump = await openDump(file.path).catch((error: Error) => {
    throw new Error(`${file.name}: não foi possível ler o arquivo (${error.message}).`);
  });
  const missing = spec.required.filter((column) => !dump.header.includes(column));
  if (missing.length) {
    dump.close();
    throw new Error(`${file.name}: faltam as colunas ${missing.join(", ")}. É mesmo o arquivo siconv_${spec.table} publicado pelo Transferegov?`);
  }
  const position = new Map(dump.header.map((name, i) => [name, i]));
  // The raw row as JSON text, keys quoted once: a national file has millions of rows.
  const keys = dump.header.map((name) => `${JSON.stringify(name)}:`);
  const tally = { rows: 0, skipped: 0, failed: 0 };
  async function* batches(): AsyncGenerator<StageRow[]> {
    let batch: StageRow[] = [];
    for await (const record of dump.records) {
      tally.rows += 1;
      const get = (header: string) => {
        const i = position.get(header);
        return i === undefined ? undefined : record[i];
      };
      const raw = () => {
        let text = "{";
        for (let i = 0; i < keys.length; i++) text += `${i ? "," : ""}${keys[i]}${JSON.stringify(record[i] ?? "")}`;
        return `${text}}`;
      };
      try {
        const row = spec.row(get, raw, belonging);
        if (!row) {
          tally.skipped += 1;
          continue;
        }
        batch.push(row);
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        tally.failed += 1;
        // Line 1 is the header; the dumps' fields hold no line breaks.
        report(`${file.name}, linha ${tally.rows + 1}: ${error.message}`);
        continue;
      }
      if (batch.length >= BATCH) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  try {
    await session.load(spec.stage.name, spec.stage.columns.map(([name]) => name), batches());
    // A temp table has no statistics until analyzed: without them the planner may pick a nested loop
    // over millions of staged rows for the anti-joins below.
    await session.query(`analyze ${spec.stage.name}`);
  } catch (error) {
    throw new Error(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    dump.close();
  }
  return tally;
}

interface Written {
  created: number;
  updated: number;
  unchanged: number;
  missing: number;
}

/**
 * Runs an upsert whose source is `staged` (referred to as `s` inside it, computed once) and counts
 * what it did: created and updated from its RETURNING, unchanged as the rest of the staged rows.
 */
async function countsOf(session: ImportSession, staged: string, upsert: string, params: unknown[]): Promise<Written> {
  const [row] = await session.query<{ staged: number; created: number; updated: number }>(
    `with s as materialized (${staged}), up as (${upsert})
     select (select count(*) from s)::int as staged, (count(*) filter (where created))::int as created, (count(*) filter (where not created))::int as updated from up`,
    params,
  );
  return { created: row.created, updated: row.updated, unchanged: row.staged - row.created - row.updated, missing: 0 };
}

/** The one upsert (and the missing marks) of a staged file. */
async function apply(session: ImportSession, spec: TableSpec, now: Date): Promise<Written> {
  const at = now.toISOString();
  if (spec.table === "proposta") {
    const owned = ["company_id", "nr_proposta", "proposal_date", "modality", "status", "object", "grantor_code", "grantor_acronym", "grantor_name", "superior_grantor_name", "global_value", "raw"];
    const staged = `select distinct on (id_proposta) * from stage_proposta order by id_proposta`;
    return countsOf(
      session,
      staged,
      `insert into siconv_proposals (id_proposta, ${owned.join(", ")}, created_at, updated_at)
       select id_proposta, ${owned.join(", ")}, $1, $1 from s
       where not exists (select 1 from siconv_proposals p where p.id_proposta = s.id_proposta and (${owned.map((c) => `p.${c}`).join(", ")}) is not distinct from (${owned.map((c) => `s.${c}`).join(", ")}))
       on conflict (id_proposta) do update set ${owned.map((c) => `${c} = excluded.${c}`).join(", ")}, updated_at = excluded.updated_at
       where (${owned.map((c) => `siconv_proposals.${c}`).join(", ")}) is distinct from (${owned.map((c) => `excluded.${c}`).join(", ")})
       returning (xmax = 0) as created`,
      [at],
    );
  }
  if (spec.table === "emenda") {
    // One amendment per proposal (the dump repeats rows): the lowest number, with its parliamentarian.
    const first = `select distinct on (id_proposta) id_proposta, nr_emenda, parliamentarian_name from stage_emenda order by id_proposta, nr_emenda nulls last`;
    const updated = await session.query(
      `update siconv_proposals p set amendment_number = e.nr_emenda, parliamentarian_name = e.parliamentarian_name, updated_at = $1
       from (${first}) e where p.id_proposta = e.id_proposta and (p.amendment_number, p.parliamentarian_name) is distinct from (e.nr_emenda, e.parliamentarian_name)
       returning p.id_proposta`,
      [at],
    );
    // Convênios already imported take their proposal's amendment too.
    await session.query(
      `update voluntary_transfers v set amendment_number = p.amendment_number, parliamentarian_name = p.parliamentarian_name, updated_at = $1, version = v.version + 1
       from siconv_proposals p where v.source = 'siconv' and p.id_proposta = (v.raw ->> 'ID_PROPOSTA')::bigint and p.company_id = v.company_id
         and (v.amendment_number, v.parliamentarian_name) is distinct from (p.amendment_number, p.parliamentarian_name)`,
      [at],
    );
    const [{ n }] = await session.query<{ n: number }>(`select count(*)::int as n from (${first}) s`);
    return { created: 0, updated: updated.length, unchanged: n - updated.length, missing: 0 };
  }
  if (spec.table === "convenio") {
    const owned = [
      "proposal_number", "year", "modality", "status", "source_status", "object", "grantor_acronym", "grantor_name", "amendment_number", "parliamentarian_name",
      "transfer_value", "counterpart_value", "signed_at", "published_at", "validity_start", "validity_end", "accountability_deadline",
      "contracting_situation", "suspensive_clause_due", "process_number", "source", "external_id", "raw",
    ];
    const staged = `select distinct on (s.company_id, s.nr_convenio) s.*, p.nr_proposta, p.modality, p.object, p.grantor_acronym, p.superior_grantor_name, p.amendment_number, p.parliamentarian_name
      from stage_convenio s join siconv_proposals p on p.id_proposta = s.id_proposta and p.company_id = s.company_id order by s.company_id, s.nr_convenio`;
    const written = await countsOf(
      session,
      staged,
      `insert into voluntary_transfers (company_id, nr_transfer, ${owned.join(", ")}, synced_at, created_at, updated_at)
       select company_id, nr_convenio, nr_proposta, year, modality::voluntary_modality, status::voluntary_status, source_status, coalesce(object, 'Objeto não informado'),
         grantor_acronym, superior_grantor_name, amendment_number, parliamentarian_name, transfer_value, counterpart_value, signed_at, published_at, validity_start,
         validity_end, accountability_deadline, contracting_situation::contracting_situation, suspensive_clause_due, process_number, 'siconv', nr_convenio, raw, $1, $1, $1
       from s
       -- Rows equal to what is stored never reach the upsert: no lock, no write, no WAL.
       where not exists (select 1 from voluntary_transfers v where v.company_id = s.company_id and v.nr_transfer = s.nr_convenio and v.source_missing_since is null
         and (${owned.map((c) => `v.${c}`).join(", ")}) is not distinct from (${CONVENIO_INCOMING}))
       on conflict (company_id, nr_transfer) do update set ${owned.map((c) => `${c} = excluded.${c}`).join(", ")}, synced_at = excluded.synced_at, source_missing_since = null, updated_at = excluded.updated_at,
         version = voluntary_transfers.version + 1
       where (${owned.map((c) => `voluntary_transfers.${c}`).join(", ")}) is distinct from (${owned.map((c) => `excluded.${c}`).join(", ")}) or voluntary_transfers.source_missing_since is not null
       returning (xmax = 0) as created`,
      [at],
    );
    const missing = await session.query(
      `update voluntary_transfers v set source_missing_since = $1, updated_at = $1, version = v.version + 1 where v.source = 'siconv' and v.source_missing_since is null
       and not exists (select 1 from stage_convenio s where s.company_id = v.company_id and s.nr_convenio = v.nr_transfer) returning v.id`,
      [at],
    );
    return { ...written, missing: missing.length };
  }
  const kind = KIND_OF[spec.table]!;
  const owned = ["voluntary_transfer_id", "kind", "status", "document_number", "payment_date", "amount", "payee_name", "payee_document", "source", "external_id", "raw"];
  const staged = `select distinct on (s.company_id, s.external_id) s.*, v.id as voluntary_transfer_id
    from stage_movement s join voluntary_transfers v on v.company_id = s.company_id and v.nr_transfer = s.nr_convenio order by s.company_id, s.external_id`;
  await session.query(`insert into stage_touched select distinct v.id from stage_movement s join voluntary_transfers v on v.company_id = s.company_id and v.nr_transfer = s.nr_convenio on conflict do nothing`);
  const written = await countsOf(
    session,
    staged,
    `insert into transaction_payments (company_id, ${owned.join(", ")}, description, synced_at, created_at, updated_at)
     select company_id, voluntary_transfer_id, kind::payment_kind, status::payment_status, document_number, payment_date, amount, payee_name, payee_document, 'siconv', external_id, raw,
       description, $1, $1, $1
     from s
     -- Rows equal to what is stored never reach the upsert: no lock, no write, no WAL.
     where not exists (select 1 from transaction_payments p where p.company_id = s.company_id and p.source = 'siconv' and p.external_id = s.external_id and p.source_missing_since is null
       and (${owned.map((c) => `p.${c}`).join(", ")}) is not distinct from (s.voluntary_transfer_id, s.kind::payment_kind, s.status::payment_status, s.document_number, s.payment_date, s.amount, s.payee_name, s.payee_document, 'siconv'::data_source, s.external_id, s.raw))
     on conflict (company_id, source, external_id) do update set ${owned.map((c) => `${c} = excluded.${c}`).join(", ")}, synced_at = excluded.synced_at, source_missing_since = null, updated_at = excluded.updated_at,
       version = transaction_payments.version + 1
     where (${owned.map((c) => `transaction_payments.${c}`).join(", ")}) is distinct from (${owned.map((c) => `excluded.${c}`).join(", ")}) or transaction_payments.source_missing_since is not null
     returning (xmax = 0) as created`,
    [at],
  );
  const missing = await session.query<{ transfer: number }>(
    `with gone as (
       update transaction_payments p set source_missing_since = $1, updated_at = $1, version = p.version + 1 where p.source = 'siconv' and p.kind = '${kind}' and p.source_missing_since is null
       and not exists (select 1 from stage_movement s where s.company_id = p.company_id and s.external_id = p.external_id) returning p.voluntary_transfer_id as transfer
     ), touched as (insert into stage_touched select distinct transfer from gone where transfer is not null on conflict do nothing)
     select transfer from gone`,
    [at],
  );
  return { ...written, missing: missing.length };
}
