export const categories = {
  categories: {
    menu: "Categorias",
    titles: { list: "Categorias", create: "Nova categoria", edit: "Editar categoria" },
    fields: { scope: "Área", name: "Nome", slug: "Identificador (slug)", color: "Cor", order: "Ordem" },
    scopes: { blog: "Blog", legislation: "Legislação", model: "Modelos", tutorial: "Tutoriais", link: "Links úteis" },
  },
};
