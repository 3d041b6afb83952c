import { codeLabels as codes } from "@/domain/labels/codes";
export const alerts = {
  alerts: {
    menu: "Avisos",
    titles: { list: "Avisos", create: "Novo aviso", edit: "Editar aviso" },
    sections: { notice: "Aviso", audience: "Para quem e quando" },
    fields: {
      title: "Título",
      message: "Mensagem",
      severity: "Gravidade",
      audience: "Para quem",
      companyIds: "Prefeituras",
      validFrom: "Válido a partir de",
      validUntil: "Válido até",
      validUntilHint: "Em branco: sem data de fim.",
      linkUrl: "Link (opcional)",
      readCount: "Leituras",
    },
    severities: codes.alertSeverities,
    audiences: codes.alertAudiences,
    bell: {
      label: "Avisos",
      unread: "{{count}} não lido(s)",
      empty: "Nenhum aviso no momento.",
      markRead: "Marcar como lido",
      read: "Lido",
      open: "Abrir link",
    },
  },
};
