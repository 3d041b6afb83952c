import { ranking } from "../data";
import { describeSelection, listLinks, MEASURE_NAMES } from "../describe";
import type { Dimension } from "../lexicon";
import { formatMoney, plural, titleCase } from "../text";
import type { Answerer, ParsedQuestion } from "../types";
import { asksForMany, kindWords, measureOf, selectionOf, yearOf } from "./shared";

/**
 * "Qual deputado mais mandou emendas em 2025?", "Ranking dos concedentes": parliamentarians or
 * grantors by the money of the transfers a question selects (planned, or the value it names).
 */
export const rankingAnswerer: Answerer = {
  id: "ranking",
  example: "Qual parlamentar mais destinou recursos ao município?",
  suggest: (q) => [`Qual parlamentar mais destinou ${kindWords(q.kinds)} em ${yearOf(q)}?`, `Quais os 5 ministérios que mais repassaram ${kindWords(q.kinds)}?`],
  match: (q) => {
    if (q.numbers.length || !q.cues.has("rank")) return 0;
    const who = q.dimension !== null || q.lemmas.includes("quem");
    const rankingWord = q.lemmas.some((w) => ["ranking", "rank", "top"].includes(w));
    if (!who && !rankingWord) return 0;
    if (q.parliamentarians.length && q.dimension !== "grantor") return 2;
    return 8 + (q.cues.has("deadline") ? -4 : 0);
  },
  async answer({ db, company, question: q, today }) {
    const dimension = dimensionOf(q);
    const measure = measureOf(q);
    const selection = selectionOf(q);
    if (dimension === "grantor") selection.grantors = [];
    else selection.parliamentarians = [];
    const rows = (await ranking(db, dimension, measure, selection, company.id, today)).filter((r) => r.value > 0);
    const what = describeSelection(selection);
    const who = dimension === "parliamentarian" ? "parlamentar" : "concedente";
    const source = `${what} da Prefeitura de ${company.name}, somando o valor ${MEASURE_NAMES[measure].short} por ${who}`;
    if (!rows.length) return { text: `Não encontrei ${what} com ${who} e valor ${MEASURE_NAMES[measure].short} para montar o ranking.`, source };
    const name = (r: (typeof rows)[number]) => (dimension === "parliamentarian" ? titleCase(r.name) : r.acronym ? `${titleCase(r.name)} (${r.acronym})` : titleCase(r.name));
    const line = (r: (typeof rows)[number]) => `**${name(r)}**: ${formatMoney(r.value)} ${MEASURE_NAMES[measure].verb} em ${plural(r.count, "transferência", "transferências")}`;
    const many = asksForMany(q, dimension === "parliamentarian" ? ["parlamentar", "deputado", "deputada", "senador"] : ["ministerio", "concedente", "orgao"]);
    if (!many) {
      const top = rows[0];
      const tie = rows[1] && rows[1].value === top.value ? ` (empatado com ${name(rows[1])})` : "";
      const filterOnTop = { ...selection, ...(dimension === "parliamentarian" ? { parliamentarians: [top.name] } : { grantors: [{ name: top.name, acronym: top.acronym, kinds: q.grantors[0]?.kinds ?? [] }] }) };
      return {
        text: `Quem mais ${measure === "planned" ? "destinou recursos" : `teve valor ${MEASURE_NAMES[measure].short}`} em ${what} foi ${line(top)}${tie}.`,
        source,
        links: dimension === "parliamentarian" ? listLinks(filterOnTop) : listLinks(selection),
        followUps: [`Quais os 5 ${dimension === "parliamentarian" ? "parlamentares" : "concedentes"} que mais destinaram recursos?`, `Quanto ${name(top)} destinou em ${yearOf(q)}?`],
      };
    }
    const top = rows.slice(0, q.limit ?? 5);
    return {
      text: `Ranking por ${who} (${MEASURE_NAMES[measure].short}), ${what}:\n\n${top.map((r, i) => `${i + 1}. ${line(r)}`).join("\n")}`,
      source,
      links: listLinks(selection),
      followUps: [`Quanto ${name(top[0])} destinou em ${yearOf(q)}?`, `Compare ${kindWords(q.kinds)} de ${yearOf(q)} com ${yearOf(q) - 1}`],
    };
  },
};

function dimensionOf(q: ParsedQuestion): Dimension {
  if (q.dimension) return q.dimension;
  return "parliamentarian";
}
