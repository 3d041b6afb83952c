import { transferInfoPath } from "../../../src/domain/assistant";
import { impedimentRisks, workPlansKnown, type ImpedimentRisk } from "../areas";
import { bulletList, formatDate, formatMoney, plural, titleCase } from "../text";
import type { Answerer, ParsedQuestion } from "../types";

const LISTED = 10;

/** A risky emenda: its number, value, parliamentarian, why and since when. */
export const riskLine = (risk: ImpedimentRisk, withClient: boolean) =>
  `${withClient ? `${risk.client}: ` : ""}emenda **${risk.key}** (${formatMoney(risk.planned)}, ${titleCase(risk.parliamentarian)}): ${risk.reason}${risk.since ? ` desde ${formatDate(risk.since)}` : ""}`;

/** 'emendas em risco de impedimento', 'plano de trabalho em complementação': a question on the impediment risk. */
export function asksAboutImpedimentRisk(q: ParsedQuestion): boolean {
  const plan = q.lemmas.join(" ").includes("plano de trabalho");
  return q.cues.has("risk") || (plan && (q.lemmas.includes("analise") || q.lemmas.includes("complementacao") || q.lemmas.includes("aprovado")));
}

/** The honest answer when no analysis has been read yet (the sync fills them). */
export const UNKNOWN_RISK = "Não sei dizer quais emendas correm risco de impedimento: ainda não há análises de plano de trabalho lidas do Transferegov (procurei as análises, os órgãos que ainda analisam os planos e a situação de cada plano) para as emendas PIX";

/** Where the answer comes from (the work plans' analyses read by the sync). */
export const RISK_SOURCE = "planos de trabalho das emendas PIX em aberto (análises e órgãos que ainda os analisam, lidos do Transferegov)";

/**
 * "Quais emendas correm risco de impedimento?": open emendas PIX whose plano de trabalho is held by a
 * body, in complementation or not approved (the analyses the sync reads).
 */
export const risksAnswerer: Answerer = {
  id: "impediment-risk",
  example: "Quais emendas estão em risco de impedimento?",
  suggest: () => ["Quais emendas estão em risco de impedimento?"],
  match: (q) => (asksAboutImpedimentRisk(q) && !q.numbers.length ? 12 : 0),
  async answer({ db, company }) {
    const risks = await impedimentRisks(db, company.id);
    const source = `${RISK_SOURCE}, Prefeitura de ${company.name}`;
    if (!risks.length) {
      const known = await workPlansKnown(db, company.id);
      return {
        text: known
          ? `Não encontrei emendas PIX da Prefeitura de ${company.name} em risco de impedimento: procurei análises de plano de trabalho pendentes, em complementação ou não aprovadas nas emendas em aberto, e não há nenhuma.`
          : `${UNKNOWN_RISK} da Prefeitura de ${company.name}.`,
        source,
      };
    }
    return {
      text: `**${plural(risks.length, "emenda PIX em risco", "emendas PIX em risco")} de impedimento** na Prefeitura de ${company.name}:\n\n${bulletList(risks.slice(0, LISTED).map((r) => riskLine(r, false)))}${risks.length > LISTED ? `\n\n…e mais ${risks.length - LISTED}.` : ""}`,
      source,
      links: risks.slice(0, 3).map((r) => ({ label: `Abrir ${r.key}`, path: transferInfoPath("imposition", r.key) })),
      followUps: ["Quantas emendas pix estão impedidas?", "Quais itens do CAUC estão vencendo ou pendentes?"],
    };
  },
};
