import type { CodeList } from "@/components/resource/fields";
import { GRANTOR_KINDS, GRANTOR_SPHERES, PARLIAMENTARIAN_KINDS, PROGRAM_MODALITIES, PROGRAM_SITUATIONS, PROPOSAL_STATUSES, UFS, WINDOW_KINDS, type ProposalStatus } from "@/domain/captacao";
import { CONVENIO_MODALITIES } from "@/domain/transfers";

/** Proposal statuses by colour: grey registered, purple in analysis, orange asked for more, green approved, red refused. */
const STATUS_COLORS: Record<ProposalStatus, string> = {
  CADASTRADA: "default",
  ENVIADA_ANALISE: "blue",
  EM_ANALISE: "purple",
  COMPLEMENTACAO_SOLICITADA: "orange",
  COMPLEMENTACAO_ENVIADA: "gold",
  APROVADA: "green",
  REJEITADA: "red",
  CANCELADA: "default",
  CONVENIADA: "cyan",
};

/** The code lists of captação, named by src/locales/pt-BR/captacao.ts. */
export const CAPTACAO_CODES = {
  programModalities: { values: PROGRAM_MODALITIES, label: (code) => `captacao.modalities.${code as (typeof PROGRAM_MODALITIES)[number]}` },
  proposalModalities: { values: CONVENIO_MODALITIES, label: (code) => `captacao.modalities.${code as (typeof CONVENIO_MODALITIES)[number]}` },
  programSituations: {
    values: PROGRAM_SITUATIONS,
    label: (code) => `captacao.situations.${code as (typeof PROGRAM_SITUATIONS)[number]}`,
    color: (code) => (code === "INATIVO" ? "default" : code === "DISPONIBILIZADO" ? "green" : "blue"),
  },
  proposalStatuses: { values: PROPOSAL_STATUSES, label: (code) => `captacao.statuses.${code as ProposalStatus}`, color: (code) => STATUS_COLORS[code as ProposalStatus] ?? "default" },
  grantorKinds: { values: GRANTOR_KINDS, label: (code) => `captacao.grantor.kinds.${code as (typeof GRANTOR_KINDS)[number]}` },
  grantorSpheres: { values: GRANTOR_SPHERES, label: (code) => `captacao.grantor.spheres.${code as (typeof GRANTOR_SPHERES)[number]}` },
  windows: { values: WINDOW_KINDS, label: (code) => `captacao.windows.${code as (typeof WINDOW_KINDS)[number]}`, color: (code) => (code === "voluntary" ? "blue" : code === "amendment" ? "magenta" : "purple") },
  parliamentarianKinds: { values: PARLIAMENTARIAN_KINDS, label: (code) => `captacao.parliamentarianKinds.${code as (typeof PARLIAMENTARIAN_KINDS)[number]}` },
  /** UFs read as themselves. */
  ufs: { values: UFS, label: (code) => code as never },
} satisfies Record<string, CodeList>;
