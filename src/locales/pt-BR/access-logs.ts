export const accessLogs = {
  "access-logs": {
    titles: { list: "Registros de acesso" },
    fields: {
      createdAt: "Data e hora",
      action: "Ação",
      email: "E-mail",
      comment: "Detalhe",
      ip: "IP",
    },
    actions: { LOGIN: "Login", LOGOUT: "Logout", LOGIN_FAILED: "Login recusado" },
    searchEmail: "Buscar no e-mail",
    searchComment: "Buscar no detalhe",
  },
};
