import { countsBySituation, kindsOf, kindTotals, nextDeadlines, ranking } from "../data";
import { byEnd, DEADLINE_NAMES, describeSelection, KIND_NAMES, listLinks } from "../describe";
import { SITUATION_LABELS } from "../lexicon";
import { bulletList, formatDate, plural, titleCase } from "../text";
import type { Answerer } from "../types";
import { howManyOf, kindWords, monthsAhead, selectionOf, yearOf } from "./shared";

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
    // 'Quantos convênios vencem este ano': the deadlines still ahead in that period, not the transfers of that year.
    if (q.cues.has("deadline") && (q.years.length || q.months.length)) {
      const deadlines = q.deadlines.filter((d) => d !== "validity");
      const months = monthsAhead(q);
      const ahead = (await nextDeadlines(db, deadlines.length ? deadlines : ["validity"], { ...selection, years: [] }, company.id, today, 1000)).filter((r) =>
        months.length ? months.some((m) => r.date.startsWith(`${m.year}-${String(m.month).padStart(2, "0")}`)) : q.years.includes(Number(r.date.slice(0, 4))),
      );
      const period = months.length ? `${String(months[0].month).padStart(2, "0")}/${months[0].year}` : q.years.join(" e ");
      return {
        text: `**${ahead.length}** ${ahead.length === 1 ? "prazo vence" : "prazos vencem"} ${months.length ? `em ${period}` : `de hoje (${formatDate(today)}) até o fim de ${period}`} em ${describeSelection({ ...selection, years: [] })} ainda abertas.${ahead.length ? `\n\n${bulletList(ahead.slice(0, 10).map((r) => `${r.key}: ${DEADLINE_NAMES[r.deadline]} em ${formatDate(r.date)}`))}` : ""}`,
        source: `transferências em vigor da Prefeitura de ${company.name}`,
        links: listLinks({ ...selection, years: [] }, byEnd),
        followUps: ["Qual convênio vence primeiro?", "Quais os próximos prazos de prestação de contas?"],
      };
    }
    // 'Quantidade de emendas por parlamentar': how many per person or grantor, most first.
    const perDimension = q.dimension && q.lemmas.some((w, i) => w === "por" && (q.lemmas[i + 1] === "parlamentar" || q.lemmas[i + 1] === "deputado" || q.lemmas[i + 1] === "concedente" || q.lemmas[i + 1] === "ministerio" || q.lemmas[i + 1] === "orgao"));
    if (perDimension && q.dimension) {
      const rows = (await ranking(db, q.dimension, "planned", { ...selection, parliamentarians: [], grantors: [] }, company.id, today)).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      const who = q.dimension === "parliamentarian" ? "parlamentar" : "concedente";
      return {
        text: `${what.charAt(0).toUpperCase()}${what.slice(1)} por ${who}:\n\n${bulletList(rows.slice(0, q.limit ?? 10).map((r) => `${titleCase(r.name)}${r.acronym ? ` (${r.acronym})` : ""}: ${r.count}`))}${rows.length > (q.limit ?? 10) ? `\n\n…e mais ${rows.length - (q.limit ?? 10)}.` : ""}`,
        source: `transferências cadastradas para ${company.name}`,
        links: listLinks(selection),
        followUps: [`Qual parlamentar mais destinou ${kindWords(q.kinds)} em ${yearOf(q)}?`],
      };
    }
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
