import { countsBySituation, kindsOf, kindTotals } from "../data";
import { describeSelection, KIND_NAMES, listLinks } from "../describe";
import { SITUATION_LABELS } from "../lexicon";
import { bulletList, plural } from "../text";
import type { Answerer } from "../types";
import { howManyOf, kindWords, selectionOf, yearOf } from "./shared";

/**
 * "Quantas emendas especiais estão impedidas?", "Quantos convênios por situação?": how many transfers
 * a question selects, or how many in each situation when it asks for the breakdown.
 */
export const countsAnswerer: Answerer = {
  id: "counts",
  example: "Quantos convênios estão em execução?",
  suggest: (q) => [`${howManyOf(q.kinds.length ? q.kinds : ["voluntary"])} estão em execução?`, `${howManyOf(q.kinds)} de ${yearOf(q)} por situação?`],
  match: (q) => {
    if (q.numbers.length || !q.cues.has("howMany")) return 0;
    return 6 + (q.situations.length ? 2 : 0) + (q.kinds.length ? 1 : 0) + (q.cues.has("bySituation") ? 1 : 0);
  },
  async answer({ db, company, question: q, today }) {
    const selection = selectionOf(q);
    const kinds = kindsOf(selection);
    const what = describeSelection(selection);
    const breakdown = q.cues.has("bySituation") && !q.situations.length;
    if (breakdown) {
      const sections: string[] = [];
      let total = 0;
      for (const kind of kinds) {
        const rows = await countsBySituation(db, kind, selection, company.id, today);
        const sum = rows.reduce((acc, r) => acc + r.count, 0);
        total += sum;
        if (!sum) continue;
        const lines = rows.map((r) => `${SITUATION_LABELS[kind][r.code] ?? r.code}: ${r.count}`);
        sections.push(`**${KIND_NAMES[kind].screen}: ${sum}**\n\n${bulletList(lines)}`);
      }
      return {
        text: total ? `${what.charAt(0).toUpperCase()}${what.slice(1)}, por situação (${plural(total, "transferência", "transferências")}):\n\n${sections.join("\n\n")}` : `Não há ${what} cadastradas.`,
        source: `transferências cadastradas para ${company.name}`,
        links: listLinks(selection),
        followUps: [`Quanto o município já recebeu de ${kindWords(q.kinds)} em ${yearOf(q)}?`, "Qual convênio vence primeiro?"],
      };
    }
    const counts = await Promise.all(kinds.map(async (kind) => ({ kind, count: (await kindTotals(db, kind, selection, company.id, today)).count })));
    const total = counts.reduce((acc, c) => acc + c.count, 0);
    const byKind = counts.length > 1 && total > 0 ? `\n\n${bulletList(counts.map((c) => `${KIND_NAMES[c.kind].screen}: ${c.count}`))}` : "";
    return {
      text: `Há **${total.toLocaleString("pt-BR")}** ${what}.${byKind}`,
      source: `transferências cadastradas para ${company.name}${q.situations.some((s) => s.active) ? "; ativas = situação em vigor e vigência não encerrada, como no painel" : ""}`,
      links: listLinks(selection),
      followUps: [`Quanto o município já recebeu de ${kindWords(q.kinds)} em ${yearOf(q)}?`, `${howManyOf(q.kinds)} por situação?`],
    };
  },
};
