import type { Answerer } from "../types";
import { bulletList, countStems } from "../text";

/** 'O que posso perguntar para você?': lists what the registry can answer. Built by the registry. */
export function helpAnswerer(others: () => Answerer[]): Answerer {
  return {
    id: "help",
    example: "O que posso perguntar para você?",
    match: (q) =>
      /\b(o que|oque|quais coisas)\b.*\b(pergunt|sabe|faz|pode|posso)/.test(q) || countStems(q, ["ajuda", "help", "comandos"]) ? 10 : 0,
    async answer({ company }) {
      return `Eu sou o SOL, o agente da Prefeitura de ${company.name}. Por enquanto, sei responder:\n\n${bulletList(others().map((answerer) => answerer.example))}`;
    },
  };
}
