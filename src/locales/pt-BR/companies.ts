import { transparency as publicTexts } from "@/domain/labels/transparency";
/** Texts of the companies area (Clientes) and the company switcher. */
export const companies = {
  companies: {
    titles: { list: "Clientes", create: "Nova cliente", edit: "Editar cliente", show: "Cliente" },
    fields: {
      logo: "Logotipo",
      name: "Nome",
      cnpj: "CNPJ",
      legalName: "Razão social",
      municipality: "Município",
      ibgeCode: "Código IBGE",
      uf: "UF",
      email: "E-mail",
      phone: "Telefone",
      mayorName: "Prefeito(a)",
      slug: "Endereço público",
      publicPortalEnabled: "Portal de transparência",
      usersCount: "Usuários",
      createdAt: "Cadastrado em",
      updatedAt: "Atualizado em",
    },
    help: {
      cnpj: "Numérico ou alfanumérico (a partir de julho de 2026), com ou sem pontuação.",
      slug: "Letras minúsculas sem acento, números e hífens.",
    },
    placeholders: { search: "Buscar por nome, CNPJ, prefeito(a) ou e-mail" },
    portal: { on: "Publicado", off: "Desativado" },
    actions: {
      choose: "Selecionar",
      chooseHint: "Trabalhar neste cliente",
      uploadLogo: "Enviar logotipo",
      removeLogo: "Remover",
      openPortal: "Abrir portal",
    },
    tabs: { data: "Dados", parametrization: "Parametrização", transparency: "Transparência", users: "Usuários", sync: "Sincronização" },
    delete: {
      confirmTitle: "Excluir cliente com usuários e dados?",
      done: "Cliente excluído",
    },
    empty: "Nenhum cliente encontrado.",
  },
  parametrization: {
    title: "Parametrização",
    intro: "Com quanta antecedência o sistema avisa sobre prazos, e quem recebe os avisos por e-mail.",
    fields: {
      validityAlertDays: "Aviso antes do fim da vigência",
      accountabilityAlertDays: "Aviso antes do prazo de prestação de contas",
      caucAlertDays: "Aviso antes do vencimento de itens do CAUC",
      alertEmails: "E-mails que recebem os avisos",
      transferegovSyncEnabled: "Sincronização diária com o Transferegov",
    },
    syncHelp: "Todo dia às 5h, traz do Transferegov as emendas PIX e os planos fundo a fundo do município.",
    on: "Ligada",
    off: "Desligada",
    days: "dias",
    emailsHelp: "Digite um e-mail e tecle Enter. Até 10.",
    none: "Nenhum",
  },
  transparency: {
    title: "Portal de transparência",
    intro: "O que o site público do município mostra a qualquer cidadão.",
    fields: {
      slug: "Endereço público",
      publicPortalEnabled: "Portal publicado",
      sections: "Seções publicadas",
      showPayments: "Mostrar os pagamentos de cada transferência",
      welcomeText: "Texto de apresentação",
    },
    /** The sections as the public site names them in its menu. */
    sections: publicTexts.sectionNames,
  },
  companySwitcher: {
    label: "Cliente ativo",
    all: "Todos os clientes",
    placeholder: "Escolher cliente",
  },
};
