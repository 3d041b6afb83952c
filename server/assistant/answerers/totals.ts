import { addTotals, kindTotals, kindsOf, paymentTotals, zeroTotals } from "../data";
import { describeSelection, listLinks, MEASURE_NAMES } from "../describe";
import type { Measure } from "../lexicon";
import { MONTHS } from "../lexicon";
import { bulletList, formatMoney, plural } from "../text";
import type { Answer, AnswerContext, Answerer, ParsedQuestion } from "../types";
import { hasEntity, howManyOf, kindWords, measureOf, personOf, selectionOf, yearOf } from "./shared";

const MONTH_NAMES = MONTHS.map((m) => (m === "marco" ? "março" : m));

const ORDER: Measure[] = ["planned", "committed", "paid", "toReceive"];

/**
 * "Quanto o município já recebeu de emendas especiais em 2025?": previsto, empenhado, recebido and a
 * receber of the transfers a question selects (kind, year, parliamentarian, grantor, situation); with
 * a month, the money received in it (ordens bancárias and desembolsos effected in that month).
 */
export const totalsAnswerer: Answerer = {
  id: "totals",
  example: "Quanto o município já recebeu de emendas especiais este ano?",
  suggest: (q) => {
    const what = kindWords(q.kinds);
    const person = personOf(q);
    return [
      person ? `Quanto ${person} destinou ao município em ${yearOf(q)}?` : `Quanto o município já recebeu de ${what} em ${yearOf(q)}?`,
      `Quanto ainda falta receber de ${what} de ${yearOf(q)}?`,
      `Qual o valor empenhado de ${what} em ${yearOf(q)}?`,
    ];
  },
  match: (q) => {
    if (q.numbers.length) return 0;
    const howMuch = q.cues.has("howMuch");
    const measure = q.measures.length > 0 || q.sent;
    if (!howMuch && !measure) return 0;
    if (!hasEntity(q) && !q.months.length && !howMuch) return 0;
    if (!hasEntity(q) && !q.months.length && !measure) return 3;
    // 'Quem mais destinou', 'top 3 concedentes': a ranking, unless a name was given.
    const ranks = q.cues.has("rank") && (q.dimension !== null || q.lemmas.includes("quem")) && !q.parliamentarians.length;
    return 4 + (howMuch ? 2 : 0) + (measure ? 2 : 0) + (hasEntity(q) ? 1 : 0) - (q.cues.has("howMany") ? 4 : 0) - (ranks ? 4 : 0);
  },
  async answer(context) {
    const q = context.question;
    if (q.months.length) return monthTotals(context);
    const selection = selectionOf(q);
    const measure = measureOf(q);
    let totals = zeroTotals();
    const kinds = kindsOf(selection);
    for (const kind of kinds) totals = addTotals(totals, await kindTotals(context.db, kind, selection, context.company.id, context.today));
    const what = describeSelection(selection);
    if (totals.count === 0) {
      return {
        text: `Não encontrei ${what} cadastradas para a Prefeitura de ${context.company.name}, então não há valor a somar.`,
        source: `transferências da Prefeitura de ${context.company.name}`,
        links: listLinks(selection),
      };
    }
    const headline = `**${MEASURE_NAMES[measure].label}: ${formatMoney(totals[measure])}** em ${what} (${plural(totals.count, "transferência", "transferências")}).`;
    const lines = ORDER.map((m) => `${MEASURE_NAMES[m].label}: ${formatMoney(totals[m])}${m === "toReceive" ? " (previsto menos recebido, sem as canceladas, impedidas, anuladas ou rescindidas)" : ""}`);
    return {
      text: `${headline}\n\n${bulletList(lines)}`,
      source: `${plural(totals.count, "transferência cadastrada", "transferências cadastradas")} para ${context.company.name}; o recebido soma as ordens bancárias e desembolsos efetivados`,
      links: listLinks(selection),
      followUps: followUps(q),
    };
  },
};

function followUps(q: ParsedQuestion): string[] {
  const what = kindWords(q.kinds);
  const year = yearOf(q);
  return [`Compare ${what} de ${year} com ${year - 1}`, `Qual parlamentar mais destinou ${what} em ${year}?`, `${howManyOf(q.kinds)} de ${year} por situação?`];
}

/** "Quanto recebemos em outubro?": ordens bancárias and desembolsos effected in the month. */
async function monthTotals({ db, company, question: q }: AnswerContext): Promise<Answer> {
  const month = q.months[0];
  const label = `${MONTH_NAMES[month.month - 1]} de ${month.year}`;
  const kinds = q.kinds.filter((k) => k !== "fund");
  const totals = await paymentTotals(db, company.id, { kinds: q.kinds.length ? kinds : [], month, year: null, receivedOnly: true, parliamentarians: q.parliamentarians });
  const what = kinds.length === 1 ? (kinds[0] === "imposition" ? "transferências especiais" : "convênios") : "transferências especiais e convênios";
  const fundNote = q.kinds.includes("fund") ? " Os planos fundo a fundo não têm pagamentos lançados, só o total repassado." : "";
  return {
    text:
      totals.count === 0
        ? `Nenhum valor foi recebido em ${label} (${what}): não há ordens bancárias nem desembolsos efetivados nesse mês.${fundNote}`
        : `**Recebido em ${label}: ${formatMoney(totals.amount)}** em ${plural(totals.count, "crédito", "créditos")} (ordens bancárias e desembolsos de ${what}).${fundNote}`,
    source: `pagamentos efetivados com data em ${label}, Prefeitura de ${company.name}`,
    followUps: [`Quais foram os pagamentos de ${MONTH_NAMES[month.month - 1]}?`, "Qual o último pagamento realizado?", `Quanto o município já recebeu em ${month.year}?`],
  };
}
