import type { TransferKindCode } from "../../../src/domain/assistant";
import type { Selection } from "../data";
import type { Measure } from "../lexicon";
import { titleCase } from "../text";
import type { ParsedQuestion } from "../types";

/** What the question selects (its years included). */
export function selectionOf(q: ParsedQuestion, options: { years?: boolean } = {}): Selection {
  return {
    kinds: q.kinds,
    years: options.years === false ? [] : q.years,
    situations: q.situations,
    parliamentarians: q.parliamentarians,
    grantors: q.grantors,
    modality: q.modality,
  };
}

/** The value a question is about: the one it names, else planned ('quanto o deputado mandou', 'valor das emendas'). */
export function measureOf(q: ParsedQuestion, fallback: Measure = "planned"): Measure {
  return q.measures[0] ?? (q.sent ? "planned" : fallback);
}

/** Whether the question names anything the data can be cut by. */
export function hasEntity(q: ParsedQuestion): boolean {
  return q.kinds.length > 0 || q.years.length > 0 || q.parliamentarians.length > 0 || q.grantors.length > 0 || q.situations.length > 0 || q.cues.has("transfer");
}

/** Whether the question asks for a list ('quais', 'próximos', 'ranking', a plural subject, 'top 5'). */
export function asksForMany(q: ParsedQuestion, subjects: string[]): boolean {
  if (q.limit && q.limit > 1) return true;
  if (q.lemmas.some((w) => ["quais", "ranking", "top", "lista", "liste", "listar", "principal", "todo", "toda"].includes(w))) return true;
  if (q.lemmas.some((w) => ["ultimos", "ultimas", "proximos", "proximas", "maiores"].includes(w))) return true;
  return subjects.some((s) => q.pluralLemmas.has(s));
}

/** Words for a suggestion: 'emendas especiais', 'convênios', 'transferências'. */
export function kindWords(kinds: TransferKindCode[]): string {
  if (kinds.length !== 1) return "transferências";
  return { imposition: "emendas especiais", voluntary: "convênios", fund: "transferências fundo a fundo" }[kinds[0]];
}

/** The year a suggestion talks about: the one asked, else the current one. */
export const yearOf = (q: ParsedQuestion) => q.years[0] ?? q.currentYear;

export const personOf = (q: ParsedQuestion) => (q.parliamentarians[0] ? titleCase(q.parliamentarians[0]) : null);

/** 'Quantas emendas especiais', 'Quantos convênios', 'Quantas transferências'. */
export function howManyOf(kinds: TransferKindCode[]): string {
  return kinds.length === 1 && kinds[0] === "voluntary" ? "Quantos convênios" : `Quantas ${kindWords(kinds)}`;
}

/** Months of a deadline question lie ahead: 'vence em dezembro' in November is this December, not last year's. */
export function monthsAhead(q: ParsedQuestion): ParsedQuestion["months"] {
  const current = q.today.slice(0, 7);
  return q.months.map((m) => (`${m.year}-${String(m.month).padStart(2, "0")}` < current ? { ...m, year: m.year + 1 } : m));
}
