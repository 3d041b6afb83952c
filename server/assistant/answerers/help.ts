import type { Answerer } from "../types";
import { bulletList } from "../text";

/** 'O que posso perguntar para você?' (and a greeting): lists what the registry can answer. Built by the registry. */
export function helpAnswerer(others: () => Answerer[]): Answerer {
  return {
    id: "help",
    example: "O que posso perguntar para você?",
    match: (q) => (q.cues.has("help") ? 10 : q.cues.has("greeting") && q.lemmas.length <= 4 ? 5 : 0),
    async answer({ company }) {
      return {
        text: `Eu sou o SOL, o agente da Prefeitura de ${company.name}. Respondo com os dados das telas do município: transferências, pagamentos, CAUC, propostas, prestação de contas, LC 210 e emendas de vereadores. Por exemplo:\n\n${bulletList(others().map((answerer) => answerer.example))}\n\nPosso filtrar por tipo (emenda especial/PIX, convênio, fundo a fundo), ano, mês, parlamentar, concedente e situação.`,
        followUps: others().slice(0, 3).map((a) => a.example),
      };
    },
  };
}
