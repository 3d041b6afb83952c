import type { AUDIT_ACTIONS, AUDIT_SOURCES } from "../access-logs";
import type { Lc210Recipient, ObligationKind, ObligationStatus } from "../accountability";
import type { AlertAudience, AlertSeverity } from "../alerts";
import type { Role } from "../auth";
import type { ACCOUNT_ENTRY_KINDS, MATCH_STATUSES, RETURN_KINDS } from "../account-trail";
import type { GRANTOR_KINDS, GRANTOR_SPHERES, PARLIAMENTARIAN_KINDS, ProgramModality, ProgramSituation, ProposalStatus, WindowKind } from "../captacao";
import type { ContentSearchKind, LegislationKind, LEGISLATION_SPHERES, LEGISLATION_STATUSES, PostStatus } from "../content";
import type { DeadlineKind, DIGEST_RUN_STATUSES } from "../deadlines";
import type { TutorialAudience } from "../library";
import type {
  BID_MODALITIES,
  BID_STATUSES,
  EXECUTION_KINDS,
  FileCategory,
  FundingKind,
  HistoryAction,
  HistoryEntity,
  ProjectStatus,
  PURCHASE_PROCESS_TYPES,
  WorkPlanKind,
} from "../projects";
import type { QuoteSource, QuoteStatus } from "../quotes";
import type { CaucGroup, RegularityStatus } from "../regularity";
import type { RecipientKind, RequirementStatus, RequirementTransferKind, RequirementType } from "../requirements";
import type { FUND_ANALYSIS_RESULTS, FUND_ANALYSIS_SUBJECTS, FUND_ANALYSIS_TYPES, SyncRunStatus, SyncRunTrigger } from "../sync";
import type { UserStatus } from "../users";
import { transferLabels } from "./transfers";

/**
 * The pt-BR label of every code list of the product (statuses, kinds, situations, modalities,
 * categories...) outside the transfers (./transfers.ts). One label per code, in the singular; the
 * screens read these through the locale (src/locales/pt-BR references them, never retypes), and the
 * server's exports, documents, messages and the assistant import them directly. Only types come
 * from the domain modules, so the catalogue runs in any bundle without pulling their schemas in.
 * tests/unit/domain/labels.test.ts checks that each list names every code of its enum exactly once
 * and that the locale says the same.
 */
type Labels<Code extends string> = Readonly<Record<Code, string>>;
type Of<List extends readonly string[]> = List[number];

// ---------- captação ----------

/** SIT_PROPOSTA as one proposal reads ("a proposta está Cadastrada"), in screens, reports and messages alike. */
const proposalStatuses = {
  CADASTRADA: "Cadastrada",
  ENVIADA_ANALISE: "Enviada para análise",
  EM_ANALISE: "Em análise",
  COMPLEMENTACAO_SOLICITADA: "Complementação solicitada",
  COMPLEMENTACAO_ENVIADA: "Complementação enviada",
  APROVADA: "Aprovada",
  REJEITADA: "Rejeitada",
  CANCELADA: "Cancelada",
  CONVENIADA: "Conveniada",
} as const satisfies Labels<ProposalStatus>;

const spheres = { FEDERAL: "Federal", ESTADUAL: "Estadual", MUNICIPAL: "Municipal" } as const satisfies Labels<Of<typeof LEGISLATION_SPHERES>>;

const captacao = {
  proposalStatuses,
  programSituations: { CADASTRADO: "Cadastrado", DISPONIBILIZADO: "Disponibilizado", INATIVO: "Inativo" } satisfies Labels<ProgramSituation>,
  /** A program's modality: the convênio modalities of the transfers plus fund-to-fund. */
  programModalities: {
    CONVENIO: transferLabels.modalities.CONVENIO,
    CONTRATO_DE_REPASSE: transferLabels.modalities.CONTRATO_DE_REPASSE,
    TERMO_DE_FOMENTO: transferLabels.modalities.TERMO_DE_FOMENTO,
    TERMO_DE_COLABORACAO: transferLabels.modalities.TERMO_DE_COLABORACAO,
    FUNDO_A_FUNDO: "Fundo a fundo",
  } satisfies Labels<ProgramModality>,
  windowKinds: { voluntary: "Proposta voluntária", amendment: "Emenda parlamentar", specific: "Beneficiário específico" } satisfies Labels<WindowKind>,
  grantorSpheres: { FEDERAL: spheres.FEDERAL, ESTADUAL: spheres.ESTADUAL } satisfies Labels<Of<typeof GRANTOR_SPHERES>>,
  grantorKinds: { MINISTERIO: "Ministério", SECRETARIA: "Secretaria", FUNDO: "Fundo", AUTARQUIA: "Autarquia", FUNDACAO: "Fundação" } satisfies Labels<Of<typeof GRANTOR_KINDS>>,
  parliamentarianKinds: { INDIVIDUAL: "Individual", COMISSAO: "Comissão", BANCADA: "Bancada" } satisfies Labels<Of<typeof PARLIAMENTARIAN_KINDS>>,
};

// ---------- projects and quotes ----------

const projects = {
  projectStatuses: { PLANEJAMENTO: "Planejamento", LICITACAO: "Licitação", EXECUCAO: "Execução", PARALISADA: "Paralisada", CONCLUIDA: "Concluída", CANCELADA: "Cancelada" } satisfies Labels<ProjectStatus>,
  workPlanKinds: { META: "Meta", ETAPA: "Etapa" } satisfies Labels<WorkPlanKind>,
  /** Where a project's money comes from: the three transfer kinds as the transfers name one of them, and the others. */
  fundingKinds: {
    IMPOSITION: transferLabels.transferKinds.imposition,
    VOLUNTARY: transferLabels.transferKinds.voluntary,
    FUND_TO_FUND: transferLabels.transferKinds.fund,
    OWN: "Recursos próprios",
    COUNTERPART: "Contrapartida",
    STATE: "Recursos do estado",
  } satisfies Labels<FundingKind>,
  bidModalities: {
    PREGAO_ELETRONICO: "Pregão eletrônico",
    PREGAO_PRESENCIAL: "Pregão presencial",
    CONCORRENCIA_ELETRONICA: "Concorrência eletrônica",
    CONCORRENCIA_PRESENCIAL: "Concorrência presencial",
    CONCURSO: "Concurso",
    LEILAO: "Leilão",
    DIALOGO_COMPETITIVO: "Diálogo competitivo",
    DISPENSA: "Dispensa",
    INEXIGIBILIDADE: "Inexigibilidade",
  } satisfies Labels<Of<typeof BID_MODALITIES>>,
  purchaseProcessTypes: {
    LICITACAO: "Licitação",
    DISPENSA: "Dispensa de licitação",
    INEXIGIBILIDADE: "Inexigibilidade",
    ADESAO_ATA: "Adesão a ata de registro de preços",
    COTACAO_PREVIA: "Cotação prévia",
  } satisfies Labels<Of<typeof PURCHASE_PROCESS_TYPES>>,
  bidStatuses: {
    EM_PREPARACAO: "Em preparação",
    PUBLICADA: "Publicada",
    EM_JULGAMENTO: "Em julgamento",
    HOMOLOGADA: "Homologada",
    DESERTA: "Deserta",
    FRACASSADA: "Fracassada",
    REVOGADA: "Revogada",
    ANULADA: "Anulada",
  } satisfies Labels<Of<typeof BID_STATUSES>>,
  executionKinds: { MEDICAO: "Medição", PAGAMENTO: "Pagamento" } satisfies Labels<Of<typeof EXECUTION_KINDS>>,
  fileCategories: { PROJETO_BASICO: "Projeto básico", ART: "ART", LICENCA: "Licença", MEDICAO: "Medição", FOTO_OBRA: "Foto da obra", NOTA_FISCAL: "Nota fiscal", OUTROS: "Outros" } satisfies Labels<FileCategory>,
  historyEntities: {
    PROJECT: "Projeto",
    WORK_PLAN: "Plano de trabalho",
    FUNDING_SOURCE: "Fonte de recurso",
    BID: "Licitação",
    EXECUTION: "Execução",
    FILE: "Arquivo",
    NOTE: "Anotação",
    QUOTE: "Cotação",
    QUOTE_PRICE: "Preço cotado",
  } satisfies Labels<HistoryEntity>,
  /** Verbs: the history reads "Ana incluiu Licitação". */
  historyActions: { CREATE: "incluiu", UPDATE: "alterou", DELETE: "excluiu", NOTE: "anotou" } satisfies Labels<HistoryAction>,
  quoteStatuses: { EM_ANDAMENTO: "Em andamento", CONCLUIDA: "Concluída" } satisfies Labels<QuoteStatus>,
  /** The sources of Lei 14.133/2021 art. 23 §1. */
  quoteSources: {
    FORNECEDOR: "Fornecedor",
    PAINEL_PRECOS: "Painel de Preços",
    PNCP: "PNCP",
    CONTRATACAO_SIMILAR: "Contratação similar",
    MIDIA_ESPECIALIZADA: "Mídia especializada",
  } satisfies Labels<QuoteSource>,
};

// ---------- accountability, regularity, requirements, deadlines ----------

const management = {
  /** What each obligation is: the list, the obligation page, the deadline center and the digest e-mail name it so. */
  obligationKinds: {
    CONVENIO: "Prestação de contas do convênio",
    ESPECIAL_PARCIAL: "Relatório de gestão parcial (transferência especial)",
    ESPECIAL_FINAL: "Relatório de gestão final (transferência especial)",
    FUNDO_PARCIAL: "Relatório de gestão parcial (fundo a fundo)",
    FUNDO_FINAL: "Relatório de gestão final (fundo a fundo)",
    LC210: "Comunicação da LC 210/2024",
  } satisfies Labels<ObligationKind>,
  obligationStatuses: {
    AGUARDANDO: "Aguardando",
    ENVIADA: "Enviada",
    EM_ANALISE: "Em análise",
    EM_COMPLEMENTACAO: "Em complementação",
    APROVADA: "Aprovada",
    APROVADA_COM_RESSALVAS: "Aprovada com ressalvas",
    REJEITADA: "Rejeitada",
    PENDENTE: "Pendente",
    EM_ELABORACAO: "Em elaboração",
    DISPONIBILIZADO: "Disponibilizado",
    ENVIADO_ANALISE_CONSELHO: "Enviado para análise do conselho",
    ENVIADO_ANALISE: "Enviado para análise",
    ANALISE_CONCLUIDA_CONSELHO: "Análise concluída pelo conselho",
    ANALISE_CONCLUIDA: "Análise concluída",
    REJEITADO: "Rejeitado",
    PARCIAL: "Comunicada em parte",
    COMUNICADA: "Comunicada",
  } satisfies Labels<ObligationStatus>,
  /** Who the LC 210/2024 notice goes to: the accountability screens and the public site name them alike. */
  lc210Recipients: {
    CAMARA: "Câmara Municipal",
    TCU: "Tribunal de Contas da União (TCU)",
    TCE: "Tribunal de Contas do Estado / dos Municípios (TCE/TCM)",
  } satisfies Labels<Lc210Recipient>,
  regularityStatuses: { REGULAR: "Regular", A_COMPROVAR: "A comprovar", IRREGULAR: "Irregular", DESABILITADO: "Desabilitado", SEM_INFORMACAO: "Sem informação" } satisfies Labels<RegularityStatus>,
  caucGroups: {
    I: "I – Adimplência financeira",
    II: "II – Prestação de contas",
    III: "III – Transparência e informações fiscais",
    IV: "IV – Obrigações constitucionais e legais",
    V: "V – Limites constitucionais e legais",
  } satisfies Labels<CaucGroup>,
  requirementTypes: { CONVENIO: "Convênio", IMPOSITIVA: "Impositiva", TEV: "TEV" } satisfies Labels<RequirementType>,
  recipientKinds: { PARLAMENTAR: "Parlamentar", MINISTERIO: "Ministério", CAMARA: "Câmara Municipal", TRIBUNAL_CONTAS: "Tribunal de contas" } satisfies Labels<RecipientKind>,
  requirementStatuses: { RASCUNHO: "Rascunho", ENVIADO: "Enviado", PROTOCOLADO: "Protocolado", RESPONDIDO: "Respondido" } satisfies Labels<RequirementStatus>,
  /** What a requirement is about: a transfer named as the transfers name its kind, or a proposal. */
  requirementTransferKinds: {
    IMPOSITION: transferLabels.transferKinds.imposition,
    VOLUNTARY: transferLabels.transferKinds.voluntary,
    PROPOSAL: "Proposta",
  } satisfies Labels<RequirementTransferKind>,
  deadlineKinds: {
    validity: "Vigência",
    accountability: "Prestação de contas",
    suspensive: "Cláusula suspensiva",
    cauc: "CAUC",
    lc210: "LC 210",
    program: "Programa",
    alert: "Aviso",
    "municipal-amendment": "Emenda municipal",
    "sync-source": "Fonte de dados",
    impediment: "Impedimento",
  } satisfies Labels<DeadlineKind>,
  /** The kinds as headings of the digest e-mail's groups of items. */
  deadlineKindGroups: {
    accountability: "Prestação de contas",
    lc210: "Comunicações da LC 210/2024 (emendas PIX)",
    validity: "Vigências terminando",
    suspensive: "Cláusulas suspensivas",
    cauc: "Itens do CAUC vencendo",
    program: "Programas com prazo de propostas terminando",
    alert: "Avisos da consultoria",
    "municipal-amendment": "Emendas municipais paradas",
    "sync-source": "Fontes de dados sem atualização ou com falha",
    impediment: "Emendas em risco de impedimento (plano de trabalho)",
  } satisfies Labels<DeadlineKind>,
  digestRunStatuses: { SENT: "Enviado", NOTHING_NEW: "Nada novo", NO_RECIPIENTS: "Sem destinatários", FAILED: "Falhou" } satisfies Labels<Of<typeof DIGEST_RUN_STATUSES>>,
};

// ---------- content, alerts ----------

const library = {
  legislationKinds: {
    CF: "Constituição",
    EC: "Emenda Constitucional",
    LC: "Lei Complementar",
    LEI: "Lei",
    DECRETO: "Decreto",
    PORTARIA: "Portaria",
    PORTARIA_CONJUNTA: "Portaria Conjunta",
    IN: "Instrução Normativa",
    RESOLUCAO: "Resolução",
    ACORDAO: "Acórdão",
    NOTA_TECNICA: "Nota Técnica",
  } satisfies Labels<LegislationKind>,
  legislationSpheres: spheres,
  legislationStatuses: { VIGENTE: "Vigente", REVOGADA: "Revogada", ALTERADA: "Alterada" } satisfies Labels<Of<typeof LEGISLATION_STATUSES>>,
  postStatuses: { RASCUNHO: "Rascunho", PUBLICADO: "Publicado" } satisfies Labels<PostStatus>,
  tutorialAudiences: { TODOS: "Todos", GESTORES: "Gestores", EQUIPE_TECNICA: "Equipe técnica" } satisfies Labels<TutorialAudience>,
  contentSearchKinds: { blog: "Blog", legislation: "Legislação", model: "Modelo", tutorial: "Tutorial" } satisfies Labels<ContentSearchKind>,
  alertSeverities: { INFO: "Informação", ATENCAO: "Atenção", URGENTE: "Urgente" } satisfies Labels<AlertSeverity>,
  alertAudiences: { ALL: "Todas as prefeituras", CHOSEN: "Prefeituras escolhidas" } satisfies Labels<AlertAudience>,
};

// ---------- people, access, sync ----------

const administration = {
  /** The money trail of an emenda's specific account (issue 32). */
  accountEntryKinds: { RECEIVED: "Recebido", INTEREST: "Rendimento", PAYMENT: "Pagamento", RETURN: "Devolução" } satisfies Labels<(typeof ACCOUNT_ENTRY_KINDS)[number]>,
  accountMatches: { MATCHED: "Conferido", DIFFERS: "Com diferença", UNMATCHED: "Sem registro", NONE: "—" } satisfies Labels<(typeof MATCH_STATUSES)[number]>,
  accountReturnKinds: { RENDIMENTOS: "Rendimentos", RESTITUICAO: "Restituição" } satisfies Labels<(typeof RETURN_KINDS)[number]>,
  /** The analyses of a fundo a fundo plan and of its management reports (issue 32). */
  fundAnalysisSubjects: { PLANO_ACAO: "Plano de ação", RELATORIO_GESTAO: "Relatório de gestão" } satisfies Labels<(typeof FUND_ANALYSIS_SUBJECTS)[number]>,
  fundAnalysisTypes: { MERITO: "Mérito", TECNICA: "Técnica", FINANCEIRA: "Financeira", TECNICA_FINANCEIRA: "Técnica e financeira" } satisfies Labels<(typeof FUND_ANALYSIS_TYPES)[number]>,
  fundAnalysisResults: { APROVADO: "Aprovado", COM_RESSALVA: "Aprovado com ressalva", COMPLEMENTACAO: "Complementação solicitada", REJEITADO: "Rejeitado" } satisfies Labels<(typeof FUND_ANALYSIS_RESULTS)[number]>,
  roles: { ADMIN: "Administrador", MANAGER: "Gestor", USER: "Usuário", CAMARA: "Câmara Municipal" } satisfies Labels<Role>,
  userStatuses: { active: "Ativo", inactive: "Desativado", invited: "Convite enviado", pending: "Sem convite" } satisfies Labels<UserStatus>,
  auditActions: { LOGIN: "Login", LOGOUT: "Logout", LOGIN_FAILED: "Login recusado" } satisfies Labels<Of<typeof AUDIT_ACTIONS>>,
  auditSources: { SESSION: "Sessão", ANONYMOUS: "Relato anônimo" } satisfies Labels<Of<typeof AUDIT_SOURCES>>,
  syncRunStatuses: { queued: "Na fila", running: "Em andamento", succeeded: "Concluída", failed: "Falhou" } satisfies Labels<SyncRunStatus>,
  syncRunTriggers: { manual: "Manual", schedule: "Diária", cli: "Linha de comando" } satisfies Labels<SyncRunTrigger>,
};

/** Every code list's labels outside the transfers, by list name. */
export const codeLabels = { ...captacao, ...projects, ...management, ...library, ...administration };
