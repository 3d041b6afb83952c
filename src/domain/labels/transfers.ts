/**
 * pt-BR names of the transfer codes (situations, statuses, modalities, payment kinds...), shared by
 * the admin texts, the public site and the server's exports: one place for each name.
 */
export const transferLabels = {
  transferKinds: { imposition: "Transferências especiais", voluntary: "Transferências voluntárias", fund: "Fundo a fundo" } as Record<string, string>,
  impositionSituations: {
    AGUARDANDO_CIENCIA: "Aguardando ciência",
    CIENTE: "Ciente",
    AGUARDANDO_CONCLUSAO_PLANO_TRABALHO: "Aguardando plano de trabalho",
    IMPEDIDO: "Impedido",
    IMPEDIDO_REJEICAO_PLANO_TRABALHO: "Impedido (plano rejeitado)",
    CONCLUIDO: "Concluído",
    CANCELADO: "Cancelado",
  } as Record<string, string>,
  voluntaryStatuses: {
    PROPOSTA_APROVADA: "Proposta aprovada",
    ASSINADO: "Assinado",
    EM_EXECUCAO: "Em execução",
    AGUARDANDO_PRESTACAO_CONTAS: "Aguardando prestação de contas",
    PRESTACAO_CONTAS_EM_ANALISE: "Prestação de contas em análise",
    PRESTACAO_CONTAS_EM_COMPLEMENTACAO: "Prestação de contas em complementação",
    PRESTACAO_CONTAS_APROVADA: "Prestação de contas aprovada",
    PRESTACAO_CONTAS_APROVADA_RESSALVAS: "Prestação de contas aprovada com ressalvas",
    PRESTACAO_CONTAS_REJEITADA: "Prestação de contas rejeitada",
    INADIMPLENTE: "Inadimplente",
    CONCLUIDO: "Concluído",
    ANULADO: "Convênio anulado",
    RESCINDIDO: "Convênio rescindido",
    CANCELADO: "Cancelado",
  } as Record<string, string>,
  fundSituations: {
    EM_ELABORACAO: "Em elaboração",
    ENVIADO_ANALISE: "Enviado para análise",
    EM_COMPLEMENTACAO: "Em complementação",
    AUTORIZADO: "Autorizado",
    EM_EXECUCAO: "Em execução",
    CONCLUIDO: "Concluído",
    CANCELADO: "Cancelado",
  } as Record<string, string>,
  modalities: {
    CONVENIO: "Convênio",
    CONTRATO_DE_REPASSE: "Contrato de repasse",
    TERMO_DE_FOMENTO: "Termo de fomento",
    TERMO_DE_COLABORACAO: "Termo de colaboração",
  } as Record<string, string>,
  contractingSituations: { NORMAL: "Normal", CLAUSULA_SUSPENSIVA: "Cláusula suspensiva", LIMINAR: "Liminar" } as Record<string, string>,
  expenseCategories: { CUSTEIO: "Custeio", INVESTIMENTO: "Investimento", "CUSTEIO E INVESTIMENTO": "Custeio e investimento" } as Record<string, string>,
  paymentKinds: {
    COMMITMENT: "Empenho",
    BANK_ORDER: "Ordem bancária",
    DISBURSEMENT: "Desembolso",
    SUPPLIER_PAYMENT: "Pagamento a fornecedor",
    COUNTERPART_DEPOSIT: "Depósito de contrapartida",
    YIELD: "Rendimento de aplicação",
  } as Record<string, string>,
  paymentStatuses: { PENDENTE: "Pendente", EFETIVADO: "Efetivado", CANCELADO: "Cancelado" } as Record<string, string>,
};

/** The label of a code, the code itself when unknown, null for null. */
export const labelOf = (group: Record<string, string>) => (code: string | null) => (code ? (group[code] ?? code) : null);
