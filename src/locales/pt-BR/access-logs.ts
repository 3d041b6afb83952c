import { codeLabels as codes } from "@/domain/labels/codes";
export const accessLogs = {
  "access-logs": {
    titles: { list: "Registros de acesso" },
    fields: {
      createdAt: "Data e hora",
      action: "Ação",
      email: "E-mail",
      comment: "Detalhe",
      ip: "IP",
      source: "Origem",
    },
    sources: codes.auditSources,
    sourceHints: {
      SESSION: "Registrado pelo servidor a partir de uma sessão autenticada.",
      ANONYMOUS: "Enviado sem sessão: o e-mail e o detalhe são o que o visitante informou, sem comprovação.",
    },
    actions: codes.auditActions,
    searchEmail: "Buscar no e-mail",
    searchComment: "Buscar no detalhe",
  },
};
