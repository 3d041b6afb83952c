import { listQuery } from "../../../src/domain/assistant";
import { screenUrl } from "../../../src/domain/admin-screens";
import { municipalAmendmentLabels } from "../../../src/domain/labels/municipal-amendments";
import { MUNICIPAL_AMENDMENT_STAGES } from "../../../src/domain/municipal-amendments";
import { EXECUTED_STAGES, municipalPicture } from "../areas";
import { bulletList, formatMoney, plural, titleCase } from "../text";
import type { Answerer } from "../types";

const LISTED = 10;

/**
 * "Quantas emendas dos vereadores foram indicadas e executadas?", "Emendas municipais por vereador":
 * the councillors' emendas (issue 37), per stage and per councillor, from the list's own columns.
 */
export const municipalAnswerer: Answerer = {
  id: "municipal-amendments",
  example: "Quantas emendas de vereadores foram indicadas e executadas?",
  suggest: () => ["Quantas emendas de vereadores foram indicadas e executadas?", "Quanto cada vereador indicou em emendas municipais?"],
  match: (q) => (q.cues.has("municipal") && !q.numbers.length ? 13 : 0),
  async answer({ db, company, question: q }) {
    const years = q.years;
    const picture = await municipalPicture(db, company.id, years);
    const period = years.length ? ` de ${years.join(" e ")}` : "";
    const links = [{ label: "Ver as emendas municipais", path: years.length === 1 ? `${screenUrl("municipal-amendments", "list")}?${listQuery([{ field: "year", operator: "eq", value: years[0] }])}` : screenUrl("municipal-amendments", "list") }];
    const source = `emendas municipais (indicações dos vereadores) da Prefeitura de ${company.name}${period}; executadas = etapa executada ou contas prestadas`;
    if (!picture.count) {
      return {
        text: `Não encontrei emendas municipais${period} da Prefeitura de ${company.name}: procurei nas indicações dos vereadores cadastradas no sistema e não há nenhuma.`,
        source,
        links,
      };
    }
    const executed = picture.byStage.filter((s) => EXECUTED_STAGES.includes(s.stage)).reduce((acc, s) => acc + s.count, 0);
    const stages = MUNICIPAL_AMENDMENT_STAGES.map((stage) => picture.byStage.find((s) => s.stage === stage))
      .filter((s): s is NonNullable<typeof s> => Boolean(s))
      .map((s) => `${municipalAmendmentLabels.stages[s.stage]}: ${s.count} (${formatMoney(s.value)})`);
    const authors = picture.byAuthor.slice(0, LISTED).map((a) => `${titleCase(a.name)} (${a.party}): ${plural(a.count, "emenda", "emendas")}, ${formatMoney(a.value)}, ${a.executed} ${a.executed === 1 ? "executada" : "executadas"}`);
    const more = picture.byAuthor.length > LISTED ? `\n\n…e mais ${picture.byAuthor.length - LISTED} vereadores.` : "";
    return {
      text: [
        `Emendas municipais${period} da Prefeitura de ${company.name}: **${picture.count} indicadas** (${formatMoney(picture.value)}), **${executed} executadas**; pago à conta das emendas: ${formatMoney(picture.paid)}.`,
        `Por etapa:\n\n${bulletList(stages)}`,
        `Por vereador:\n\n${bulletList(authors)}${more}`,
      ].join("\n\n"),
      source,
      links,
      followUps: ["Quanto cada vereador indicou em emendas municipais?", "Quais itens do CAUC estão vencendo ou pendentes?"],
    };
  },
};
