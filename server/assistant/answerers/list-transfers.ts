import { transferInfoPath } from "../../../src/domain/assistant";
import { addTotals, kindsOf, kindTotals, listTransfers, sortRows, zeroTotals, type ListOrder, type TransferListRow } from "../data";
import { byEnd, describeSelection, KIND_NAMES, listLinks } from "../describe";
import { SITUATION_LABELS } from "../lexicon";
import { bulletList, formatDate, formatMoney, plural } from "../text";
import type { Answerer, ParsedQuestion } from "../types";
import { asksForMany, hasEntity, selectionOf } from "./shared";

const SHOWN = 10;

/** Words that ask to see transfers ('quais', 'mostre', 'liste'). */
const SHOW_WORDS = ["mostra", "mostre", "mostrar", "ver", "liste", "listar", "lista", "exiba", "exibir", "relacao"];

/**
 * "Quais transferências estão ativas?", "Quais emendas estão aguardando ciência?", "Me mostra os
 * convênios do Ministério da Educação", "Qual o maior convênio?": the transfers a question selects,
 * with how many there are and their planned total; the largest first when it asks for the largest.
 */
export const listTransfersAnswerer: Answerer = {
  id: "list-transfers",
  example: "Quais transferências estão ativas?",
  suggest: (q) => [q.kinds.length === 1 && q.kinds[0] === "voluntary" ? "Quais convênios estão ativos?" : "Quais transferências estão ativas?", "Qual o maior convênio?"],
  match: (q) => {
    if (q.numbers.length || q.cues.has("howMany") || q.cues.has("deadline") || q.cues.has("help")) return 0;
    if (q.cues.has("howMuch") && !q.cues.has("which")) return 0;
    const shows = q.cues.has("which") || q.lemmas.some((w) => SHOW_WORDS.includes(w));
    const about = hasEntity(q);
    if (!about) return 0;
    const active = q.situations.some((s) => s.active);
    // 'Quem mais' and 'qual deputado' are rankings of people, not lists of transfers.
    if (q.cues.has("rank") && (q.dimension !== null || q.lemmas.includes("quem"))) return 0;
    return (shows ? 6 : 5) + (active ? 1 : 0) + (q.cues.has("transfer") || q.kinds.length ? 1 : 0) - (q.measures.length ? 2 : 0);
  },
  async answer({ db, company, question: q, today }) {
    const selection = selectionOf(q);
    const active = q.situations.some((s) => s.active);
    const order: ListOrder = q.cues.has("rank") ? "largest" : active ? "soonestEnd" : "newest";
    const single = order === "largest" && !asksForMany(q, ["convenio", "transferencia", "emenda", "plano"]);
    const limit = single ? 1 : (q.limit ?? SHOWN);
    const kinds = kindsOf(selection);
    let totals = zeroTotals();
    let rows: TransferListRow[] = [];
    for (const kind of kinds) {
      totals = addTotals(totals, await kindTotals(db, kind, selection, company.id, today));
      rows.push(...(await listTransfers(db, kind, selection, company.id, today, order, limit)));
    }
    rows = sortRows(rows, order).slice(0, limit);
    const what = describeSelection(selection);
    const source = `${what} da Prefeitura de ${company.name}${active ? ` (situação ativa e vigência não encerrada em ${formatDate(today)}, como no painel)` : ""}`;
    const links = listLinks(selection, active ? byEnd : undefined);
    if (!rows.length) return { text: `Não encontrei ${what} na Prefeitura de ${company.name}.`, source, links };
    if (single) {
      const top = rows[0];
      return {
        text: `${top.kind === "imposition" ? "A maior é a" : "O maior é o"} ${KIND_NAMES[top.kind].one} **${top.key}**${top.title ? ` (${top.title})` : ""}: ${formatMoney(top.planned)} previstos, ${formatMoney(top.paid)} recebidos, situação ${(SITUATION_LABELS[top.kind][top.status] ?? top.status).toLowerCase()}.`,
        source,
        links: [{ label: `Abrir ${top.key}`, path: transferInfoPath(top.kind, top.key) }, ...links],
        followUps: followUps(q),
      };
    }
    const heading = active
      ? `**${plural(totals.count, "transferência ativa", "transferências ativas")} na Prefeitura de ${company.name}**`
      : `**${plural(totals.count, "transferência", "transferências")}**: ${what}`;
    const more = totals.count > rows.length ? `\n\n…e mais ${totals.count - rows.length} na tela.` : "";
    return {
      text: `${heading}, somando ${formatMoney(totals.planned)} previstos e ${formatMoney(totals.paid)} recebidos. ${order === "soonestEnd" ? "As que vencem primeiro" : order === "largest" ? "As maiores" : "As mais recentes"}:\n\n${bulletList(rows.map(line))}${more}`,
      source,
      links,
      followUps: followUps(q),
    };
  },
};

function line(row: TransferListRow): string {
  const ends = row.end ? `, vigente até ${formatDate(row.end)}` : "";
  const name = KIND_NAMES[row.kind].one;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${row.key}${row.title ? ` (${row.title})` : ""}: ${formatMoney(row.planned)} previstos, ${formatMoney(row.paid)} pagos${ends}`;
}

function followUps(q: ParsedQuestion): string[] {
  return ["Qual convênio vence primeiro?", q.kinds.length === 1 && q.kinds[0] === "voluntary" ? "Quantos convênios estão em execução?" : "Quantas transferências por situação?", "Quanto ainda falta receber das transferências ativas?"];
}
