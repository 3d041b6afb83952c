import { screenUrl } from "../../../src/domain/admin-screens";
import { codeLabels } from "../../../src/domain/labels/codes";
import { daysBetween } from "../../../src/domain/dates";
import { caucPicture, type RegularityRow } from "../areas";
import { bulletList, formatDate, plural, relativeDays } from "../text";
import type { Answerer } from "../types";

/** 'Regularidade quanto a Contribuições para o FGTS (1.3)'. */
export const caucItemName = (item: Pick<RegularityRow, "code" | "label">) => `${item.label} (${item.code})`;

/** An expiring item: its name, the day it lapses and how far that is. */
export const expiringLine = (item: RegularityRow, today: string) => `${caucItemName(item)}: válido até **${formatDate(item.validUntil!)}** (${relativeDays(daysBetween(today, item.validUntil!))})`;

/** A pending item: its name, its status as the screen names it and since when it was checked. */
export const pendingLine = (item: RegularityRow) =>
  `${caucItemName(item)}: **${codeLabels.regularityStatuses[item.status]}**${item.validUntil ? ` (validade encerrada em ${formatDate(item.validUntil)})` : ""}, verificado em ${formatDate(item.checkedOn)}`;

/**
 * "Tem item do CAUC vencendo?", "Quais pendências no CAUC?": the regularity screen's items expiring
 * within the company's CAUC alert days, and those irregular or to prove, with their dates.
 */
export const caucAnswerer: Answerer = {
  id: "cauc",
  example: "Quais itens do CAUC estão vencendo ou pendentes?",
  suggest: () => ["Quais itens do CAUC estão vencendo ou pendentes?"],
  match: (q) => (q.cues.has("cauc") && !q.numbers.length ? 12 : 0),
  async answer({ db, company, now }) {
    const cauc = await caucPicture(db, company.id, now.getTime());
    const links = [{ label: "Ver a regularidade (CAUC)", path: screenUrl("regularity", "list") }];
    const source = `itens de regularidade (CAUC e certidões) da Prefeitura de ${company.name}; "vencendo" = regular com validade nos próximos ${cauc.alertDays} dias, o prazo de aviso do cliente`;
    if (!cauc.total) {
      return {
        text: `Não encontrei dados do CAUC da Prefeitura de ${company.name}: procurei nos itens de regularidade do cliente (a importação do arquivo do Tesouro e os itens cadastrados à mão) e não há nenhum. Importe o CAUC na tela de regularidade para eu poder responder.`,
        source: `itens de regularidade da Prefeitura de ${company.name}`,
        links,
      };
    }
    const sections: string[] = [];
    sections.push(
      cauc.expiring.length
        ? `**${plural(cauc.expiring.length, "item vence", "itens vencem")} nos próximos ${cauc.alertDays} dias:**\n\n${bulletList(cauc.expiring.map((item) => expiringLine(item, cauc.today)))}`
        : `Nenhum item regular vence nos próximos ${cauc.alertDays} dias.`,
    );
    sections.push(
      cauc.pending.length
        ? `**${plural(cauc.pending.length, "item pendente", "itens pendentes")} (irregular ou a comprovar):**\n\n${bulletList(cauc.pending.map(pendingLine))}`
        : "Não há itens irregulares nem a comprovar.",
    );
    if (cauc.unknown) sections.push(`${plural(cauc.unknown, "item está", "itens estão")} sem informação na fonte.`);
    return {
      text: `CAUC da Prefeitura de ${company.name} (${plural(cauc.total, "item acompanhado", "itens acompanhados")}), hoje ${formatDate(cauc.today)}:\n\n${sections.join("\n\n")}`,
      source,
      links,
      followUps: ["Quais os próximos prazos de prestação de contas?", "Quantas propostas por situação?", "As comunicações da LC 210 foram enviadas?"],
    };
  },
};
