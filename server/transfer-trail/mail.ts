import { escapeHtml } from "../lib/html";

/**
 * The two e-mails of "Siga a emenda", in pt-BR: the confirmation (double opt-in) and the notice of a
 * change. Every notice carries its one-click unsubscribe (RFC 8058 List-Unsubscribe + -Post headers)
 * and the same link in its text.
 */

export interface FollowMail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

function render(paragraphs: (string | { link: string; label: string })[]): { text: string; html: string } {
  const text = paragraphs.map((p) => (typeof p === "string" ? p : `${p.label}: ${p.link}`)).join("\n\n");
  const html = paragraphs.map((p) => (typeof p === "string" ? `<p>${escapeHtml(p)}</p>` : `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.label)}</a></p>`)).join("\n");
  return { text: `${text}\n`, html };
}

const what = (nr: string, object: string | null) => `a transferência especial ${nr}${object ? ` (${object})` : ""}`;

export function composeConfirmation(input: { municipality: string; nr: string; object: string | null; link: string }): FollowMail {
  return {
    subject: `Confirme: acompanhar a transferência especial ${input.nr} – ${input.municipality}`,
    ...render([
      "Olá.",
      `Recebemos um pedido para avisar este e-mail quando a movimentação de ${what(input.nr, input.object)}, recebida por ${input.municipality}, mudar: novos lançamentos na conta, novos pagamentos, mudanças de situação.`,
      { label: "Confirmar e começar a receber os avisos", link: input.link },
      "O link vale por 7 dias. Se não foi você quem pediu, ignore este e-mail: sem a confirmação nada mais será enviado.",
    ]),
  };
}

export function composeNotice(input: { municipality: string; nr: string; object: string | null; changes: string[]; link: string; unsubscribeLink: string; oneClickUrl: string }): FollowMail {
  return {
    subject: `Novidades na transferência especial ${input.nr} – ${input.municipality}`,
    ...render([
      `A movimentação de ${what(input.nr, input.object)}, recebida por ${input.municipality}, mudou:`,
      ...input.changes.map((change) => `• ${change}`),
      { label: "Ver a transferência no portal da transparência", link: input.link },
      { label: "Não quero mais receber estes avisos", link: input.unsubscribeLink },
    ]),
    headers: {
      "List-Unsubscribe": `<${input.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
