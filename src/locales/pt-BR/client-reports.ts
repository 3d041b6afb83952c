import { CLIENT_REPORT_LABELS } from "@/domain/client-reports";

/** Texts of the portfolio view and the monthly client report (issue 33 items 3 and 4). */
export const clientReports = {
  clientReports: {
    menu: "Relatórios mensais",
    intro: "O relatório mensal de cada cliente em PDF: gerado no primeiro dia útil do mês para o mês anterior, enviado aos gestores do cliente e arquivado aqui.",
    columns: { client: "Cliente", month: "Mês", generatedAt: "Gerado em", trigger: "Origem", sentTo: "Enviado para", actions: "Ações" },
    triggers: CLIENT_REPORT_LABELS.triggers,
    mailStatuses: CLIENT_REPORT_LABELS.mailStatuses,
    download: "Baixar PDF",
    generate: { button: "Gerar agora", title: "Gerar o relatório mensal agora", client: "Cliente", month: "Mês", monthHelp: "Padrão: o mês anterior.", ok: "Gerar e enviar", done: "Relatório gerado.", chooseClient: "Escolha o cliente." },
    filters: { client: "Filtrar por cliente", month: "Mês" },
    empty: "Nenhum relatório arquivado.",
  },
  portfolio: {
    menu: "Carteira de clientes",
    intro: "Todos os clientes (ou os escolhidos): recebido, empenhado, pago e parado por ano e tipo; quem enviou o quê para onde; a atualização de cada fonte por cliente.",
    chooseClients: "Clientes (vazio: todos)",
    allClients: "Todos os {{count}} clientes",
    chosenClients: "{{count}} clientes escolhidos",
    figures: { count: "Transferências", planned: "Previsto", committed: "Empenhado", received: "Recebido", paid: "Pago a fornecedores", idle: "Parado (sem pagamento há 90 dias)" },
    kinds: { imposition: "Especiais", voluntary: "Voluntárias", fund: "Fundo a fundo" },
    sections: { byYear: "Por ano e tipo", byClient: "Por cliente", senders: "Quem enviou o quê para onde", freshness: "Atualização das fontes por cliente" },
    columns: { year: "Ano", kind: "Tipo", client: "Cliente", parliamentarian: "Parlamentar", total: "Total", clients: "Clientes" },
    never: "nunca",
    ok: "Em dia",
  },
};
