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
    search: "Buscar por e-mail ou detalhe",
  },
};
