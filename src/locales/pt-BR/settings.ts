/** Texts of the profile and the settings of the active company. */
export const settings = {
  settings: {
    title: "Configurações",
    dataTitle: "Prefeitura - dados",
    dataEditTitle: "Prefeitura - editar dados",
    tabs: { data: "Dados da prefeitura", panel: "Painel", users: "Usuários" },
    panelTabs: { data: "Dados", parametrization: "Parametrização" },
    chooseCompany: "Escolha um cliente no topo da página para ver e alterar as configurações dele.",
    edit: "Editar dados",
  },
  profile: {
    title: "Perfil",
    avatar: "Foto",
    uploadAvatar: "Enviar foto",
    removeAvatar: "Remover foto",
    avatarSaved: "Foto atualizada",
    account: "Dados da conta",
    password: "Trocar senha",
    passwordHelp: "Deixe em branco para manter a senha atual.",
    newPassword: "Nova senha",
    currentPassword: "Senha atual",
    currentPasswordHelp: "Para trocar a senha ou o e-mail, confirme a senha atual (não é preciso se você entrou há menos de 5 minutos).",
    rePassword: "Repita a nova senha",
    emailHelp: "Você passa a entrar com o novo e-mail.",
  },
};
