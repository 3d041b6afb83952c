import type { CodeList } from "@/components/resource/fields";
import { BID_MODALITIES, BID_STATUSES, EXECUTION_KINDS, FILE_CATEGORIES, FUNDING_KINDS, PROJECT_STATUSES, PURCHASE_PROCESS_TYPES, WORK_PLAN_KINDS, type ProjectStatus } from "@/domain/projects";

/** Project statuses by colour: grey planning, blue bidding, green running, orange stopped, cyan done, red cancelled. */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  PLANEJAMENTO: "default",
  LICITACAO: "blue",
  EXECUCAO: "green",
  PARALISADA: "orange",
  CONCLUIDA: "cyan",
  CANCELADA: "red",
};

const BID_COLORS: Record<string, string> = { EM_PREPARACAO: "default", PUBLICADA: "blue", EM_JULGAMENTO: "purple", HOMOLOGADA: "green", DESERTA: "orange", FRACASSADA: "orange", REVOGADA: "red", ANULADA: "red" };

/** The code lists of projects, named by src/locales/pt-BR/projects.ts. */
export const PROJECT_CODES = {
  statuses: { values: PROJECT_STATUSES, label: (code) => `projects.statuses.${code as ProjectStatus}`, color: (code) => PROJECT_STATUS_COLORS[code as ProjectStatus] ?? "default" },
  workPlanKinds: { values: WORK_PLAN_KINDS, label: (code) => `projects.workPlan.kinds.${code as (typeof WORK_PLAN_KINDS)[number]}` },
  fundingKinds: { values: FUNDING_KINDS, label: (code) => `projects.funding.kinds.${code as (typeof FUNDING_KINDS)[number]}`, color: (code) => (["OWN", "COUNTERPART", "STATE"].includes(code) ? "default" : "geekblue") },
  bidModalities: { values: BID_MODALITIES, label: (code) => `projects.bids.modalities.${code as (typeof BID_MODALITIES)[number]}` },
  processTypes: { values: PURCHASE_PROCESS_TYPES, label: (code) => `projects.bids.processTypes.${code as (typeof PURCHASE_PROCESS_TYPES)[number]}` },
  bidStatuses: { values: BID_STATUSES, label: (code) => `projects.bids.statuses.${code as (typeof BID_STATUSES)[number]}`, color: (code) => BID_COLORS[code] ?? "default" },
  executionKinds: { values: EXECUTION_KINDS, label: (code) => `projects.execution.kinds.${code as (typeof EXECUTION_KINDS)[number]}`, color: (code) => (code === "MEDICAO" ? "blue" : "gold") },
  fileCategories: { values: FILE_CATEGORIES, label: (code) => `projects.files.categories.${code as (typeof FILE_CATEGORIES)[number]}` },
} satisfies Record<string, CodeList>;
