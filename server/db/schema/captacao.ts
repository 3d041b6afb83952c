import { sql } from "drizzle-orm";
import { boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { GRANTOR_KINDS, GRANTOR_SPHERES, PROGRAM_MODALITIES, PROGRAM_SITUATIONS, PROPOSAL_STATUSES, type ProposalAmendment, type ProposalHistoryEntry } from "../../../src/domain/captacao";
import { CONVENIO_MODALITIES } from "../../../src/domain/transfers";
import { companies, timestamps, versioned } from "./companies";

/**
 * Captação (issue 14). Grantors and programs are the national catalogue, one set for every
 * municipality (no company_id); proposals are each municipality's own.
 */

export const grantorSphereEnum = pgEnum("grantor_sphere", GRANTOR_SPHERES);
export const grantorKindEnum = pgEnum("grantor_kind", GRANTOR_KINDS);
export const programSituationEnum = pgEnum("program_situation", PROGRAM_SITUATIONS);
export const programModalityEnum = pgEnum("program_modality", PROGRAM_MODALITIES);
export const proposalStatusEnum = pgEnum("proposal_status", PROPOSAL_STATUSES);
export const proposalModalityEnum = pgEnum("proposal_modality", CONVENIO_MODALITIES);

/** Órgão concedente: ministério > secretaria / fundo (parent_id). */
export const grantors = pgTable(
  "grantors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    siafiCode: varchar("siafi_code", { length: 6 }).notNull(),
    superiorCode: varchar("superior_code", { length: 6 }),
    acronym: varchar("acronym", { length: 20 }).notNull(),
    name: varchar("name", { length: 200 }).notNull(),
    cnpj: varchar("cnpj", { length: 14 }),
    sphere: grantorSphereEnum("sphere").notNull().default("FEDERAL"),
    kind: grantorKindEnum("kind").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => grantors.id, { onDelete: "restrict" }),
    ...versioned,
    ...timestamps,
  },
  (t) => [uniqueIndex("grantors_siafi_code_key").on(t.siafiCode), index("grantors_parent_idx").on(t.parentId), check("grantors_not_own_parent", sql`${t.parentId} <> ${t.id}`)],
);

/** The catalogue de-duplicates SICONV's one row per (program, UF, modality): one row per code, UFs as a list. */
export const programs = pgTable(
  "programs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: varchar("code", { length: 13 }).notNull(),
    name: varchar("name", { length: 250 }).notNull(),
    year: smallint("year").notNull(),
    modality: programModalityEnum("modality").notNull(),
    situation: programSituationEnum("situation").notNull().default("DISPONIBILIZADO"),
    legalNature: varchar("legal_nature", { length: 120 }),
    budgetAction: varchar("budget_action", { length: 20 }),
    policyArea: varchar("policy_area", { length: 80 }),
    grantorId: integer("grantor_id")
      .notNull()
      .references(() => grantors.id, { onDelete: "restrict" }),
    objective: text("objective"),
    globalValue: numeric("global_value", { precision: 15, scale: 2 }),
    enabledUfs: varchar("enabled_ufs", { length: 2 }).array().notNull().default(sql`'{}'::varchar[]`),
    beneficiaryCnpjs: varchar("beneficiary_cnpjs", { length: 14 }).array().notNull().default(sql`'{}'::varchar[]`),
    voluntaryStart: date("voluntary_start"),
    voluntaryEnd: date("voluntary_end"),
    amendmentStart: date("amendment_start"),
    amendmentEnd: date("amendment_end"),
    specificStart: date("specific_start"),
    specificEnd: date("specific_end"),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("programs_code_key").on(t.code),
    index("programs_grantor_idx").on(t.grantorId),
    index("programs_enabled_ufs_idx").using("gin", t.enabledUfs),
    index("programs_beneficiary_cnpjs_idx").using("gin", t.beneficiaryCnpjs),
    index("programs_voluntary_window_idx").on(t.voluntaryEnd, t.voluntaryStart),
    check("programs_voluntary_order", sql`${t.voluntaryEnd} >= ${t.voluntaryStart}`),
    check("programs_amendment_order", sql`${t.amendmentEnd} >= ${t.amendmentStart}`),
    check("programs_specific_order", sql`${t.specificEnd} >= ${t.specificStart}`),
  ],
);

/**
 * The radar's narrow copy of the catalogue: one row per (UF, program, window) of every program that is
 * not inactive, written by triggers on `programs` in the same statement (migration
 * 0028_radar_openings_sql), never by the application. The radar ranks a UF's open windows here (a few
 * dozen bytes a row) instead of reading each program's wide row with its beneficiary list. The
 * amendment and specific-beneficiary windows are `named_only`: open only to a municipality the program
 * names (programs.beneficiary_cnpjs, answered by its GIN index). Its covering index is in that migration too.
 */
export const programOpenings = pgTable(
  "program_openings",
  {
    programId: integer("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    uf: varchar("uf", { length: 2 }).notNull(),
    kind: varchar("kind", { length: 9 }).notNull(),
    starts: date("starts").notNull(),
    ends: date("ends").notNull(),
    namedOnly: boolean("named_only").notNull(),
    code: varchar("code", { length: 13 }).notNull(),
    grantorId: integer("grantor_id").notNull(),
    modality: programModalityEnum("modality").notNull(),
    policyArea: varchar("policy_area", { length: 80 }),
    globalValue: numeric("global_value", { precision: 15, scale: 2 }),
  },
  (t) => [primaryKey({ columns: [t.uf, t.programId, t.kind] }), index("program_openings_program_idx").on(t.programId)],
);

/** A municipality's proposal (NR_PROPOSTA + proponent CNPJ), with its status history. */
export const proposals = pgTable(
  "proposals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    nrProposal: varchar("nr_proposal", { length: 11 }).notNull(),
    proponentCnpj: varchar("proponent_cnpj", { length: 14 }).notNull(),
    proponentName: varchar("proponent_name", { length: 200 }).notNull(),
    programId: integer("program_id").references(() => programs.id, { onDelete: "set null" }),
    grantorId: integer("grantor_id").references(() => grantors.id, { onDelete: "set null" }),
    modality: proposalModalityEnum("modality").notNull(),
    object: text("object").notNull(),
    status: proposalStatusEnum("status").notNull().default("CADASTRADA"),
    statusHistory: jsonb("status_history").$type<ProposalHistoryEntry[]>().notNull().default(sql`'[]'::jsonb`),
    proposalDate: date("proposal_date"),
    validityStart: date("validity_start"),
    validityEnd: date("validity_end"),
    globalValue: numeric("global_value", { precision: 15, scale: 2 }).notNull(),
    transferValue: numeric("transfer_value", { precision: 15, scale: 2 }).notNull(),
    counterpartValue: numeric("counterpart_value", { precision: 15, scale: 2 }).notNull(),
    amendments: jsonb("amendments").$type<ProposalAmendment[]>().notNull().default(sql`'[]'::jsonb`),
    bankName: varchar("bank_name", { length: 120 }),
    agency: varchar("agency", { length: 10 }),
    account: varchar("account", { length: 20 }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("proposals_company_nr_entity_key").on(t.companyId, t.nrProposal, t.proponentCnpj),
    index("proposals_company_status_idx").on(t.companyId, t.status),
    index("proposals_program_idx").on(t.programId),
    index("proposals_grantor_idx").on(t.grantorId),
    check("proposals_validity_order", sql`${t.validityEnd} >= ${t.validityStart}`),
  ],
);

/**
 * What the reports read of each proposal, kept by a trigger on `proposals` in the statement that writes
 * it (migration 0031_proposal_facts_sql), never by the application: a narrow row with the filters,
 * the statuses it reached (history and current), the days its history spent in each timed status up
 * to the next entry, and since when it has been in its current timed status. Across every municipality
 * the reports then add up narrow rows instead of parsing each proposal's history.
 */
export const proposalFacts = pgTable(
  "proposal_facts",
  {
    proposalId: integer("proposal_id")
      .primaryKey()
      .references(() => proposals.id, { onDelete: "cascade" }),
    companyId: integer("company_id").notNull(),
    year: smallint("year"),
    status: proposalStatusEnum("status").notNull(),
    grantorId: integer("grantor_id"),
    programId: integer("program_id"),
    transferValue: numeric("transfer_value", { precision: 15, scale: 2 }).notNull(),
    globalValue: numeric("global_value", { precision: 15, scale: 2 }).notNull(),
    proposalDate: date("proposal_date"),
    reached: text("reached").array().notNull(),
    daysCadastrada: doublePrecision("days_cadastrada").notNull(),
    daysEnviadaAnalise: doublePrecision("days_enviada_analise").notNull(),
    daysEmAnalise: doublePrecision("days_em_analise").notNull(),
    daysComplementacaoSolicitada: doublePrecision("days_complementacao_solicitada").notNull(),
    daysComplementacaoEnviada: doublePrecision("days_complementacao_enviada").notNull(),
    daysAprovada: doublePrecision("days_aprovada").notNull(),
    openStatus: text("open_status"),
    openSince: timestamp("open_since", { withTimezone: true }),
  },
  (t) => [index("proposal_facts_company_idx").on(t.companyId, t.year), index("proposal_facts_date_idx").on(t.proposalDate.desc().nullsLast(), t.proposalId.desc())],
);
