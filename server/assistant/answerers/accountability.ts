import { screenUrl } from "../../../src/domain/admin-screens";
import { daysBetween } from "../../../src/domain/dates";
import { codeLabels } from "../../../src/domain/labels/codes";
import type { CompanyRow } from "../../db/schema";
import { accountabilityPicture, type ObligationRow } from "../areas";
import { bulletList, formatDate, plural, relativeDays } from "../text";
import type { Answer } from "../types";
import type { Db } from "../../db/client";

/** How many overdue rows an answer lists before saying how many more there are. */
const LISTED = 8;

/** 'Prestação de contas do convênio **912345** (Pavimentação…): venceu em 10/03/2026 (há 12 dias), Aguardando'. */
export function obligationLine(row: ObligationRow, today: string): string {
  const when = daysBetween(today, row.dueDate!);
  const verb = when < 0 ? "venceu em" : "vence em";
  return `${codeLabels.obligationKinds[row.kind]} **${row.transferKey}**${row.title ? ` (${row.title})` : ""}: ${verb} **${formatDate(row.dueDate!)}** (${relativeDays(when)}), ${codeLabels.obligationStatuses[row.status]}`;
}

/**
 * "Qual o próximo prazo de prestação de contas?", "Prestações de contas vencidas": the company's
 * accountability obligations (not the convênio's date alone): the overdue ones the deadline center
 * lists, then the nearest ahead.
 */
export async function accountabilityAnswer(db: Db, company: CompanyRow, today: string): Promise<Answer> {
  // The nearest, then the few after it: 'prestação de contas vencendo' asks for more than one.
  const picture = await accountabilityPicture(db, company.id, today, 5);
  const links = [
    { label: "Ver a prestação de contas", path: screenUrl("accountability-obligations", "list") },
    { label: "Ver a central de prazos", path: screenUrl("dashboard", "list") },
  ];
  const source = `obrigações de prestação de contas e relatórios de gestão da Prefeitura de ${company.name} (as mesmas da central de prazos, aviso de ${picture.alertDays} dias), a partir de ${formatDate(today)}`;
  if (!picture.overdue.length && !picture.upcoming.length) {
    return {
      text: `Não encontrei prazos de prestação de contas em aberto para a Prefeitura de ${company.name}: procurei nas obrigações (convênios, relatórios de gestão das transferências especiais e fundo a fundo) e todas estão entregues ou sem data.`,
      source,
      links,
    };
  }
  const parts: string[] = [];
  if (picture.overdue.length) {
    const shown = picture.overdue.slice(0, LISTED).map((row) => obligationLine(row, today));
    const more = picture.overdue.length > LISTED ? `\n\n…e mais ${picture.overdue.length - LISTED}.` : "";
    parts.push(`**${plural(picture.overdue.length, "prazo vencido", "prazos vencidos")}** (em aberto, como na central de prazos):\n\n${bulletList(shown)}${more}`);
  } else parts.push("Nenhum prazo de prestação de contas está vencido.");
  const [nearest, ...next] = picture.upcoming;
  if (nearest) {
    parts.push(`**Próximo prazo:** ${obligationLine(nearest, today)}.`);
    if (next.length) parts.push(`Depois:\n\n${bulletList(next.map((row) => obligationLine(row, today)))}`);
  } else parts.push("Não há prazos de prestação de contas a vencer a partir de hoje.");
  return {
    text: `Prestação de contas da Prefeitura de ${company.name}:\n\n${parts.join("\n\n")}`,
    source,
    links,
    followUps: ["As comunicações da LC 210 foram enviadas?", "Quais itens do CAUC estão vencendo ou pendentes?", "Qual convênio vence primeiro?"],
  };
}
