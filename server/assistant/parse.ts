import { distance } from "fastest-levenshtein";
import type { TransferKindCode } from "../../src/domain/assistant";
import {
  ABBREVIATIONS,
  CUE_PHRASES,
  DEADLINE_PHRASES,
  DIMENSION_PHRASES,
  KIND_PHRASES,
  MEASURE_PHRASES,
  MODALITY_PHRASES,
  MONTHS,
  MONTH_ABBREVIATIONS,
  NUMBER_WORDS,
  OFF_TOPIC_WORDS,
  PLAIN_WORDS,
  SENT_PHRASES,
  SITUATIONS,
  STOPWORDS,
  type Cue,
  type Phrase,
} from "./lexicon";
import { lemmaPhrase, normalizeQuestion, singular, words } from "./text";
import type { CompanyVocabulary, GrantorRef, MonthRef, ParsedQuestion, TransferNumber } from "./types";
import { todayInSaoPaulo } from "../../src/domain/dates";

/**
 * The intent parser: cuts a question into words, expands shorthands, corrects spelling against the
 * assistant's vocabulary and the company's own names (Levenshtein distance, fastest-levenshtein),
 * puts words in the singular and then finds the phrases of the lexicon and the entities (years,
 * months, transfer numbers, parliamentarians, grantors). No regular expression per question type:
 * answerers score the result.
 */

// ---------- phrases ----------

interface CompiledPhrase<T> {
  value: T;
  tokens: string[];
}

/** A phrase as the content words it is compared with: singular, stopwords out. */
const contentTokens = (phrase: string) => lemmaPhrase(phrase).split(" ").filter((w) => w && !STOPWORDS.has(w));

function compile<T>(sets: Phrase<T>[]): CompiledPhrase<T>[] {
  return sets.flatMap((set) => set.phrases.map((phrase) => ({ value: set.value, tokens: contentTokens(phrase) }))).filter((p) => p.tokens.length > 0);
}

const COMPILED = {
  kinds: compile(KIND_PHRASES),
  modalities: compile(MODALITY_PHRASES),
  measures: compile(MEASURE_PHRASES),
  cues: compile(CUE_PHRASES),
  dimensions: compile(DIMENSION_PHRASES),
  deadlines: compile(DEADLINE_PHRASES),
  situations: compile(SITUATIONS.map((s) => ({ value: s, phrases: s.phrases }))),
  sent: compile([{ value: true, phrases: SENT_PHRASES }]),
};

interface Found<T> {
  value: T;
  start: number;
  end: number;
}

/** Every place a phrase occurs in the content words. */
function findAll<T>(content: string[], phrases: CompiledPhrase<T>[]): Found<T>[] {
  const found: Found<T>[] = [];
  for (const phrase of phrases) {
    const n = phrase.tokens.length;
    for (let i = 0; i + n <= content.length; i++) {
      if (phrase.tokens.every((token, k) => content[i + k] === token)) found.push({ value: phrase.value, start: i, end: i + n });
    }
  }
  return found;
}

/** The longest phrases first, dropping any that overlaps one already taken; result in reading order. */
function longestFirst<T>(found: Found<T>[]): Found<T>[] {
  const taken: Found<T>[] = [];
  for (const f of [...found].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    if (!taken.some((t) => f.start < t.end && t.start < f.end)) taken.push(f);
  }
  return taken.sort((a, b) => a.start - b.start);
}

const unique = <T>(values: T[]) => [...new Set(values)];

// ---------- spelling ----------

const OFF_TOPIC = new Set(OFF_TOPIC_WORDS);

const BASE_VOCABULARY: string[] = unique(
  [
    ...[KIND_PHRASES, MODALITY_PHRASES, MEASURE_PHRASES, CUE_PHRASES, DIMENSION_PHRASES, DEADLINE_PHRASES].flatMap((sets) => (sets as Phrase<unknown>[]).flatMap((s) => s.phrases)),
    ...SITUATIONS.flatMap((s) => s.phrases),
    ...SENT_PHRASES,
    ...Object.values(ABBREVIATIONS),
    ...PLAIN_WORDS,
    ...STOPWORDS,
    ...MONTHS,
    ...Object.keys(NUMBER_WORDS),
    "quantos", "quantas", "quais", "ultimos", "proximos", "anos", "meses", "passado", "retrasado", "anterior", "atual", "corrente", "vem", "deputados", "parlamentares",
  ].flatMap((phrase) => words(normalizeQuestion(phrase))),
);

/** Words a typo may be corrected to: the lexicon's, everyday ones, and the company's names. */
export class Speller {
  private readonly known: Set<string>;
  private readonly candidates: string[];

  constructor(extra: string[]) {
    const all = unique([...BASE_VOCABULARY, ...extra.flatMap((w) => words(normalizeQuestion(w)))]).filter((w) => /^[a-z]+$/.test(w));
    this.known = new Set([...all, ...all.map(singular), ...OFF_TOPIC]);
    // Short function words are never what a typo meant ('festa' is not 'esta').
    this.candidates = all.filter((w) => w.length >= 4 && !STOPWORDS.has(w));
  }

  /** Whether the word (or its singular) is in the vocabulary and about what the assistant knows. */
  knows(word: string): boolean {
    return !OFF_TOPIC.has(word) && (this.known.has(word) || this.known.has(singular(word)));
  }

  /** The word itself when known or short; else the closest known word within a distance that grows with length. */
  correct(word: string): string {
    if (word.length < 4 || !/^[a-z]+$/.test(word) || this.known.has(word) || this.known.has(singular(word))) return word;
    const allowed = word.length >= 10 ? 3 : word.length >= 6 ? 2 : 1;
    let best: string | null = null;
    let bestScore = Infinity;
    for (const candidate of this.candidates) {
      if (Math.abs(candidate.length - word.length) > allowed) continue;
      // Two swapped neighbours ('anscimento') are one slip of the fingers, not two.
      const swapped = swapsTo(word, candidate);
      const d = swapped ? 1 : distance(word, candidate);
      if (d > allowed) continue;
      // Typos rarely hit the first letter: a different one is accepted only for a single slip.
      const sameStart = swapped || candidate[0] === word[0];
      if (d > 1 && !sameStart) continue;
      const score = d * 10 + (sameStart ? 0 : 6) + Math.abs(candidate.length - word.length);
      if (score < bestScore) [best, bestScore] = [candidate, score];
    }
    if (best) return best;
    return word;
  }
}

/** Whether swapping one pair of neighbouring letters turns `a` into `b`. */
function swapsTo(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

// ---------- entities ----------

const FUND_NR = /\b(\d{14})[-\s]?(\d{6})\b/g;
const IMPOSITION_NR = /\b(\d{8})[-\s]?(\d{6})\b/g;
const VOLUNTARY_NR = /\b(\d{6})\b/g;

/** Transfer numbers in the question as typed; returns them and the text without them. */
export function extractTransferNumbers(text: string): { numbers: TransferNumber[]; rest: string } {
  const numbers: TransferNumber[] = [];
  let rest = text.replace(/(\d)\.(\d{3})\b/g, "$1$2");
  rest = rest.replace(FUND_NR, (_, a: string, b: string) => {
    numbers.push({ kind: "fund", key: `${a}-${b}` });
    return " ";
  });
  rest = rest.replace(IMPOSITION_NR, (_, a: string, b: string) => {
    numbers.push({ kind: "imposition", key: `${a}-${b}` });
    return " ";
  });
  rest = rest.replace(VOLUNTARY_NR, (_, a: string) => {
    numbers.push({ kind: "voluntary", key: a });
    return " ";
  });
  return { numbers, rest };
}

const RELATIVE_YEAR_PATTERNS: [RegExp, number][] = [
  [/\b(este|esse|neste|nesse|deste|desse)\s+ano\b|\bano\s+(atual|corrente|vigente)\b|\bexercicio\s+atual\b/, 0],
  [/\bano\s+(passado|anterior)\b|\bultimo\s+ano\b|\bexercicio\s+anterior\b/, -1],
  [/\bano\s+retrasado\b/, -2],
  [/\bproximo\s+ano\b|\bano\s+que\s+vem\b/, 1],
];
const RELATIVE_MONTH_PATTERNS: [RegExp, number][] = [
  [/\b(este|esse|neste|nesse|deste|desse)\s+mes\b|\bmes\s+(atual|corrente)\b/, 0],
  [/\bmes\s+(passado|anterior)\b|\bultimo\s+mes\b/, -1],
];

/** Years named in the question, in reading order, relative ones resolved. */
function findYears(text: string, currentYear: number): { years: number[]; positions: Set<number> } {
  const found: { year: number; at: number }[] = [];
  for (const match of text.matchAll(/\b(20\d{2})\b/g)) found.push({ year: Number(match[1]), at: match.index ?? 0 });
  for (const [pattern, offset] of RELATIVE_YEAR_PATTERNS) {
    const match = pattern.exec(text);
    if (match) found.push({ year: currentYear + offset, at: match.index });
  }
  found.sort((a, b) => a.at - b.at);
  return { years: unique(found.map((f) => f.year)), positions: new Set(found.map((f) => f.at)) };
}

/** Months named ('outubro', 'out/2025', 'mês passado'), each with its year (the latest one not in the future). */
function findMonths(tokens: string[], text: string, today: string): MonthRef[] {
  const [year, month] = today.split("-").map(Number);
  const out: MonthRef[] = [];
  const yearAfter = (i: number) => {
    for (const k of [i + 1, i + 2]) if (/^20\d{2}$/.test(tokens[k] ?? "")) return Number(tokens[k]);
    return null;
  };
  tokens.forEach((token, i) => {
    const full = MONTHS.indexOf(token);
    const short = MONTH_ABBREVIATIONS.indexOf(token);
    const y = yearAfter(i);
    const m = full >= 0 ? full + 1 : short >= 0 && y !== null && tokens[i + 1] !== undefined ? short + 1 : 0;
    if (!m) return;
    out.push({ month: m, year: y ?? (m <= month ? year : year - 1) });
  });
  for (const [pattern, offset] of RELATIVE_MONTH_PATTERNS) {
    if (!pattern.test(text)) continue;
    const index = year * 12 + (month - 1) + offset;
    out.push({ month: (index % 12) + 1, year: Math.floor(index / 12) });
  }
  return out;
}

/** Name words that never identify a person alone (particles and the assistant's own words). */
const NAME_PARTICLES = new Set(["da", "de", "do", "das", "dos", "e", "filho", "junior", "neto"]);

/**
 * Parliamentarians named in the question: every word of a name present (after spelling correction)
 * is a match; with none, a single distinctive word (a surname: 'o Zanetti') that fits one name is too,
 * and one that fits several is reported as ambiguous.
 */
function findParliamentarians(tokens: Set<string>, names: string[], reserved: Set<string>): { names: string[]; ambiguous: string[] } {
  const scored = names.map((name) => {
    const parts = words(normalizeQuestion(name)).filter((w) => !NAME_PARTICLES.has(w));
    const hits = parts.filter((part) => tokens.has(part));
    return { name, parts, hits };
  });
  const full = scored.filter((s) => s.parts.length > 0 && s.hits.length === s.parts.length);
  if (full.length) {
    const most = Math.max(...full.map((s) => s.parts.length));
    return { names: full.filter((s) => s.parts.length === most).map((s) => s.name), ambiguous: [] };
  }
  const partial = scored.filter((s) => s.hits.some((hit) => hit.length >= 4 && !reserved.has(hit)));
  if (partial.length === 1) return { names: [partial[0].name], ambiguous: [] };
  if (partial.length > 1) return { names: [], ambiguous: partial.map((s) => s.name).sort() };
  return { names: [], ambiguous: [] };
}

/** Words of grantor names that say only what kind of body it is. */
const GRANTOR_HEADS = new Set(["ministerio", "fundo", "nacional", "secretaria", "orgao"]);

/**
 * Grantors named: by acronym ('MEC', 'FNS'), or by the distinctive words of the name ('saúde',
 * 'cidades'); the best score wins and ties are all kept ('saúde' is the ministry and the national fund).
 * Everyday words ('cidades') count only next to a head word ('ministério das cidades').
 */
function findGrantors(tokens: Set<string>, grantors: GrantorRef[]): GrantorRef[] {
  const plain = new Set([...PLAIN_WORDS.map(singular), ...STOPWORDS]);
  plain.delete("saude");
  plain.delete("educacao");
  const hasHead = [...GRANTOR_HEADS].some((head) => tokens.has(head));
  let best = 0;
  let winners: GrantorRef[] = [];
  for (const grantor of grantors) {
    let score = 0;
    let distinctive = false;
    if (grantor.acronym && grantor.acronym.length >= 2 && tokens.has(grantor.acronym.toLowerCase())) {
      score += 10;
      distinctive = true;
    }
    for (const part of unique(words(normalizeQuestion(grantor.name)).map(singular))) {
      if (STOPWORDS.has(part) || !tokens.has(part)) continue;
      if (GRANTOR_HEADS.has(part)) score += 1;
      else if (plain.has(part)) score += hasHead ? 2 : 0;
      else score += 2;
      if (!GRANTOR_HEADS.has(part) && (!plain.has(part) || hasHead)) distinctive = true;
    }
    if (!distinctive || score < 2) continue;
    if (score > best) [best, winners] = [score, [grantor]];
    else if (score === best) winners.push(grantor);
  }
  return winners;
}

/** A standalone small number next to a ranking or list word: 'top 5', 'os 3 maiores', 'últimos dez'. */
function findLimit(tokens: string[], years: Set<number>): number | null {
  for (const token of tokens) {
    const n = /^\d{1,2}$/.test(token) ? Number(token) : NUMBER_WORDS[token];
    if (n && n >= 1 && n <= 50 && !years.has(n)) return n;
  }
  return null;
}

// ---------- the parser ----------

/** Words of the question after shorthands are expanded ('qto' → 'quanto', 'conv' → 'convenio'). */
function expand(tokens: string[]): string[] {
  return tokens.flatMap((token) => words(ABBREVIATIONS[token] ?? token));
}

export interface ParserOptions {
  now: Date;
  vocabulary: CompanyVocabulary;
}

/** Understands a question: the words, cues and entities the answerers score and answer from. */
export function parseQuestion(text: string, { now, vocabulary }: ParserOptions): ParsedQuestion {
  const today = todayInSaoPaulo(now);
  const currentYear = Number(today.slice(0, 4));
  const { numbers, rest } = extractTransferNumbers(text);
  const normalized = normalizeQuestion(text);

  const nameWords = [...vocabulary.parliamentarians, ...vocabulary.grantors.flatMap((g) => [g.name, g.acronym ?? ""])];
  const speller = new Speller(nameWords);
  const corrections: [string, string][] = [];
  const typed = expand(words(normalizeQuestion(rest)));
  const corrected = typed.map((word) => {
    const fixed = speller.correct(word);
    if (fixed !== word) corrections.push([word, fixed]);
    return fixed;
  });
  const correctedText = corrected.join(" ");
  const lemmas = corrected.map(singular);
  const pluralLemmas = new Set(corrected.filter((w, i) => w !== lemmas[i]).map(singular));
  const content = lemmas.filter((w) => !STOPWORDS.has(w));
  const tokenSet = new Set(corrected.flatMap((w) => [w, singular(w)]));

  const cues = new Set<Cue>(findAll(content, COMPILED.cues).map((f) => f.value));
  if (/\b(o que|oque|quais coisas|que coisas)\b.*\b(pergunt|sabe|faz|pode|posso|responde)/.test(correctedText) || /\b(ajuda|help|comandos?)\b/.test(correctedText)) cues.add("help");

  const kinds = unique(longestFirst(findAll(content, COMPILED.kinds)).map((f) => f.value));
  const modality = longestFirst(findAll(content, COMPILED.modalities))[0]?.value ?? null;
  const measures = unique(longestFirst(findAll(content, COMPILED.measures)).map((f) => f.value));
  const situations = unique(longestFirst(findAll(content, COMPILED.situations)).map((f) => f.value));
  const deadlines = unique(longestFirst(findAll(content, COMPILED.deadlines)).map((f) => f.value));
  const dimension = longestFirst(findAll(content, COMPILED.dimensions))[0]?.value ?? null;
  const sent = findAll(content, COMPILED.sent).length > 0;

  const { years } = findYears(correctedText, currentYear);
  const months = findMonths(corrected, correctedText, today);
  const limit = findLimit(corrected, new Set(years));

  // Words that belong to the assistant's own vocabulary never stand for a person alone.
  const reserved = new Set([...BASE_VOCABULARY, ...BASE_VOCABULARY.map(singular)]);
  const people = findParliamentarians(tokenSet, vocabulary.parliamentarians, reserved);
  const grantors = findGrantors(tokenSet, vocabulary.grantors);

  // A grantor that only gives one kind of transfer says the kind ('Fundo Nacional de Saúde' → fundo a fundo).
  const kindsFromGrantors = grantors.length && !kinds.length ? unique(grantors.flatMap((g) => g.kinds)) : [];
  const finalKinds: TransferKindCode[] = kinds.length ? kinds : kindsFromGrantors.length === 1 ? kindsFromGrantors : [];

  return {
    text,
    normalized,
    lemmas,
    pluralLemmas,
    cues,
    kinds: finalKinds,
    modality,
    measures,
    sent,
    situations,
    deadlines,
    dimension,
    years,
    months,
    numbers,
    limit,
    parliamentarians: people.names,
    ambiguousParliamentarians: people.ambiguous,
    grantors,
    corrections,
    unknownWords: corrected.filter((w) => (w.length >= 4 || OFF_TOPIC.has(w)) && /^[a-z]+$/.test(w) && !speller.knows(w)),
    currentYear,
    today,
  };
}
