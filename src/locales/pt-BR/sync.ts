import { codeLabels as codes } from "@/domain/labels/codes";
/** Texts of the client's sync screen (Transferegov sync and SICONV import). */
export const sync = {
  sync: {
    tab: "Sincronização",
    transferegov: {
      title: "Transferegov: emendas PIX e fundo a fundo",
      intro:
        "Traz do Transferegov os planos de ação das transferências especiais (com empenhos e ordens bancárias) e os planos fundo a fundo deste município. Roda sozinha todo dia às 5h quando a sincronização diária está ligada na parametrização.",
      syncNow: "Sincronizar agora",
      freshness: "Dados do Transferegov atualizados em",
      modules: { especiais: "Transferências especiais", fundoafundo: "Fundo a fundo" },
      freshnessUnavailable: "indisponível",
      daily: "Sincronização diária",
      dailyOn: "Ligada",
      dailyOff: "Desligada",
      noRun: "Nenhuma sincronização ainda.",
      started: "Sincronização iniciada.",
    },
    siconv: {
      title: "Convênios: arquivos do SICONV",
      intro:
        "Os convênios e contratos de repasse ainda não têm API: baixe os arquivos siconv_proposta, siconv_emenda, siconv_convenio, siconv_empenho, siconv_desembolso e siconv_pagamento (.zip) na página de dados abertos do Transferegov e envie aqui. A importação vale para todos os municípios clientes encontrados nos arquivos.",
      drop: "Clique ou arraste os arquivos siconv_*.zip para esta área",
      dropHint: "Um arquivo de cada tabela; os arquivos nacionais podem ter centenas de MB.",
      import: "Importar arquivos",
      started: "Importação iniciada.",
      noRun: "Nenhuma importação ainda.",
      chooseFiles: "Escolha os arquivos.",
    },
    run: {
      last: "Última execução",
      history: "Execuções anteriores",
      status: codes.syncRunStatuses,
      trigger: codes.syncRunTriggers,
      counts: { created: "Novos", updated: "Atualizados", unchanged: "Sem mudança", skipped: "Ignorados", failed: "Com erro" },
      countsHelp: "Ignorados são registros de municípios que não são clientes; com erro, registros que não puderam ser lidos.",
      fields: { createdAt: "Pedida em", startedAt: "Início", finishedAt: "Fim", trigger: "Origem", status: "Situação", counts: "Resultado", files: "Arquivos" },
      problems: "Registros com erro",
      missing: "não estão mais na fonte (marcados, não excluídos)",
      rowsPerSecond: "linhas por segundo",
      done: "Sincronização concluída.",
      importDone: "Importação concluída.",
      failed: "A execução falhou.",
    },
  },
};
