import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { EMPTY_COUNTS, SYNC_RUN_SOURCES, SYNC_RUN_STATUSES, SYNC_RUN_TRIGGERS, type SyncCounts, type SyncProgress, type SyncRunDetails } from "../../../src/domain/sync";
import { companies, timestamps } from "./companies";
import { users } from "./users";

export const syncRunSourceEnum = pgEnum("sync_run_source", SYNC_RUN_SOURCES);
export const syncRunStatusEnum = pgEnum("sync_run_status", SYNC_RUN_STATUSES);
export const syncRunTriggerEnum = pgEnum("sync_run_trigger", SYNC_RUN_TRIGGERS);

/**
 * One run of the Transferegov sync (one company) or of a SICONV import (every registered
 * municipality found in the files: no company). The job runner forgets; this record stays, so the
 * screen shows the last run and its counts after any restart.
 */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    source: syncRunSourceEnum("source").notNull(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    status: syncRunStatusEnum("status").notNull().default("queued"),
    trigger: syncRunTriggerEnum("trigger").notNull().default("manual"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    counts: jsonb("counts").$type<SyncCounts>().notNull().default(EMPTY_COUNTS),
    progress: jsonb("progress").$type<SyncProgress>(),
    details: jsonb("details").$type<SyncRunDetails>().notNull().default({}),
    /** The job runner's id of the run (server/jobs). */
    jobId: text("job_id"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sync_runs_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("sync_runs_created_idx").on(t.createdAt, t.id),
    index("sync_runs_active_idx").on(t.companyId).where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * What the SICONV import keeps of a proposal (siconv_proposta, with its siconv_emenda) of a
 * registered municipality: a convênio names only its ID_PROPOSTA, and its dump may come in a later
 * upload than the proposals'. Keyed by ID_PROPOSTA; the company is the one whose CNPJ is
 * IDENTIF_PROPONENTE.
 */
export const siconvProposals = pgTable(
  "siconv_proposals",
  {
    idProposta: bigint("id_proposta", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    nrProposta: varchar("nr_proposta", { length: 12 }),
    proposalDate: text("proposal_date"),
    modality: text("modality"),
    status: text("status"),
    object: text("object"),
    grantorCode: varchar("grantor_code", { length: 10 }),
    grantorAcronym: varchar("grantor_acronym", { length: 20 }),
    grantorName: text("grantor_name"),
    superiorGrantorName: text("superior_grantor_name"),
    globalValue: numeric("global_value", { precision: 15, scale: 2 }),
    /** From siconv_emenda: the first amendment of the proposal and its parliamentarian. */
    amendmentNumber: varchar("amendment_number", { length: 12 }),
    parliamentarianName: text("parliamentarian_name"),
    raw: jsonb("raw").$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index("siconv_proposals_company_idx").on(t.companyId)],
);

export type SyncRunRow = typeof syncRuns.$inferSelect;
export type SiconvProposalRow = typeof siconvProposals.$inferSelect;

/**
 * How fresh each Transferegov source is for one client (issue 32): the source's own
 * `data-atualizacao` when last read, the last successful read with its rows read and skipped, and
 * the last failure in words. Written at the end of every run, one row per client and module.
 */
export const syncSourceFreshness = pgTable(
  "sync_source_freshness",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The Transferegov module: especiais or fundoafundo. */
    source: varchar("source", { length: 20 }).notNull(),
    sourceUpdatedAt: text("source_updated_at"),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    rowsRead: integer("rows_read").notNull().default(0),
    rowsSkipped: integer("rows_skipped").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastFailure: text("last_failure"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.source] })],
);
