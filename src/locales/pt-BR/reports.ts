import { reportLabels } from "@/domain/labels/reports";

/** Texts of the reports (issue 17). What the exports also write comes from src/domain/labels/reports.ts. */
export const reports = {
  reports: {
    ...reportLabels,
    intro: {
      fundraising: "Valor captado (transferências não impedidas, canceladas, anuladas ou rescindidas) por ano e tipo, por concedente e por parlamentar, e o funil das propostas.",
      payments: "Movimentações da cadeia do dinheiro por mês e tipo, e quem mais recebeu.",
      proposal: "Propostas por situação, programa e concedente, com o tempo que cada uma passou em cada situação (do histórico).",
      transactions: "Transferências por tipo, ano e situação: previsto, empenhado, pago e execução; em destaque, as de menor execução com a vigência terminando.",
      "municipal-amendments": "Emendas dos vereadores ao orçamento municipal por ano, etapa e vereador: valor indicado, empenhado, pago à conta da emenda e pago a fornecedores.",
    } as Record<string, string>,
    any: "Todos",
    anyKind: "Todos os tipos",
    anyStatus: "Todas as situações",
    newestOnly: "as {{count}} mais recentes; a exportação traz até {{max}}",
    transferPlaceholder: "Nº da transferência",
    clear: "Limpar filtros",
    print: "Imprimir",
    export: { csv: "CSV", xlsx: "XLSX", pdf: "PDF", failed: "Não foi possível gerar o arquivo. Tente novamente." },
    failed: "Não foi possível carregar o relatório.",
    empty: "Nenhum dado com estes filtros.",
    scopeAll: "Todos os clientes",
    scopeCompany: "Cliente: {{name}}",
    charts: {
      byYear: "Valor captado por ano e tipo",
      funnel: "Funil de propostas",
      byMonth: "Pagamentos por mês e tipo",
      topPayees: "Maiores favorecidos",
      byStatus: "Propostas por situação",
      timeInStatus: "Dias médios em cada situação",
      byKind: "Previsto, empenhado e pago por tipo",
      execution: "Execução por tipo",
      municipalByYear: "Emendas municipais por ano: do indicado ao pago a fornecedores",
      municipalByStage: "Emendas municipais por etapa",
    },
    funnelRate: "{{rate}} da etapa anterior",
    lowExecution: "Execução baixa",
    daysLeft: "{{count}} dias",
  },
};
