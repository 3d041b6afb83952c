import { transferInfoPath } from "../../../src/domain/assistant";
import { impedimentRisks, workPlansKnown, type ImpedimentRisk } from "../areas";
import { bulletList, formatMoney, plural, titleCase } from "../text";
import type { Answerer, ParsedQuestion } from "../types";

const LISTED = 10;

/** A risky emenda: its number, value, parliamentarian, why and since when. */
export const riskLine = (risk: ImpedimentRisk, withClient: boolean) =>
  `${withClient ? `${risk.client}: ` : ""}emenda **${risk.key}** (${formatMoney(risk.planned)}, ${titleCase(risk.parliamentarian)}): ${risk.reason}`;

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
 * "Quais emendas correm risco de impedimento?": the impediment radar's emendas (plan not approved
 * near or past its exercise's impediment date), the same the risk queue and the digest list.
 */
export const risksAnswerer: Answerer = {
  id: "impediment-risk",
  example: "Quais emendas estão em risco de impedimento?",
  suggest: () => ["Quais emendas estão em risco de impedimento?"],
  match: (q) => (asksAboutImpedimentRisk(q) && !q.numbers.length ? 12 : 0),
  async answer({ db, company, today }) {
    const source = `${RISK_SOURCE}, Prefeitura de ${company.name}`;
    // Nothing of the work plans read yet: a plan without a situation is unknown, not "not presented".
    const known = await workPlansKnown(db, company.id);
    const risks = known ? await impedimentRisks(db, company.id, today) : [];
    if (!risks.length) {
      return {
        text: known
          ? `Não encontrei emendas PIX da Prefeitura de ${company.name} em risco de impedimento: procurei, nas emendas em aberto, planos de trabalho não aprovados perto ou depois da data de impedimento do exercício, e não há nenhum.`
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
