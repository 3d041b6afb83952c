/** Texts of the field-driven screens every admin area shares (src/components/resource). */
export const resource = {
  resource: {
    yes: "Sim",
    no: "Não",
    notFound: "Registro não encontrado.",
    backToList: "Voltar para a lista",
    form: {
      sum: "Calculado: soma de {{fields}}.",
      value: "valor",
    },
    list: {
      search: "Buscar por {{field}}",
      empty: "Nada encontrado.",
      moreFilters: "Filtros",
      moreFiltersActive_one: "Filtros ({{count}} ativo)",
      moreFiltersActive_other: "Filtros ({{count}} ativos)",
    },
    conflict: {
      title: "Outra pessoa alterou este registro depois que você o abriu.",
      lost: "Ao recarregar, as alterações que você fez aqui são descartadas.",
      reload: "Recarregar",
    },
    allPages: {
      loading: "Carregando {{loaded}} de {{total}}...",
      truncated: "Mostrando os {{shown}} primeiros de {{total}}. Veja todos na lista completa.",
    },
  },
};
