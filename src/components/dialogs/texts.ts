/** Dialog texts of spec section 8. */
export const DIALOG_TEXTS = {
  success: "Sucesso",
  error: "Erro",
  confirm: "Você tem certeza?",
  yes: "Sim",
  yesRemove: "Sim remover",
  no: "Não",
  cancel: "Cancelar",
  loading: "Carregando...",
  close: "Fechar está janela",
} as const;

/** Dialog colours of spec section 9. */
export const DIALOG_COLORS = { confirm: "#4fad32", deny: "#F1595C", cancel: "#6d6d6d" } as const;
