import { escapeHtml } from "../lib/html";

/**
 * The e-mail that tells a person their password or e-mail changed (issue 36 item 1). It goes to the
 * address the account had before the change, so whoever took over a session cannot hide the change
 * from the owner by moving the account to an address of their own.
 */

export interface CredentialNotice {
  subject: string;
  html: string;
  text: string;
}

/** dd/mm/aaaa às hh:mm, in São Paulo's time, the way the person reads dates. */
const brazilianMoment = (at: Date) =>
  new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(at).replace(", ", " às ");

export function composeCredentialNotice(input: {
  name: string;
  changed: { password: boolean; email: { from: string; to: string } | null };
  at: Date;
  origin: string;
}): CredentialNotice {
  const { name, changed, at, origin } = input;
  const what = changed.password && changed.email ? "a senha e o e-mail" : changed.password ? "a senha" : "o e-mail";
  const verb = changed.password && changed.email ? "foram alterados" : changed.password ? "foi alterada" : "foi alterado";
  const subject = `SOL Transferências: ${what} da sua conta ${verb}`;
  const lines = [
    `Olá, ${name}.`,
    `Em ${brazilianMoment(at)} (horário de Brasília), ${what} da sua conta no SOL Transferências ${verb}.`,
    ...(changed.email ? [`O e-mail de acesso passou de ${changed.email.from} para ${changed.email.to}.`] : []),
    "As outras sessões abertas da conta foram encerradas.",
    `Se não foi você, fale agora com o administrador da consultoria e peça o bloqueio da conta. Acesso: ${origin}/admin/auth/login`,
  ];
  return {
    subject,
    text: `${lines.join("\n\n")}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}
