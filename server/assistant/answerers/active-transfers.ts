import { activeTransfers } from "../../domain/transfers";
import { listLinks } from "../describe";
import { SITUATIONS } from "../lexicon";
import type { Answerer } from "../types";
import { bulletList, formatDate, formatMoney, plural } from "../text";
import { selectionOf } from "./shared";

const KIND_LABELS = { imposition: "Transferência especial", voluntary: "Convênio", fund: "Fundo a fundo" } as const;
const SHOWN = 10;
const ACTIVE = SITUATIONS.find((s) => s.active)!;

/** "Quais transferências estão ativas?": the transfers in force (the dashboard's rule), soonest end first. */
export const activeTransfersAnswerer: Answerer = {
  id: "active-transfers",
  example: "Quais transferências estão ativas?",
  suggest: () => ["Quais transferências estão ativas?"],
  match: (q) => {
    if (q.numbers.length || q.cues.has("howMany") || q.cues.has("howMuch") || q.cues.has("deadline")) return 0;
    const active = q.situations.some((s) => s.active);
    if (!active) return 0;
    return 5 + (q.cues.has("which") ? 2 : 0) + (q.cues.has("transfer") || q.kinds.length ? 1 : 0);
  },
  async answer({ db, company, question: q, today }) {
    const kinds = q.kinds.length ? q.kinds : (["imposition", "voluntary", "fund"] as const);
    const active = (await activeTransfers(db, company.id, today)).filter((t) => kinds.includes(t.kind));
    const links = listLinks({ ...selectionOf(q, { years: false }), situations: [ACTIVE], parliamentarians: [], grantors: [] });
    const source = `transferências da Prefeitura de ${company.name} em situação ativa e com vigência não encerrada em ${formatDate(today)}`;
    if (active.length === 0) return { text: `A Prefeitura de ${company.name} não tem transferências ativas hoje.`, source, links };
    const planned = active.reduce((sum, t) => sum + Number(t.plannedValue), 0);
    const lines = active.slice(0, SHOWN).map((t) => {
      const ends = t.endsAt ? `, vigente até ${formatDate(t.endsAt)}` : "";
      return `${KIND_LABELS[t.kind]} ${t.key}${t.title ? ` (${t.title})` : ""}: ${formatMoney(t.plannedValue)} previstos, ${formatMoney(t.paidValue)} pagos${ends}`;
    });
    const more = active.length > SHOWN ? `\n\n…e mais ${active.length - SHOWN}.` : "";
    return {
      text: `**${plural(active.length, "transferência ativa", "transferências ativas")} na Prefeitura de ${company.name}**, somando ${formatMoney(planned)} previstos. As que vencem primeiro:\n\n${bulletList(lines)}${more}`,
      source,
      links,
      followUps: ["Qual convênio vence primeiro?", "Quantos convênios estão em execução?", "Quanto ainda falta receber das transferências ativas?"],
    };
  },
};
