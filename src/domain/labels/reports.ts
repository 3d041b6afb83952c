import type { ReportName } from "../reports";
import { slugify } from "../content";
import { codeLabels } from "./codes";
import { transferLabels } from "./transfers";

/**
 * pt-BR texts of the reports shared by the screens (src/locales/pt-BR/reports.ts) and the server's
 * exports (CSV, XLSX, PDF): titles, section and column names, filter names and short status names.
 */
export const reportLabels = {
  titles: {
    fundraising: "Relatório de captação",
    payments: "Relatório de pagamentos",
    proposal: "Relatório de propostas",
    transactions: "Relatório de transferências",
    "municipal-amendments": "Relatório de emendas municipais",
  } satisfies Record<ReportName, string>,
  menu: { fundraising: "Captação", payments: "Pagamentos", proposal: "Propostas", transactions: "Transferências", "municipal-amendments": "Emendas municipais" } satisfies Record<ReportName, string>,
  scope: { all: "Todos os clientes", company: "Cliente" },
  /** A group of transfers of one kind (filters, totals by kind): the catalogue's headings, as the rest of the product names them. */
  kinds: transferLabels.transferKindGroups,
  /** The kind of one transfer (a row of the "ending soon" table). */
  kindOne: transferLabels.transferKinds,
  filters: {
    title: "Filtros",
    none: "nenhum (todos os registros)",
    yearFrom: "Ano inicial",
    yearTo: "Ano final",
    kind: "Tipo de transferência",
    from: "Mês inicial",
    to: "Mês final",
    paymentKind: "Tipo de movimentação",
    paymentStatus: "Situação do pagamento",
    transfer: "Transferência",
    status: "Situação da proposta",
    grantorId: "Concedente",
    programId: "Programa",
    situation: "Situação",
    days: "Vigência terminando em (dias)",
    stage: "Etapa da emenda",
  },
  sections: {
    byYear: "Valor captado por ano e tipo",
    byGrantor: "Valor captado por concedente",
    byParliamentarian: "Valor captado por parlamentar",
    funnel: "Funil de propostas: enviadas → aprovadas → conveniadas",
    byMonth: "Pagamentos por mês e tipo",
    byKind: "Pagamentos por tipo",
    topPayees: "Maiores favorecidos",
    byStatus: "Propostas por situação",
    byProgram: "Propostas por programa",
    byProposalGrantor: "Propostas por concedente",
    timeInStatus: "Tempo em cada situação",
    proposals: "Propostas e dias em cada situação",
    groups: "Transferências por tipo, ano e situação",
    byTransferKind: "Transferências por tipo",
    endingSoon: "Menor execução com vigência terminando",
    municipalByYear: "Emendas municipais por ano",
    municipalByStage: "Emendas municipais por etapa",
    municipalByCouncillor: "Emendas municipais por vereador",
  },
  columns: {
    year: "Ano",
    imposition: "Especiais",
    voluntary: "Convênios",
    fund: "Fundo a fundo",
    total: "Total",
    count: "Quantidade",
    value: "Valor",
    grantor: "Concedente",
    grantorName: "Nome do concedente",
    parliamentarian: "Parlamentar",
    stage: "Etapa",
    rate: "Taxa sobre a etapa anterior",
    month: "Mês",
    paymentKind: "Tipo",
    payee: "Favorecido",
    document: "CPF/CNPJ",
    status: "Situação",
    program: "Programa",
    transferValue: "Valor de repasse",
    globalValue: "Valor global",
    proposals: "Propostas",
    totalDays: "Dias (soma)",
    averageDays: "Dias (média)",
    nrProposal: "Proposta",
    object: "Objeto",
    proposalDate: "Data da proposta",
    kind: "Tipo",
    situation: "Situação",
    planned: "Previsto",
    committed: "Empenhado",
    paid: "Pago",
    execution: "Execução",
    transfer: "Transferência",
    company: "Município",
    endsAt: "Fim da vigência",
    indicated: "Indicado",
    paidToAccount: "Pago à conta da emenda",
    supplierPaid: "Pago a fornecedores",
    councillor: "Vereador",
    party: "Partido",
  },
  totalRow: "Total",
  noGrantor: "(sem concedente)",
  noProgram: "(sem programa)",
  funnelStages: { sent: "Enviadas para análise", approved: "Aprovadas", signed: "Conveniadas (instrumento celebrado)" } as Record<string, string>,
  /** The proposal statuses are the catalogue's, so a report names them as the screens and the server do. */
  proposalStatuses: codeLabels.proposalStatuses as Readonly<Record<string, string>>,
  generatedAt: "Gerado em",
  source: "SOL Transferências",
};

/**
 * A report's file name, pt-BR and plain ASCII: `relatorio-pagamentos-2026-11-26.csv`, from the report's
 * menu name, so the file is named as the screen that exported it. Without a day (the SPA's fallback
 * when the server's name is missing): `relatorio-pagamentos.csv`.
 */
export function reportFileName(name: ReportName, format: string, day?: string): string {
  return [`relatorio-${slugify(reportLabels.menu[name])}`, day].filter(Boolean).join("-") + `.${format}`;
}
