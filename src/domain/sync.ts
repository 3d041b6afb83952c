import { z } from "zod";

/**
 * Transfers that arrive by themselves (research notes section 1): the Transferegov public API
 * (modules especiais and fundoafundo) and the SICONV CSV dumps. A synced row remembers where it
 * came from; a run of the sync or of an import is a `sync_runs` record.
 */

/** Where a synced row came from; rows typed in the app have none. */
export const DATA_SOURCES = ["transferegov_especiais", "transferegov_fundoafundo", "transferegov_parcerias", "siconv"] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

/** What a fundo a fundo analysis judged: the plano de ação, or one of its relatórios de gestão. */
export const FUND_ANALYSIS_SUBJECTS = ["PLANO_ACAO", "RELATORIO_GESTAO"] as const;
/** tipo_analise_plano_acao (September 2026 schema). */
export const FUND_ANALYSIS_TYPES = ["MERITO", "TECNICA", "FINANCEIRA", "TECNICA_FINANCEIRA"] as const;
/** tipo_resultado_analise_plano_acao (September 2026 schema). */
export const FUND_ANALYSIS_RESULTS = ["APROVADO", "COM_RESSALVA", "COMPLEMENTACAO", "REJEITADO"] as const;

/** One analysis on a fundo a fundo plan's page (GET /api/fund-to-fund-transfers/{id}/analyses). */
export const fundPlanAnalysisSchema = z.object({
  id: z.number().int(),
  subject: z.enum(FUND_ANALYSIS_SUBJECTS),
  reportId: z.number().int().nullable(),
  /** As the source sent it: a code of FUND_ANALYSIS_TYPES, or any other text shown as is. */
  analysisType: z.string().nullable(),
  result: z.string().nullable(),
  analyzedOn: z.string().nullable(),
  opinion: z.string().nullable(),
  origin: z.string().nullable(),
});
export type FundPlanAnalysis = z.infer<typeof fundPlanAnalysisSchema>;

/** What a run did: the Transferegov sync of one company, or an import of SICONV dump files. */
export const SYNC_RUN_SOURCES = ["transferegov", "siconv"] as const;
export type SyncRunSource = (typeof SYNC_RUN_SOURCES)[number];

export const SYNC_RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];

/** Who started a run: a person on the screen, the daily schedule, or the command line. */
export const SYNC_RUN_TRIGGERS = ["manual", "schedule", "cli"] as const;
export type SyncRunTrigger = (typeof SYNC_RUN_TRIGGERS)[number];

export interface SyncCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows that are not for a registered municipality (or not for this one). */
  skipped: number;
  /** Rows that could not be read or stored (bad date, value, code); see `details.problems`. */
  failed: number;
}
export const EMPTY_COUNTS: SyncCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };

/** Where a running run is, for the progress bar. */
export interface SyncProgress {
  /** A pt-BR sentence: "Buscando planos de ação (especiais)". */
  step: string;
  done: number;
  total: number;
}

/** GET /api/sync-runs/{id} (issue 18). */
export interface SyncRun {
  id: number;
  source: SyncRunSource;
  companyId: number | null;
  companyName: string | null;
  status: SyncRunStatus;
  trigger: SyncRunTrigger;
  counts: SyncCounts;
  progress: SyncProgress | null;
  /** Per-entity counts, the uploaded files, the first problems found. */
  details: SyncRunDetails;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
}

export interface SyncRunDetails {
  entities?: Record<string, SyncCounts & { missing?: number }>;
  files?: { name: string; table: string; bytes: number }[];
  /** Up to 20 rows that failed, with where and why. */
  problems?: string[];
  /** How many rows were read from the files or the API. */
  rowsRead?: number;
  /** Rows per second of an import. */
  rowsPerSecond?: number;
}

const countsSchema = z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), skipped: z.number(), failed: z.number() });

/** A run on the wire (GET /api/sync-runs): what the server may send, nothing more. */
export const syncRunRowSchema = z.object({
  id: z.number(),
  source: z.enum(SYNC_RUN_SOURCES),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(SYNC_RUN_STATUSES),
  trigger: z.enum(SYNC_RUN_TRIGGERS),
  counts: countsSchema,
  progress: z.object({ step: z.string(), done: z.number(), total: z.number() }).nullable(),
  details: z.object({
    entities: z.record(z.string(), countsSchema.extend({ missing: z.number().optional() })).optional(),
    files: z.array(z.object({ name: z.string(), table: z.string(), bytes: z.number() })).optional(),
    problems: z.array(z.string()).optional(),
    rowsRead: z.number().optional(),
    rowsPerSecond: z.number().optional(),
  }),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/** POST /api/sync/transferegov: the company by id, or (for the command line) by slug or CNPJ. */
export const syncRequestSchema = z
  .object({
    companyId: z.coerce.number({ message: "Informe o cliente." }).int("Cliente inválido.").positive("Cliente inválido.").optional(),
    company: z.string().trim().min(1, "Informe o cliente.").max(60, "Cliente inválido.").optional(),
  })
  .strict()
  .refine((v) => v.companyId !== undefined || v.company !== undefined, { message: "Informe o cliente.", path: ["companyId"] });
export type SyncRequest = z.infer<typeof syncRequestSchema>;

/** The SICONV dump tables the import reads, in the order they are applied. */
export const SICONV_TABLES = ["proposta", "emenda", "convenio", "empenho", "desembolso", "pagamento"] as const;
export type SiconvTable = (typeof SICONV_TABLES)[number];

/**
 * The table of a dump file from its published name: `siconv_pagamento.zip`, `siconv_pagamento.csv.zip`
 * or the extracted `siconv_pagamento.csv` (a browser may add ` (1)` to a repeated download).
 */
export function siconvTableOf(fileName: string): SiconvTable | null {
  const base = fileName.split(/[\\/]/).pop()!.toLowerCase().replace(/\s*\(\d+\)(?=\.)/, "");
  const match = /^siconv_([a-z_]+?)(?:\.csv)?(?:\.zip)?$/.exec(base);
  if (!match || !(base.endsWith(".zip") || base.endsWith(".csv"))) return null;
  return (SICONV_TABLES as readonly string[]).includes(match[1]) ? (match[1] as SiconvTable) : null;
}

/** Largest dump file accepted by the upload (the national siconv_pagamento.zip is several hundred MB). */
export const SICONV_MAX_FILE_BYTES = 4 * 1024 ** 3;
