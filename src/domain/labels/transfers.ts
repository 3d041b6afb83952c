import type {
  CONTRACTING_SITUATIONS,
  EXPENSE_CATEGORIES,
  FUND_SITUATIONS,
  ImpositionSituation,
  PAYMENT_STATUSES,
  PaymentKind,
  VOLUNTARY_MODALITIES,
  VoluntaryStatus,
} from "../transfers";
import type { TransferKindCode } from "../assistant";

type Labels<Code extends string> = Readonly<Record<Code, string>>;
type Of<List extends readonly string[]> = List[number];

/**
 * A list that names every code of `Code` (a missing or an extra one fails to compile), typed for lookups
 * by any stored string: screens and exports show what the database holds, and `labelOf` falls back to
 * the code for one the product does not know.
 */
const labelsOf =
  <Code extends string>() =>
  (labels: Labels<Code>): Readonly<Record<string, string>> =>
    labels;

/** One transfer of each kind, in the singular: a row's kind, a project's funding source, a requirement's subject. */
const transferKinds = { imposition: "Transferência especial", voluntary: "Transferência voluntária", fund: "Fundo a fundo" } satisfies Labels<TransferKindCode>;

/**
 * pt-BR names of the transfer codes (situations, statuses, modalities, payment kinds...), shared by
 * the admin texts, the public site and the server's exports: one place for each name. The other code
 * lists are in ./codes.ts.
 */
export const transferLabels = {
  transferKinds,
  /** The kinds as headings of a group of transfers (menus, filters, totals by kind, the public site's sections). */
  transferKindGroups: { imposition: "Transferências especiais", voluntary: "Transferências voluntárias", fund: "Fundo a fundo" } satisfies Labels<TransferKindCode>,
  impositionSituations: labelsOf<ImpositionSituation>()({
    AGUARDANDO_CIENCIA: "Aguardando ciência",
    CIENTE: "Ciente",
    AGUARDANDO_CONCLUSAO_PLANO_TRABALHO: "Aguardando plano de trabalho",
    IMPEDIDO: "Impedido",
    IMPEDIDO_REJEICAO_PLANO_TRABALHO: "Impedido (plano rejeitado)",
    CONCLUIDO: "Concluído",
    CANCELADO: "Cancelado",
  }),
  voluntaryStatuses: labelsOf<VoluntaryStatus>()({
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
  }),
  fundSituations: labelsOf<Of<typeof FUND_SITUATIONS>>()({
    EM_ELABORACAO: "Em elaboração",
    ENVIADO_ANALISE: "Enviado para análise",
    EM_COMPLEMENTACAO: "Em complementação",
    AUTORIZADO: "Autorizado",
    EM_EXECUCAO: "Em execução",
    CONCLUIDO: "Concluído",
    CANCELADO: "Cancelado",
  }),
  modalities: labelsOf<Of<typeof VOLUNTARY_MODALITIES>>()({
    CONVENIO: "Convênio",
    CONTRATO_DE_REPASSE: "Contrato de repasse",
    TERMO_DE_FOMENTO: "Termo de fomento",
    TERMO_DE_COLABORACAO: "Termo de colaboração",
    FUNDO_A_FUNDO_SAUDE: "Fundo a fundo saúde (parceria)",
    PARCERIA: "Parceria (Transferegov)",
  }),
  contractingSituations: labelsOf<Of<typeof CONTRACTING_SITUATIONS>>()({ NORMAL: "Normal", CLAUSULA_SUSPENSIVA: "Cláusula suspensiva", LIMINAR: "Liminar" }),
  expenseCategories: labelsOf<Of<typeof EXPENSE_CATEGORIES>>()({ CUSTEIO: "Custeio", INVESTIMENTO: "Investimento", "CUSTEIO E INVESTIMENTO": "Custeio e investimento" }),
  paymentKinds: labelsOf<PaymentKind>()({
    COMMITMENT: "Empenho",
    BANK_ORDER: "Ordem bancária",
    DISBURSEMENT: "Desembolso",
    SUPPLIER_PAYMENT: "Pagamento a fornecedor",
    COUNTERPART_DEPOSIT: "Depósito de contrapartida",
    YIELD: "Rendimento de aplicação",
  }),
  /** The transfers' field names: the screens (through the locale) and the exports' column headings. */
  fields: {
    nrTransfer: "Código do plano de ação",
    nrConvenio: "Nº do convênio",
    codPlan: "Código do plano",
    proposalNumber: "Nº da proposta",
    year: "Ano",
    situation: "Situação",
    status: "Situação",
    modality: "Modalidade",
    amendmentNumber: "Nº da emenda",
    parliamentarianName: "Parlamentar",
    parliamentarianCode: "Código do parlamentar",
    program: "Programa",
    programCode: "Código do programa",
    programName: "Programa",
    grantor: "Concedente",
    grantorAcronym: "Sigla do concedente",
    grantorName: "Órgão concedente",
    expenseCategory: "Categoria de despesa",
    costingValue: "Custeio",
    investmentValue: "Investimento",
    plannedValue: "Valor previsto",
    transferValue: "Valor de repasse",
    counterpartValue: "Contrapartida",
    globalValue: "Valor global",
    committedValue: "Empenhado",
    paidValue: "Pago",
    disbursedValue: "Desembolsado",
    balance: "A receber",
    acceptedAt: "Data de aceite",
    objectName: "Objeto",
    object: "Objeto",
    objectDetail: "Detalhamento do objeto",
    policyAreas: "Área de política pública",
    impedimentReason: "Motivo do impedimento",
    bank: "Banco",
    bankCode: "Código do banco",
    bankName: "Banco",
    agency: "Agência",
    account: "Conta",
    executionStart: "Início da execução",
    executionEnd: "Fim da execução",
    legislativeNotifiedAt: "Comunicação ao Legislativo (LC 210/2024)",
    signedAt: "Assinatura",
    publishedAt: "Publicação",
    validityStart: "Início da vigência",
    validityEnd: "Fim da vigência",
    accountabilityDeadline: "Prestação de contas até",
    contractingSituation: "Situação de contratação",
    suspensiveClauseDue: "Prazo da cláusula suspensiva",
    processNumber: "Nº do processo",
    transferringFundName: "Fundo repassador",
    receivingFundCnpj: "CNPJ do fundo recebedor",
    receivingFundName: "Fundo recebedor",
    objectives: "Objetivos",
    amendmentTransferValue: "Repasse de emenda",
    specificTransferValue: "Repasse específico",
    voluntaryTransferValue: "Repasse voluntário",
    totalTransferValue: "Total de repasse",
    ownResourcesValue: "Recursos próprios",
    isPublic: "Publicar no portal da transparência",
    internalNotes: "Observações internas",
    period: "Período",
    valueRange: "Faixa de valor",
  },
  paymentStatuses: labelsOf<Of<typeof PAYMENT_STATUSES>>()({ PENDENTE: "Pendente", EFETIVADO: "Efetivado", CANCELADO: "Cancelado" }),
};

/** The label of a code, the code itself when unknown, null for null. */
export const labelOf =
  (group: Readonly<Record<string, string>>) =>
  (code: string | null): string | null =>
    code ? (group[code] ?? code) : null;
