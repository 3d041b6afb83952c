import type { RadarLevel, RiskKind, RiskState } from "../risks";

/** The risk queue's and the impediment radar's code lists (issue 33), in pt-BR; the locale references them. */
export const riskLabels = {
  kinds: {
    "work-plan": "Plano de trabalho / impedimento",
    cauc: "CAUC",
    accountability: "Prestação de contas",
    "management-report": "Relatório de gestão",
    lc210: "Comunicação LC 210",
    program: "Proposta não enviada",
    "idle-money": "Dinheiro parado",
    sync: "Fonte de dados",
  } satisfies Record<RiskKind, string>,
  states: {
    OPEN: "Aberto",
    IN_PROGRESS: "Em andamento",
    WAITING_MUNICIPALITY: "Aguardando o município",
    DONE: "Concluído",
    SNOOZED: "Adiado",
  } satisfies Record<RiskState, string>,
  radarLevels: {
    approved: "Plano aprovado",
    impeded: "Impedida",
    "no-calendar": "Sem data de impedimento",
    "on-time": "No prazo",
    alert: "Em alerta",
    overdue: "Prazo vencido",
  } satisfies Record<RadarLevel, string>,
} as const;
