export const usefulLinks = {
  usefulLinks: {
    menu: "Links úteis",
    titles: { list: "Links úteis", create: "Novo link", edit: "Editar link" },
    fields: {
      title: "Título",
      url: "Endereço (URL)",
      urlPlaceholder: "https://",
      description: "Descrição",
      order: "Ordem",
      orderHint: "Os links aparecem do menor para o maior número.",
    },
  },
};
