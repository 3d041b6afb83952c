import {
  FUND_ACTIVE_SITUATIONS,
  IMPOSITION_ACTIVE_SITUATIONS,
  VOLUNTARY_ACTIVE_STATUSES,
  type ImpositionSituation,
  type VoluntaryStatus,
} from "../../src/domain/transfers";
import type { TransferKindCode } from "../../src/domain/assistant";
import { transferLabels } from "../../src/domain/labels/transfers";

/**
 * The assistant's vocabulary: what words and phrases a municipal manager uses for each thing the
 * assistant knows (kinds of transfer, values, situations, deadlines, months, question words). Every
 * phrase is written as people type it; the parser compares them without accents, in the singular,
 * after spelling correction against the words listed here.
 */

export type Measure = "planned" | "committed" | "paid" | "toReceive";
export type DeadlineKind = "validity" | "accountability" | "suspensive";
export type Dimension = "parliamentarian" | "grantor";

/** A cue: a phrase that says what kind of question it is. */
export type Cue =
  | "howMuch"
  | "howMany"
  | "which"
  | "rank"
  | "deadline"
  | "latest"
  | "payment"
  | "compare"
  | "bySituation"
  | "detail"
  | "company"
  | "help"
  | "transfer"
  | "sent"
  | "first"
  | "when"
  | "greeting"
  | "cauc"
  | "proposal"
  | "accountability"
  | "lc210"
  | "municipal"
  | "risk"
  | "overdue"
  | "pending"
  | "clients";

export interface Phrase<T> {
  value: T;
  phrases: string[];
}

export const KIND_PHRASES: Phrase<TransferKindCode>[] = [
  {
    value: "imposition",
    phrases: ["emenda especial", "transferencia especial", "especial", "pix", "emenda pix", "impositiva", "emenda impositiva", "imposicao", "emenda individual", "emenda", "emenda parlamentar", "plano de acao especial"],
  },
  {
    value: "voluntary",
    phrases: ["convenio", "contrato de repasse", "voluntaria", "transferencia voluntaria", "termo de fomento", "termo de colaboracao", "repasse voluntario", "siconv"],
  },
  { value: "fund", phrases: ["fundo a fundo", "fundo fundo", "faf", "transferencia fundo a fundo", "plano fundo a fundo"] },
];

/** Modalities of voluntary transfers that a question may single out ('contratos de repasse'). */
export const MODALITY_PHRASES: Phrase<"CONTRATO_DE_REPASSE" | "TERMO_DE_FOMENTO" | "TERMO_DE_COLABORACAO">[] = [
  { value: "CONTRATO_DE_REPASSE", phrases: ["contrato de repasse"] },
  { value: "TERMO_DE_FOMENTO", phrases: ["termo de fomento"] },
  { value: "TERMO_DE_COLABORACAO", phrases: ["termo de colaboracao"] },
];

export const MEASURE_PHRASES: Phrase<Measure>[] = [
  { value: "planned", phrases: ["previsto", "prevista", "valor previsto", "planejado", "programado", "orcado", "destinado", "destinada", "indicado", "valor total", "valor de repasse", "valor do repasse", "valor global"] },
  { value: "committed", phrases: ["empenhado", "empenhada", "empenho", "empenhou", "empenharam", "empenhar"] },
  {
    value: "paid",
    phrases: ["recebido", "recebida", "recebeu", "recebemos", "receberam", "recebi", "pago", "paga", "pagou", "repassado", "repassada", "repassou", "liberado", "liberada", "liberou", "desembolsado", "desembolsou", "transferido", "depositado", "entrou", "caiu na conta", "creditado", "veio", "vieram", "chegou", "executado financeiramente"],
  },
  { value: "toReceive", phrases: ["a receber", "receber", "falta", "falta receber", "faltam", "saldo", "restante", "ainda nao recebeu", "ainda nao recebemos", "ainda nao foi pago", "pendente de recebimento", "vai receber", "vamos receber", "a liberar", "falta liberar", "ainda vem"] },
];

/** Verbs of a parliamentarian or grantor sending money: 'quanto o deputado mandou'. They mean the planned value. */
export const SENT_PHRASES = ["mandou", "mandaram", "enviou", "enviaram", "destinou", "destinaram", "indicou", "indicaram", "trouxe", "trouxeram", "mandar", "enviar", "destinar", "conseguiu", "conseguiram", "repassou"];

export const CUE_PHRASES: Phrase<Cue>[] = [
  { value: "howMuch", phrases: ["quanto", "quanta", "qual o valor", "qual valor", "valor", "total", "soma", "somatorio", "montante", "qto", "qnto", "quanto de dinheiro"] },
  { value: "howMany", phrases: ["quantos", "quantas", "quantidade", "qtd", "qtde", "numero de", "qtos", "qtas", "contagem"] },
  { value: "which", phrases: ["quais", "qual", "liste", "listar", "lista", "mostre", "mostrar", "relacao de", "quem"] },
  { value: "rank", phrases: ["ranking", "rank", "top", "maior", "mais", "principal", "lider", "campeao", "mais enviou", "mais mandou", "mais destinou", "mais recebemos", "mais recursos", "quem mais"] },
  { value: "deadline", phrases: ["vence", "vencem", "vencer", "vencendo", "a vencer", "vencimento", "venceu", "expirando", "terminando", "acabando", "prazo", "termina", "terminam", "terminar", "expira", "expiram", "acaba", "acabam", "encerra", "encerram", "fim da vigencia", "fim de vigencia", "vigencia", "data limite", "ate quando", "fim da execucao", "prestar conta", "prestacao de conta", "clausula suspensiva", "suspensiva"] },
  { value: "latest", phrases: ["ultimo", "ultima", "ultimos", "ultimas", "recente", "mais recente", "mais novo", "recentemente"] },
  { value: "payment", phrases: ["pagamento", "ordem bancaria", "ob", "desembolso", "movimentacao", "credito", "deposito", "nota de pagamento"] },
  { value: "compare", phrases: ["comparar", "compare", "comparacao", "comparativo", "comparado", "versus", "vs", "x", "em relacao", "relacao ao", "diferenca", "cresceu", "aumentou", "diminuiu", "caiu", "evolucao", "frente a", "contra", "ou"] },
  { value: "bySituation", phrases: ["por situacao", "cada situacao", "por status", "cada status", "situacao", "status"] },
  { value: "detail", phrases: ["detalhe", "detalhar", "dado", "informacao", "informacoes", "me fala", "fale sobre", "como esta", "resumo"] },
  { value: "company", phrases: ["cnpj", "prefeito", "prefeita", "dados da prefeitura", "dado da prefeitura", "contato", "telefone", "email", "e mail", "endereco", "ibge", "codigo ibge", "razao social", "portal da transparencia", "cadastro da prefeitura"] },
  { value: "help", phrases: ["ajuda", "help", "comando", "o que voce sabe", "o que voce faz", "o que posso perguntar", "o que pode", "como funciona", "o que sabe"] },
  { value: "transfer", phrases: ["transferencia", "repasse", "recurso", "verba", "dinheiro", "emenda", "convenio", "plano", "instrumento"] },
  { value: "first", phrases: ["primeiro", "primeira", "mais proximo", "mais proxima", "proximo", "proxima", "proximos", "proximas", "logo", "antes"] },
  { value: "when", phrases: ["quando", "que dia", "qual data", "data"] },
  { value: "greeting", phrases: ["oi", "ola", "bom dia", "boa tarde", "boa noite", "tudo bem"] },
  // The topics of the other screens (issue 33 item 5): CAUC, proposals, accountability, LC 210, the councillors' emendas.
  { value: "cauc", phrases: ["cauc", "regularidade", "regularidade fiscal", "certidao", "certidoes", "certidao negativa", "item do cauc", "adimplencia", "siafi"] },
  { value: "proposal", phrases: ["proposta", "captacao"] },
  { value: "accountability", phrases: ["prestacao de conta", "prestar conta", "relatorio de gestao", "prestacao"] },
  { value: "lc210", phrases: ["lc 210", "lc210", "lei complementar 210", "210", "comunicacao", "comunicado", "notificacao", "comunicar", "aviso a camara", "aviso ao tcu", "aviso ao tce"] },
  { value: "municipal", phrases: ["vereador", "emenda municipal", "emenda de vereador", "emenda dos vereadores", "emenda da camara", "camara municipal", "indicacao"] },
  { value: "risk", phrases: ["risco", "em risco", "risco de impedimento", "ameacada", "ameaca"] },
  { value: "overdue", phrases: ["vencido", "vencida", "atrasado", "atrasada", "expirado", "expirada", "fora do prazo", "passou do prazo", "venceu", "venceram"] },
  { value: "pending", phrases: ["pendente", "pendencia", "a comprovar", "irregular", "irregularidade"] },
  { value: "clients", phrases: ["cliente", "carteira", "quais municipios", "quais prefeituras", "todos os clientes", "por cliente", "por municipio", "por prefeitura"] },
];

export const DIMENSION_PHRASES: Phrase<Dimension>[] = [
  { value: "parliamentarian", phrases: ["parlamentar", "deputado", "deputada", "senador", "senadora", "bancada", "autor", "politico", "vereador", "dep"] },
  { value: "grantor", phrases: ["concedente", "ministerio", "orgao", "orgao concedente", "fundo nacional", "ministerio concedente", "de onde", "origem"] },
];

export const DEADLINE_PHRASES: Phrase<DeadlineKind>[] = [
  { value: "accountability", phrases: ["prestacao de conta", "prestar conta", "pc", "prestacao"] },
  { value: "suspensive", phrases: ["clausula suspensiva", "suspensiva", "clausula"] },
  { value: "validity", phrases: ["vigencia", "fim da vigencia", "fim da execucao", "execucao termina", "vence", "vencem", "vencendo", "vencimento", "termina", "terminam", "expira", "acaba"] },
];

/** Which transfers are "open" for each kind (the dashboard's definition of active). */
export const ACTIVE_CODES: Record<TransferKindCode, readonly string[]> = {
  imposition: IMPOSITION_ACTIVE_SITUATIONS,
  voluntary: VOLUNTARY_ACTIVE_STATUSES,
  fund: FUND_ACTIVE_SITUATIONS,
};

/** Situations whose money will not come: left out of "a receber". */
export const LOST_CODES: Record<TransferKindCode, readonly string[]> = {
  imposition: ["IMPEDIDO", "IMPEDIDO_REJEICAO_PLANO_TRABALHO", "CANCELADO"] satisfies ImpositionSituation[],
  voluntary: ["ANULADO", "RESCINDIDO", "CANCELADO"] satisfies VoluntaryStatus[],
  fund: ["CANCELADO"],
};

/** A situation as people say it, and the codes it means in each kind (a kind without it is left out). */
export interface SituationConcept {
  id: string;
  /** How the answer names it: 'em execução'. */
  label: string;
  phrases: string[];
  codes: Partial<Record<TransferKindCode, readonly string[]>>;
  /** "Ativas": open situation and validity not over (the dashboard's rule). */
  active?: boolean;
  /** Voluntary transfers under a suspensive clause (a contracting situation, not a status). */
  suspensiveClause?: boolean;
}

export const SITUATIONS: SituationConcept[] = [
  { id: "active", label: "ativas (em vigor)", phrases: ["ativo", "ativa", "vigente", "em vigor", "em andamento", "aberto", "aberta", "valendo", "em aberto"], codes: ACTIVE_CODES, active: true },
  { id: "execution", label: "em execução", phrases: ["em execucao", "executando", "sendo executado", "sendo executada"], codes: { voluntary: ["EM_EXECUCAO"], fund: ["EM_EXECUCAO"] } },
  { id: "concluded", label: "concluídas", phrases: ["concluido", "concluida", "finalizado", "finalizada", "encerrado", "encerrada", "terminado", "terminada"], codes: { imposition: ["CONCLUIDO"], voluntary: ["CONCLUIDO"], fund: ["CONCLUIDO"] } },
  { id: "cancelled", label: "canceladas", phrases: ["cancelado", "cancelada"], codes: { imposition: ["CANCELADO"], voluntary: ["CANCELADO"], fund: ["CANCELADO"] } },
  { id: "impeded", label: "impedidas", phrases: ["impedido", "impedida", "impedimento", "com impedimento", "bloqueado", "bloqueada"], codes: { imposition: ["IMPEDIDO", "IMPEDIDO_REJEICAO_PLANO_TRABALHO"] } },
  { id: "aware", label: "com ciência dada", phrases: ["ciente", "ciencia dada", "com ciencia"], codes: { imposition: ["CIENTE"] } },
  { id: "awaitingAwareness", label: "aguardando ciência", phrases: ["aguardando ciencia", "sem ciencia", "pendente de ciencia", "falta dar ciencia", "esperando ciencia", "aguardam ciencia"], codes: { imposition: ["AGUARDANDO_CIENCIA"] } },
  { id: "awaitingPlan", label: "aguardando plano de trabalho", phrases: ["aguardando plano de trabalho", "aguardando conclusao do plano", "sem plano de trabalho", "plano de trabalho pendente", "aguardam plano de trabalho"], codes: { imposition: ["AGUARDANDO_CONCLUSAO_PLANO_TRABALHO"] } },
  { id: "signed", label: "assinadas", phrases: ["assinado", "assinada"], codes: { voluntary: ["ASSINADO"] } },
  { id: "proposal", label: "com proposta aprovada", phrases: ["proposta aprovada"], codes: { voluntary: ["PROPOSTA_APROVADA"] } },
  { id: "defaulting", label: "inadimplentes", phrases: ["inadimplente", "inadimplencia", "irregular"], codes: { voluntary: ["INADIMPLENTE"] } },
  { id: "awaitingAccounts", label: "aguardando prestação de contas", phrases: ["aguardando prestacao de conta", "aguardam prestacao de conta", "falta prestar conta", "precisa prestar conta", "pendente de prestacao de conta", "esperando prestacao de conta"], codes: { voluntary: ["AGUARDANDO_PRESTACAO_CONTAS"] } },
  { id: "accountsReview", label: "com prestação de contas em análise", phrases: ["prestacao de conta em analise", "conta em analise", "em analise"], codes: { voluntary: ["PRESTACAO_CONTAS_EM_ANALISE"], fund: ["ENVIADO_ANALISE"] } },
  { id: "accountsApproved", label: "com prestação de contas aprovada", phrases: ["prestacao de conta aprovada", "conta aprovada", "aprovada com ressalva"], codes: { voluntary: ["PRESTACAO_CONTAS_APROVADA", "PRESTACAO_CONTAS_APROVADA_RESSALVAS"] } },
  { id: "accountsRejected", label: "com prestação de contas rejeitada", phrases: ["prestacao de conta rejeitada", "conta rejeitada", "reprovada"], codes: { voluntary: ["PRESTACAO_CONTAS_REJEITADA"] } },
  { id: "complement", label: "em complementação", phrases: ["em complementacao", "complementacao"], codes: { voluntary: ["PRESTACAO_CONTAS_EM_COMPLEMENTACAO"], fund: ["EM_COMPLEMENTACAO"] } },
  { id: "rescinded", label: "rescindidas", phrases: ["rescindido", "rescindida", "rescisao"], codes: { voluntary: ["RESCINDIDO"] } },
  { id: "annulled", label: "anuladas", phrases: ["anulado", "anulada"], codes: { voluntary: ["ANULADO"] } },
  { id: "drafting", label: "em elaboração", phrases: ["em elaboracao", "elaborando", "rascunho"], codes: { fund: ["EM_ELABORACAO"] } },
  { id: "authorized", label: "autorizadas", phrases: ["autorizado", "autorizada"], codes: { fund: ["AUTORIZADO"] } },
  { id: "suspensive", label: "com cláusula suspensiva", phrases: ["com clausula suspensiva", "sob clausula suspensiva", "em clausula suspensiva"], codes: { voluntary: ["*"] }, suspensiveClause: true },
];

/** The pt-BR names of each kind's situations: the same the screens and exports use. */
export const SITUATION_LABELS: Record<TransferKindCode, Record<string, string>> = {
  imposition: transferLabels.impositionSituations,
  voluntary: transferLabels.voluntaryStatuses,
  fund: transferLabels.fundSituations,
};

export const MONTHS = ["janeiro", "fevereiro", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
/** 'out/2025', 'set 2024': three-letter months count only next to a year ('dez' is also ten, 'mar' the sea). */
export const MONTH_ABBREVIATIONS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** Relative years and months. */
export const RELATIVE_YEARS: Phrase<number>[] = [
  { value: 0, phrases: ["este ano", "esse ano", "neste ano", "nesse ano", "deste ano", "desse ano", "ano atual", "ano corrente", "exercicio atual", "ano vigente", "em curso"] },
  { value: -1, phrases: ["ano passado", "ano anterior", "no passado ano", "exercicio anterior", "ultimo ano"] },
  { value: -2, phrases: ["ano retrasado"] },
  { value: 1, phrases: ["proximo ano", "ano que vem"] },
];
export const RELATIVE_MONTHS: Phrase<number>[] = [
  { value: 0, phrases: ["este mes", "esse mes", "neste mes", "nesse mes", "deste mes", "mes atual", "mes corrente"] },
  { value: -1, phrases: ["mes passado", "mes anterior", "ultimo mes"] },
];

/** Small numbers written out ('os cinco maiores'). */
export const NUMBER_WORDS: Record<string, number> = { um: 1, uma: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, quinze: 15, vinte: 20 };

/** Shorthands people type, expanded before anything else. */
export const ABBREVIATIONS: Record<string, string> = {
  qto: "quanto",
  qnt: "quanto",
  qnto: "quanto",
  qt: "quanto",
  qts: "quantos",
  qtos: "quantos",
  qtas: "quantas",
  qtd: "quantidade",
  qtde: "quantidade",
  vc: "voce",
  vcs: "voces",
  tb: "tambem",
  tbm: "tambem",
  pq: "porque",
  q: "que",
  conv: "convenio",
  convs: "convenios",
  transf: "transferencia",
  transfs: "transferencias",
  trans: "transferencia",
  emds: "emendas",
  emd: "emenda",
  dep: "deputado",
  deps: "deputados",
  sen: "senador",
  min: "ministerio",
  minist: "ministerio",
  prest: "prestacao",
  pgto: "pagamento",
  pgtos: "pagamentos",
  pagto: "pagamento",
  pagtos: "pagamentos",
  vlr: "valor",
  vl: "valor",
  tot: "total",
  emp: "empenhado",
  prev: "previsto",
  rec: "recebido",
  ult: "ultimo",
  prox: "proximo",
  mto: "muito",
  mt: "muito",
  hj: "hoje",
  msm: "mesmo",
  cc: "conta",
};

/** Function words skipped when phrases are compared ('prestação das contas' = 'prestação de contas'). */
export const STOPWORDS = new Set([
  "a", "o", "as", "os", "de", "da", "do", "das", "dos", "e", "em", "no", "na", "nos", "nas", "um", "uma", "para", "pra", "pro", "por", "pelo", "pela", "pelos", "pelas",
  "ao", "aos", "com", "que", "se", "ja", "me", "meu", "minha", "nosso", "nossa", "nossos", "nossas", "seu", "sua", "eu", "voce", "ele", "ela", "isso", "isto", "esse", "essa",
  "este", "esta", "estao", "esta", "sao", "e", "foi", "foram", "tem", "temos", "teve", "ha", "houve", "sobre", "ate", "entre", "la", "aqui", "ai", "agora", "hoje",
]);

/**
 * Words of questions about things the assistant has no data on (spending, taxes, the weather...):
 * never corrected into its vocabulary, and they make it doubt any reading of the question.
 */
export const OFF_TOPIC_WORDS = [
  "gastou", "gastamos", "gasto", "gastos", "gastar", "despesa", "despesas", "festa", "festas", "salario", "salarios", "folha", "imposto", "impostos", "iptu", "iss", "divida",
  "tempo", "clima", "chuva", "futebol", "jogo", "piada", "filme", "musica", "eleicao", "eleito", "votos", "receita", "bolo", "noticia", "senha", "login", "atrasaram", "atrasou",
  "atraso", "motivo", "porque", "culpa",
];

/**
 * Everyday words that are not the assistant's vocabulary but must not be "corrected" into it
 * ('previsão do tempo' is not 'previsto').
 */
export const PLAIN_WORDS = [
  "amanha", "ontem", "previsao", "horas", "hora", "dia", "semana",
  "cidade", "municipio", "prefeitura", "gente", "pessoa", "povo", "secretaria", "secretario", "vereadores", "camara", "governo", "federal", "uniao", "estado", "brasil", "sao",
  "jose", "campos", "campinas", "bem", "obrigado", "obrigada", "favor", "porfavor", "poderia", "pode", "consegue", "sabe", "saber", "gostaria", "queria", "quero", "preciso",
  "dizer", "diga", "fala", "falar", "informar", "informe", "mostrar", "ver", "onde", "como", "porque", "qual", "quais", "quem", "quando", "quanto", "muito", "pouco", "tudo",
  "nada", "algum", "alguma", "nenhum", "nenhuma", "cada", "todo", "toda", "todos", "todas", "outro", "outra", "mesmo", "tambem", "ainda", "so", "apenas", "ate", "desde",
  "mes", "ano", "anos", "meses", "periodo", "exercicio", "valor", "valores", "numero", "lista", "municipal", "obra", "obras", "saude", "educacao", "escola", "creche", "asfalto",
  "pavimentacao", "ponte", "estrada", "hospital", "ubs", "ambulancia", "onibus", "praca", "quadra", "nao", "sim", "temos", "tenho", "tem", "veio", "vem", "vao", "vai",
  "deste", "desse", "neste", "nesse", "daquele", "naquele", "aquele", "fornecedor", "fornecedores", "ganhou", "ganhar", "conta", "conte", "contar",
  "custo", "custou", "preco", "usuario", "usuarios", "acesso", "sistema", "relatorio", "grafico", "painel", "tela",
];
