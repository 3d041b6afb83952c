import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import { ASSISTANT_TEXTS } from "../../src/domain/assistant";
import { answerers as defaultAnswerers } from "./answerers";
import { companyNames } from "./data";
import { renderAnswer } from "./describe";
import { PORTFOLIO_FALLBACK, PORTFOLIO_EXAMPLES, portfolioAnswerers } from "./portfolio";
import { STOPWORDS } from "./lexicon";
import { parseQuestion } from "./parse";
import { bulletList, joinAnd, lemmaPhrase, titleCase } from "./text";
import type { Answer, Answerer, ParsedQuestion, PortfolioAnswerer } from "./types";

export type { Answer, Answerer, AnswerContext, ParsedQuestion, PortfolioAnswerer } from "./types";

/** The answer when no company is selected (the widget's `cnpj` var is empty or unknown). */
export const NO_COMPANY_ANSWER =
  "Ainda não sei de qual prefeitura você está falando. Escolha um cliente no topo da página e pergunte de novo.";

/** A match below this score is not an answer: the assistant says it does not know. */
export const UNDERSTOOD = 5;

/** What the widget receives: the Markdown answer and the questions it offers next. */
export interface Reply {
  text: string;
  followUps: string[];
  /** Which answerer answered (null: not understood, or no company). */
  answererId: string | null;
}

const STARTERS = [...ASSISTANT_TEXTS.starterPrompts];

/**
 * Picks the answerer that best matches the question and answers from the database of the company
 * named by `cnpj`; with no company and `allClients` ("Todos os clientes" chosen), from the portfolio.
 */
export async function answerQuestion(
  db: Db,
  input: { cnpj: string; question: string; now?: Date; allClients?: boolean },
  available: Answerer[] = defaultAnswerers,
): Promise<Reply> {
  const cnpj = input.cnpj.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const [company] = cnpj ? await db.select().from(companies).where(eq(companies.cnpj, cnpj)).limit(1) : [];
  const now = input.now ?? new Date();
  if (!company && !cnpj && input.allClients) return answerPortfolio(db, input.question, now);
  if (!company) return { text: NO_COMPANY_ANSWER, followUps: STARTERS, answererId: null };
  const question = parseQuestion(input.question, { now, vocabulary: await companyNames(db, company.id) });

  // Each word the assistant does not know makes any reading less sure ('quanto o prefeito gastou com festa').
  const doubt = 3 * Math.min(question.unknownWords.length, 2);
  const scored = available
    .map((answerer) => ({ answerer, score: answerer.match(question) - (question.numbers.length ? 0 : doubt) }))
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < UNDERSTOOD) return notUnderstood(question, scored);
  if (question.ambiguousParliamentarians.length && !question.parliamentarians.length && !question.numbers.length && best.answerer.id !== "help") {
    return whichParliamentarian(question);
  }
  const answer = await best.answerer.answer({ db, company, question, now, today: question.today });
  // 'Quais clientes…' with one client chosen: the answer is that client's, and says how to see them all.
  if (asksAboutManyClients(question)) answer.text += `\n\n${oneClientNote(company.name)}`;
  return { text: renderAnswer(answer, company), followUps: (answer.followUps ?? STARTERS).slice(0, 3), answererId: best.answerer.id };
}

/** The words for a client; in the plural ("quais prefeituras", "os clientes") a question is about many. */
const CLIENT_WORDS = ["cliente", "prefeitura", "municipio"];

/** "Quais clientes…", "em quais prefeituras…", "na carteira": a question about many clients, not about the chosen one ("a prefeitura"). */
function asksAboutManyClients(question: ParsedQuestion): boolean {
  return question.cues.has("clients") && (CLIENT_WORDS.some((word) => question.pluralLemmas.has(word)) || question.lemmas.includes("carteira"));
}

/** Said when a question asks about clients while one is chosen. */
export const oneClientNote = (name: string) => `Esta resposta é só da Prefeitura de ${name}. Para ver todos os clientes, escolha "Todos os clientes" no topo da página e pergunte de novo.`;

/** The portfolio's answer: the best portfolio answerer, or what the portfolio answers and how to ask about one client. */
async function answerPortfolio(db: Db, text: string, now: Date, available: PortfolioAnswerer[] = portfolioAnswerers): Promise<Reply> {
  const question = parseQuestion(text, { now, vocabulary: { parliamentarians: [], grantors: [] } });
  const doubt = 3 * Math.min(question.unknownWords.length, 2);
  const [best] = available.map((answerer) => ({ answerer, score: answerer.match(question) - doubt })).sort((a, b) => b.score - a.score);
  if (!best || best.score < UNDERSTOOD) return { text: PORTFOLIO_FALLBACK, followUps: PORTFOLIO_EXAMPLES.slice(0, 3), answererId: null };
  const answer = await best.answerer.answer({ db, question, now, today: question.today });
  return { text: renderPortfolioAnswer(answer), followUps: (answer.followUps ?? PORTFOLIO_EXAMPLES).slice(0, 3), answererId: best.answerer.id };
}

/** A portfolio answer as the widget shows it: its links already name each client's authComp. */
function renderPortfolioAnswer(answer: Answer): string {
  const parts = [answer.text];
  if (answer.source) parts.push(`_Fonte: ${answer.source}._`);
  if (answer.links?.length) parts.push(answer.links.map((link) => `[${link.label}](${link.path})`).join(" · "));
  return parts.join("\n\n");
}

/** The content words of a text, to measure how close a suggestion is to a question. */
const contentOf = (text: string) => new Set(lemmaPhrase(text).split(" ").filter((w) => w && !STOPWORDS.has(w) && !QUESTION_WORDS.has(w)));

/** Words every question has: they make no suggestion closer than another. */
const QUESTION_WORDS = new Set(["qual", "quais", "quanto", "quantos", "quantas", "quando", "quem", "como", "onde", "o", "que", "municipio", "prefeitura"]);

/** Dice coefficient of two word sets. */
function closeness(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/**
 * The honest "não sei": no data, only two or three questions close to what was asked (shaped by the
 * kind, year and names the question did mention, and by the topics that came nearest).
 */
function notUnderstood(question: ParsedQuestion, scored: { answerer: Answerer; score: number }[]): Reply {
  const asked = new Set(question.lemmas.filter((w) => !STOPWORDS.has(w) && !QUESTION_WORDS.has(w)));
  const candidates = scored.flatMap(({ answerer, score }) =>
    [...(answerer.suggest?.(question) ?? []), answerer.example].map((text) => ({ text, weight: closeness(asked, contentOf(text)) + score * 0.05 })),
  );
  const seen = new Set<string>();
  const suggestions = candidates
    .sort((a, b) => b.weight - a.weight)
    .filter((c) => c.weight > 0 && !seen.has(c.text) && seen.add(c.text))
    .slice(0, 3)
    .map((c) => c.text);
  const offered = suggestions.length >= 2 ? suggestions : STARTERS;
  return {
    text: `Desculpe, não sei responder a essa pergunta com os dados que tenho. Talvez você queira perguntar:\n\n${bulletList(offered)}`,
    followUps: offered,
    answererId: null,
  };
}

/** Part of a name fits several parliamentarians: ask which one, offering each. */
function whichParliamentarian(question: ParsedQuestion): Reply {
  const names = question.ambiguousParliamentarians.slice(0, 5).map(titleCase);
  const year = question.years[0];
  return {
    text: `Encontrei mais de um parlamentar com esse nome nas transferências do município: ${joinAnd(names)}. De qual deles você quer saber?`,
    followUps: names.slice(0, 3).map((name) => `Quanto ${name} destinou ao município${year ? ` em ${year}` : ""}?`),
    answererId: null,
  };
}
