import type { ObligationStatus } from "../../src/domain/accountability";
import type { DeadlineItem, DeadlineKind } from "../../src/domain/deadlines";
import { codeLabels } from "../../src/domain/labels/codes";
import { escapeHtml } from "../lib/html";

/**
 * The daily digest of the deadline center as an e-mail: pt-BR, an HTML part and a plain-text part with
 * the same content, grouped by kind, each item with its date, how many days are left (or how late it
 * is) and a link that opens it in the app with the company chosen (authComp).
 */

export interface DigestEmail {
  subject: string;
  html: string;
  text: string;
}

const KIND_TITLES = codeLabels.deadlineKindGroups;
const KIND_ORDER: DeadlineKind[] = ["impediment", "accountability", "lc210", "validity", "suspensive", "cauc", "municipal-amendment", "sync-source", "program", "alert"];

/** The open statuses worth naming after an item, in the catalogue's words (lower case: they end a sentence). */
const NAMED_STATUSES: ReadonlySet<string> = new Set<ObligationStatus>(["AGUARDANDO", "PENDENTE", "EM_ELABORACAO", "PARCIAL", "EM_COMPLEMENTACAO"]);
const STATUS_LABELS: Record<string, string> = Object.fromEntries(
  Object.entries(codeLabels.obligationStatuses)
    .filter(([code]) => NAMED_STATUSES.has(code))
    .map(([code, label]) => [code, label.toLowerCase()]),
);

/** YYYY-MM-DD as dd/mm/aaaa. */
export const brazilianDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** "vence hoje", "vence em 1 dia", "vence em 12 dias", "atrasado há 3 dias". */
export function whenText(item: Pick<DeadlineItem, "daysLeft" | "overdue">): string {
  if (item.daysLeft === null) return "sem prazo";
  if (item.daysLeft < 0) return `atrasado há ${-item.daysLeft} ${-item.daysLeft === 1 ? "dia" : "dias"}`;
  if (item.daysLeft === 0) return "vence hoje";
  return `vence em ${item.daysLeft} ${item.daysLeft === 1 ? "dia" : "dias"}`;
}

/** The link to an item: the app's origin, its path and the company chosen (authComp={id}_{cnpj}). */
export function itemLink(origin: string, path: string, company: { id: number; cnpj: string }): string {
  const url = new URL(path, origin);
  url.searchParams.set("authComp", `${company.id}_${company.cnpj}`);
  return url.toString();
}

export function composeDigest(input: { company: { id: number; name: string; cnpj: string }; today: string; origin: string; items: DeadlineItem[] }): DigestEmail {
  const { company, today, origin, items } = input;
  const overdue = items.filter((item) => item.overdue).length;
  const subject = `SOL Transferências: ${items.length} ${items.length === 1 ? "prazo novo ou alterado" : "prazos novos ou alterados"} — ${company.name}${overdue ? ` (${overdue} ${overdue === 1 ? "atrasado" : "atrasados"})` : ""}`;
  const groups = KIND_ORDER.map((kind) => ({ kind, items: items.filter((item) => item.kind === kind) })).filter((group) => group.items.length > 0);
  const intro = `Resumo de prazos de ${company.name} em ${brazilianDate(today)}: o que é novo ou mudou desde o último resumo.`;
  const line = (item: DeadlineItem) => {
    const status = item.status && STATUS_LABELS[item.status] ? ` — situação: ${STATUS_LABELS[item.status]}` : "";
    const date = item.date ? `${brazilianDate(item.date)} (${whenText(item)})` : "sem data";
    return { head: `${item.what}: ${item.title}${item.reference ? ` [${item.reference}]` : ""}`, detail: `${date}${status}`, link: itemLink(origin, item.path, company) };
  };

  const text = [
    intro,
    "",
    ...groups.flatMap((group) => [
      `${KIND_TITLES[group.kind]} (${group.items.length})`,
      ...group.items.flatMap((item) => {
        const l = line(item);
        return [`- ${l.head}`, `  ${l.detail}`, `  ${l.link}`];
      }),
      "",
    ]),
    "Você recebe este e-mail porque está nos e-mails de alerta da parametrização da prefeitura no SOL Transferências.",
  ].join("\n");

  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; color: #1f1f1f; line-height: 1.4">
<h1 style="font-size: 20px">Resumo de prazos — ${escapeHtml(company.name)}</h1>
<p>${escapeHtml(intro)}</p>
${groups
  .map(
    (group) => `<h2 style="font-size: 16px; margin-top: 24px">${escapeHtml(KIND_TITLES[group.kind])} (${group.items.length})</h2>
<ul>
${group.items
  .map((item) => {
    const l = line(item);
    const color = item.overdue ? "#cf1322" : item.daysLeft !== null && item.daysLeft <= 7 ? "#d46b08" : "#1f1f1f";
    return `<li style="margin-bottom: 8px"><a href="${escapeHtml(l.link)}">${escapeHtml(l.head)}</a><br><span style="color: ${color}">${escapeHtml(l.detail)}</span></li>`;
  })
  .join("\n")}
</ul>`,
  )
  .join("\n")}
<p style="color: #8c8c8c; font-size: 12px">Você recebe este e-mail porque está nos e-mails de alerta da parametrização da prefeitura no SOL Transferências.</p>
</body></html>`;
  return { subject, html, text };
}
