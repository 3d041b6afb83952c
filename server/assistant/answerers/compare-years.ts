import { addTotals, kindsOf, kindTotals, zeroTotals, type Totals } from "../data";
import { describeSelection, listLinks, MEASURE_NAMES } from "../describe";
import type { Measure } from "../lexicon";
import { bulletList, formatMoney, formatPercent, plural } from "../text";
import type { Answerer, ParsedQuestion } from "../types";
import { hasEntity, kindWords, measureOf, selectionOf, yearOf } from "./shared";

/** Words that say "compare" on their own; 'x', 'ou' and 'contra' only count between two years. */
const STRONG = ["comparar", "compare", "comparacao", "comparativo", "comparado", "versus", "diferenca", "cresceu", "aumentou", "diminuiu", "evolucao", "relacao"];

/**
 * "Compare o recebido de 2025 com 2024", "Recebemos mais em 2026 ou em 2025?": the same totals for two
 * or more years side by side, with the difference of the value asked.
 */
export const compareYearsAnswerer: Answerer = {
  id: "compare-years",
  example: "Compare o valor recebido este ano com o ano passado",
  suggest: (q) => [`Compare ${kindWords(q.kinds)} de ${yearOf(q)} com ${yearOf(q) - 1}`],
  match: (q) => {
    if (q.numbers.length) return 0;
    const strong = q.lemmas.some((w) => STRONG.includes(w));
    if (q.years.length >= 2) return 8 + (strong || q.cues.has("compare") ? 2 : 0) - (q.cues.has("deadline") ? 6 : 0);
    if (strong && (hasEntity(q) || q.measures.length || q.cues.has("howMuch"))) return 8;
    return 0;
  },
  async answer({ db, company, question: q, today }) {
    const years = yearsToCompare(q);
    const measure = measureOf(q, "paid");
    const perYear: { year: number; totals: Totals }[] = [];
    for (const year of years) {
      const selection = { ...selectionOf(q), years: [year] };
      let totals = zeroTotals();
      for (const kind of kindsOf(selection)) totals = addTotals(totals, await kindTotals(db, kind, selection, company.id, today));
      perYear.push({ year, totals });
    }
    const selection = { ...selectionOf(q), years: [] };
    const what = describeSelection(selection);
    const shown: Measure[] = measure === "planned" ? ["planned", "paid"] : ["planned", measure];
    const lines = perYear.map(
      ({ year, totals }) => `**${year}**: ${shown.map((m) => `${MEASURE_NAMES[m].short} ${formatMoney(totals[m])}`).join(" · ")} (${plural(totals.count, "transferência", "transferências")})`,
    );
    const [first, last] = [perYear[0], perYear[perYear.length - 1]];
    const a = first.totals[measure];
    const b = last.totals[measure];
    const label = MEASURE_NAMES[measure].short;
    const change =
      a === b
        ? `O ${label} foi igual nos dois anos.`
        : `Em ${last.year}, o ${label} foi **${formatMoney(Math.abs(b - a))} ${b > a ? "maior" : "menor"}** que em ${first.year}${a > 0 ? ` (${b > a ? "+" : "−"}${formatPercent(Math.abs(b - a) / a)})` : ""}.`;
    return {
      text: `Comparação de ${what}, por ano:\n\n${bulletList(lines)}\n\n${change}`,
      source: `${what} da Prefeitura de ${company.name}, pelo ano de cada transferência`,
      links: listLinks(selection),
      followUps: [`Quanto ainda falta receber de ${kindWords(q.kinds)} de ${last.year}?`, `Qual parlamentar mais destinou recursos em ${last.year}?`],
    };
  },
};

/** The years asked, in order; one year is compared with the one before it, none with this year and the last. */
function yearsToCompare(q: ParsedQuestion): number[] {
  if (q.years.length >= 2) return [...q.years].sort((x, y) => x - y);
  const year = q.years[0] ?? q.currentYear;
  return [year - 1, year];
}
