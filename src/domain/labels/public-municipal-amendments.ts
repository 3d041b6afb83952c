import { municipalAmendmentLabels } from "./municipal-amendments";

/** The public site's texts for the municipal emendas (issue 37): plain strings, no i18n runtime in the public bundle. */
export const publicMunicipalAmendments = {
  nav: "Emendas municipais",
  title: "Emendas parlamentares municipais",
  intro:
    "As emendas dos vereadores ao orçamento do município, da indicação ao beneficiário final: plano de trabalho, conta específica, empenhos, pagamentos e fornecedores (ADPF 854/STF).",
  description: (name: string) => `Emendas parlamentares municipais de ${name}: autor, objeto, valor, beneficiário, etapa e pagamentos de cada emenda.`,
  filters: { year: "Ano", stage: "Etapa", author: "Vereador" },
  columns: {
    identifier: "Identificador",
    author: "Autor",
    object: "Objeto",
    beneficiary: "Beneficiário",
    stage: "Etapa",
    value: "Valor",
    paid: "Pago",
  },
  detail: {
    title: (identifier: string) => `Emenda ${identifier}`,
    back: "Todas as emendas municipais",
    notFound: "Emenda não encontrada.",
    values: { value: "Valor da emenda", committed: "Empenhado", paid: "Pago à conta da emenda", suppliers: "Pago a fornecedores", returned: "Devolvido", balance: "Saldo na conta" },
    fields: {
      author: "Autor",
      kind: "Tipo",
      year: "Ano do orçamento",
      classification: "Classificação orçamentária",
      object: "Objeto",
      beneficiary: "Beneficiário",
      finalBeneficiary: "Beneficiário final",
      account: "Conta específica",
      stage: "Etapa",
      plan: "Plano de trabalho",
      impediment: "Impedimento técnico",
      updatedAt: "Atualizado em",
    },
    steps: "Etapas",
    plan: "Plano de trabalho",
    goals: "Metas",
    items: "Itens de custo",
    schedule: "Cronograma de desembolso",
    movements: "Empenhos, pagamentos e fornecedores",
    noMovements: "Nenhuma movimentação registrada até agora.",
    noPlan: "O plano de trabalho ainda não foi apresentado.",
    by: (person: string) => `por ${person}`,
    columns: { date: "Data", kind: "Movimentação", document: "Documento", supplier: "Fornecedor", value: "Valor", goal: "Meta", quantity: "Quantidade", deadline: "Prazo", item: "Item", month: "Mês" },
  },
  ...municipalAmendmentLabels,
};

/** The per-councillor section of the public list (issue 37 item 5). */
export const publicCouncillorTotals = {
  title: "Por vereador",
  intro: "Quantas emendas cada vereador indicou em cada ano, o valor indicado, o valor já pago e em que etapa cada uma está.",
  columns: { councillor: "Vereador", year: "Ano", count: "Emendas", value: "Valor indicado", paid: "Pago", stages: "Etapas" },
  updatedAt: (when: string) => `Atualizado em ${when}.`,
  none: "Nenhuma emenda municipal publicada até agora.",
  stageCount: (label: string, n: number) => `${label}: ${n}`,
};
