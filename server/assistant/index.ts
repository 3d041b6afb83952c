import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import { answerers as defaultAnswerers } from "./answerers";
import { bulletList, normalizeQuestion } from "./text";
import type { Answerer } from "./types";

export type { Answerer, AnswerContext } from "./types";

/** The answer when no company is selected (the widget's `cnpj` var is empty or unknown). */
export const NO_COMPANY_ANSWER =
  "Ainda não sei de qual prefeitura você está falando. Escolha um cliente no topo da página e pergunte de novo.";

/** The honest answer when no answerer matches. */
export function unknownAnswer(available: Answerer[]): string {
  return `Desculpe, não sei responder a essa pergunta com os dados que tenho. Posso ajudar com:\n\n${bulletList(available.map((answerer) => answerer.example))}`;
}

/** Picks the answerer that best matches the question and answers from the database of the company named by `cnpj`. */
export async function answerQuestion(
  db: Db,
  input: { cnpj: string; question: string; now?: Date },
  available: Answerer[] = defaultAnswerers,
): Promise<string> {
  const cnpj = input.cnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const [company] = cnpj ? await db.select().from(companies).where(eq(companies.cnpj, cnpj)).limit(1) : [];
  if (!company) return NO_COMPANY_ANSWER;
  const normalized = normalizeQuestion(input.question);
  let best: Answerer | undefined;
  let bestScore = 0;
  for (const answerer of available) {
    const score = answerer.match(normalized);
    if (score > bestScore) [best, bestScore] = [answerer, score];
  }
  if (!best) return unknownAnswer(available);
  return best.answer({ db, company, question: input.question, normalized, now: input.now ?? new Date() });
}
