import type { Db } from "../db/client";
import type { CompanyRow } from "../db/schema";

/** What an answerer gets: the question and the company named by the widget's `cnpj` var. */
export interface AnswerContext {
  db: Db;
  company: CompanyRow;
  /** The question as typed. */
  question: string;
  /** Lower case, without accents or punctuation: what `match` functions look at. */
  normalized: string;
  now: Date;
}

/**
 * One thing the built-in SOL assistant knows how to answer. The registry in ./answerers asks each
 * how well it matches a question (0 = not at all); the best match answers from the database.
 */
export interface Answerer {
  id: string;
  /** A line for the "what can I ask" answer, e.g. 'Qual o último pagamento realizado?'. */
  example: string;
  /** 0 when the question is not about this; higher for a more specific match. */
  match(normalized: string): number;
  answer(context: AnswerContext): Promise<string>;
}
