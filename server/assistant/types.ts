import type { Db } from "../db/client";
import type { CompanyRow } from "../db/schema";
import type { TransferKindCode } from "../../src/domain/assistant";
import type { Cue, DeadlineKind, Dimension, Measure, SituationConcept } from "./lexicon";

export type { TransferKindCode };

/** A grantor (concedente) as the company's data names it. */
export interface GrantorRef {
  acronym: string | null;
  name: string;
  /** The kinds of transfer in which the company has money from it. */
  kinds: TransferKindCode[];
}

/** The names a question may mention, read from the company's own transfers. */
export interface CompanyVocabulary {
  parliamentarians: string[];
  grantors: GrantorRef[];
}

export interface MonthRef {
  /** 1–12. */
  month: number;
  year: number;
}

export interface TransferNumber {
  /** The kind its format says (6 digits: a convênio; 8+6: an emenda especial; 14+6: fundo a fundo). */
  kind: TransferKindCode;
  key: string;
}

/** What the parser understood of a question: words, cues and entities. Answerers only look at this. */
export interface ParsedQuestion {
  /** As typed. */
  text: string;
  /** Lower case, no accents or punctuation. */
  normalized: string;
  /** The words after abbreviations were expanded and spelling corrected, in the singular. */
  lemmas: string[];
  /** Lemmas whose typed form was plural ('convenios' → 'convenio'). */
  pluralLemmas: Set<string>;
  cues: Set<Cue>;
  kinds: TransferKindCode[];
  modality: string | null;
  /** In the order they appear. */
  measures: Measure[];
  /** 'mandou', 'enviou', 'destinou': money sent by someone. */
  sent: boolean;
  situations: SituationConcept[];
  deadlines: DeadlineKind[];
  dimension: Dimension | null;
  /** In the order they appear (relative years resolved). */
  years: number[];
  months: MonthRef[];
  numbers: TransferNumber[];
  /** 'os 5 maiores', 'últimos 3'. */
  limit: number | null;
  /** Parliamentarians named (full names as stored). */
  parliamentarians: string[];
  /** When part of a name fits several parliamentarians: their names, for a "which one?" answer. */
  ambiguousParliamentarians: string[];
  grantors: GrantorRef[];
  /** Words the assistant does not know at all (not even after spelling correction): a question about something else. */
  unknownWords: string[];
  /** Words the spelling correction changed: [typed, corrected]. */
  corrections: [string, string][];
  /** The current year and today (ISO, America/Sao_Paulo), for relative dates. */
  currentYear: number;
  today: string;
}

/** What an answerer gets: the parsed question and the company named by the widget's `cnpj` var. */
export interface AnswerContext {
  db: Db;
  company: CompanyRow;
  question: ParsedQuestion;
  now: Date;
  today: string;
}

/** A link to the screen that shows an answer's figures (the path without authComp). */
export interface AnswerLink {
  label: string;
  path: string;
}

/** An answer before it is written out: the text, where its figures came from, and where to see them. */
export interface Answer {
  /** Markdown. */
  text: string;
  /** 'Transferências especiais de 2025 cadastradas para São José dos Campos (15 registros)'. */
  source?: string;
  links?: AnswerLink[];
  /** Questions to offer next (the widget shows them as buttons). */
  followUps?: string[];
}

/**
 * One thing the built-in SOL assistant knows how to answer. The registry in ./answerers asks each how
 * well it matches a parsed question (0 = not at all); the best match answers from the database.
 */
export interface Answerer {
  id: string;
  /** A line for the "what can I ask" answer, e.g. 'Qual o último pagamento realizado?'. */
  example: string;
  /**
   * Questions close to this topic, shaped by what was understood of a question (its kind, year,
   * names): offered when a question is not understood. Optional.
   */
  suggest?(question: ParsedQuestion): string[];
  /** 0 when the question is not about this; higher for a more specific match. */
  match(question: ParsedQuestion): number;
  answer(context: AnswerContext): Promise<Answer>;
}

/** What a portfolio answerer gets: the question, with "Todos os clientes" chosen (no company). */
export interface PortfolioContext {
  db: Db;
  question: ParsedQuestion;
  now: Date;
  today: string;
}

/**
 * One thing the assistant answers across every client (an ADMIN with "Todos os clientes" chosen):
 * the consultancy's portfolio, where the answer names the clients.
 */
export interface PortfolioAnswerer {
  id: string;
  example: string;
  match(question: ParsedQuestion): number;
  answer(context: PortfolioContext): Promise<Answer>;
}
