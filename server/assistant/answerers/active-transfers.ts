import { activeTransfers } from "../../domain/transfers";
import type { Answerer } from "../types";
import { bulletList, countStems, formatDate, formatMoney } from "../text";

const KIND_LABELS = { imposition: "Transferência especial", voluntary: "Convênio", fund: "Fundo a fundo" } as const;
const SHOWN = 10;

/** "Quais transferências estão ativas?": the transfers in force, soonest end first. */
export const activeTransfersAnswerer: Answerer = {
  id: "active-transfers",
  example: "Quais transferências estão ativas?",
  // Matches the spec's own spelling 'transferêcias' too ('transfer' is the stem).
  match: (q) => {
    const about = countStems(q, ["transfer", "convenio", "emenda", "repasse"]);
    return about === 0 ? 0 : about * 2 + countStems(q, ["ativ", "vigent", "andamento", "abert"]) * 2;
  },
  async answer({ db, company, now }) {
    const today = now.toISOString().slice(0, 10);
    const active = await activeTransfers(db, company.id, today);
    if (active.length === 0) return `A Prefeitura de ${company.name} não tem transferências ativas hoje.`;
    const planned = active.reduce((sum, t) => sum + Number(t.plannedValue), 0);
    const lines = active.slice(0, SHOWN).map((t) => {
      const ends = t.endsAt ? `, vigente até ${formatDate(t.endsAt)}` : "";
      return `${KIND_LABELS[t.kind]} ${t.key}${t.title ? ` (${t.title})` : ""}: ${formatMoney(t.plannedValue)} previstos, ${formatMoney(t.paidValue)} pagos${ends}`;
    });
    const more = active.length > SHOWN ? `\n\n…e mais ${active.length - SHOWN}. Veja todas em Transferências.` : "";
    return `**${active.length} transferências ativas na Prefeitura de ${company.name}**, somando ${formatMoney(planned)} previstos. As que vencem primeiro:\n\n${bulletList(lines)}${more}`;
  },
};
