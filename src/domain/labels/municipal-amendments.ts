import type { BeneficiaryKind, MovementKind, MunicipalAmendmentKind, MunicipalAmendmentStage, PlanStatus } from "../municipal-amendments";

/** pt-BR names of the municipal emendas' codes, for the admin screens, the public site and the exports. */
export const municipalAmendmentLabels = {
  kinds: { INDIVIDUAL: "Individual", BANCADA: "De bancada", COMISSAO: "De comissão" } satisfies Record<MunicipalAmendmentKind, string>,
  beneficiaryKinds: { ORGAO_MUNICIPAL: "Órgão municipal", ENTIDADE: "Entidade (terceiro setor)" } satisfies Record<BeneficiaryKind, string>,
  stages: {
    INDICADA: "Indicada",
    PLANO_ENVIADO: "Plano de trabalho enviado",
    PLANO_DEVOLVIDO: "Plano devolvido para ajuste",
    APROVADA: "Aprovada pelo Executivo",
    EMPENHADA: "Empenhada",
    PAGA: "Paga",
    EXECUTADA: "Executada",
    CONTAS_PRESTADAS: "Contas prestadas",
    IMPEDIDA: "Impedimento técnico",
  } satisfies Record<MunicipalAmendmentStage, string>,
  planStatuses: { EM_ELABORACAO: "Em elaboração", ENVIADO: "Enviado ao Executivo", APROVADO: "Aprovado", DEVOLVIDO: "Devolvido para ajuste" } satisfies Record<PlanStatus, string>,
  movementKinds: {
    EMPENHO: "Empenho",
    PAGAMENTO: "Pagamento à conta da emenda",
    PAGAMENTO_FORNECEDOR: "Pagamento a fornecedor",
    DEVOLUCAO: "Devolução",
  } satisfies Record<MovementKind, string>,
};
