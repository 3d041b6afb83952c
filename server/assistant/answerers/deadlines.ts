import { transferInfoPath } from "../../../src/domain/assistant";
import { lastPastDeadlines, nextDeadlines, type DeadlineRow } from "../data";
import { byEnd, DEADLINE_NAMES, describeSelection, KIND_NAMES, listLinks } from "../describe";
import type { DeadlineKind } from "../lexicon";
import { bulletList, formatDate, relativeDays } from "../text";
import { daysBetween } from "../../../src/domain/dates";
import type { Answerer, ParsedQuestion } from "../types";
import { accountabilityAnswer } from "./accountability";
import { asksForMany, kindWords, monthsAhead, selectionOf } from "./shared";

/**
 * "Qual convênio vence primeiro?", "Próximos prazos de prestação de contas": the next deadlines
 * (fim da vigência or da execução, prestação de contas, cláusula suspensiva) of transfers still open.
 */
export const deadlinesAnswerer: Answerer = {
  id: "deadlines",
  example: "Qual convênio vence primeiro?",
  suggest: (q) => [`Qual ${q.kinds.length === 1 && q.kinds[0] !== "voluntary" ? kindWords(q.kinds).replace(/s\b/g, "") : "convênio"} vence primeiro?`, "Quais os próximos prazos de prestação de contas?", "Quando vence a cláusula suspensiva mais próxima?"],
  match: (q) => {
    if (q.numbers.length) return 0;
    const deadline = q.cues.has("deadline") || (q.cues.has("when") && q.deadlines.length > 0) || (q.cues.has("accountability") && (q.cues.has("overdue") || q.cues.has("pending")));
    if (!deadline) return 0;
    return 7 + (q.cues.has("first") ? 2 : 0) + (q.cues.has("when") ? 1 : 0) - (q.cues.has("howMuch") || q.cues.has("howMany") ? 3 : 0);
  },
  async answer({ db, company, question: q, today }) {
    // Accountability is the obligations' (the deadline center's rows), overdue ones included, not the convênio's date alone.
    if (asksAboutAccountability(q)) return accountabilityAnswer(db, company, today);
    const deadlines = deadlineKinds(q);
    const selection = selectionOf(q, { years: false });
    const many = asksForMany(q, ["convenio", "transferencia", "prazo", "vencimento", "emenda", "plano", "clausula", "prestacao"]) || q.years.length > 0 || q.months.length > 0;
    const limit = many ? (q.limit ?? 5) : 1;
    // A year or month in a deadline question bounds the deadline's date ('o que vence em 2027').
    let rows = await nextDeadlines(db, deadlines, selection, company.id, today, q.years.length || q.months.length ? 200 : limit);
    if (q.years.length) rows = rows.filter((r) => q.years.includes(Number(r.date.slice(0, 4))));
    const months = monthsAhead(q);
    if (months.length) rows = rows.filter((r) => months.some((m) => r.date.startsWith(`${m.year}-${String(m.month).padStart(2, "0")}`)));
    rows = rows.slice(0, limit);
    const what = describeSelection(selection);
    const which = deadlines.map((d) => DEADLINE_NAMES[d]).join(", ");
    const links = listLinks(selection, byEnd);
    if (!rows.length) {
      // Nothing ahead: the latest one already past is what needs attention.
      const [overdue] = q.years.length || q.months.length ? [] : await lastPastDeadlines(db, deadlines, selection, company.id, today, 1);
      const late = overdue ? ` O último já passou: ${KIND_NAMES[overdue.kind].one} **${overdue.key}**, ${DEADLINE_NAMES[overdue.deadline]} em **${formatDate(overdue.date)}** (${relativeDays(daysBetween(today, overdue.date))}).` : "";
      return { text: `Não há ${which} a vencer a partir de hoje (${formatDate(today)}) em ${what} ainda abertas${q.years.length || q.months.length ? " no período perguntado" : ""}.${late}`, source: `transferências em vigor da Prefeitura de ${company.name}`, links };
    }
    const line = (row: DeadlineRow) =>
      `${KIND_NAMES[row.kind].one} **${row.key}**${row.title ? ` (${row.title})` : ""}: ${DEADLINE_NAMES[row.deadline]} em **${formatDate(row.date)}** (${relativeDays(daysBetween(today, row.date))})`;
    const source = `transferências em vigor da Prefeitura de ${company.name}, a partir de ${formatDate(today)}`;
    if (limit === 1) {
      const first = rows[0];
      return {
        text: `O próximo vencimento é ${KIND_NAMES[first.kind].of} ${line(first)}.`,
        source,
        links: [{ label: `Abrir ${first.key}`, path: transferInfoPath(first.kind, first.key) }, ...links],
        followUps: ["Quais os próximos prazos de prestação de contas?", "Quais transferências estão ativas?", `Quais ${kindWords(q.kinds)} vencem nos próximos meses?`],
      };
    }
    return {
      text: `Próximos prazos (${which}):\n\n${bulletList(rows.map(line))}`,
      source,
      links,
      followUps: [`Qual ${q.kinds[0] === "imposition" ? "emenda especial" : "convênio"} vence primeiro?`, "Quais transferências estão ativas?"],
    };
  },
};

/** A question on accountability deadlines with no year or month to bound them ('prestações de contas vencidas', 'próximo prazo de prestação de contas'). */
function asksAboutAccountability(q: ParsedQuestion): boolean {
  return (q.deadlines.includes("accountability") || q.cues.has("accountability")) && !q.years.length && !q.months.length && !q.cues.has("lc210");
}

/** Which deadlines a question is about: the ones it names, else the end of validity. */
function deadlineKinds(q: ParsedQuestion): DeadlineKind[] {
  const named = q.deadlines.filter((d) => d !== "validity");
  if (named.length) return named;
  return ["validity"];
}
