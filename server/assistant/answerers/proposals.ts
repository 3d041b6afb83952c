import { listQuery } from "../../../src/domain/assistant";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../../../src/domain/captacao";
import { screenUrl } from "../../../src/domain/admin-screens";
import { codeLabels } from "../../../src/domain/labels/codes";
import { proposalsByStatus } from "../areas";
import { bulletList, formatMoney, lemmaPhrase, plural } from "../text";
import type { Answerer, ParsedQuestion } from "../types";

const LABELS = codeLabels.proposalStatuses;

/** The statuses a question names ('em análise', 'aprovadas', 'conveniada'), by the words of their labels. */
function statusesAsked(q: ParsedQuestion): ProposalStatus[] {
  const text = ` ${q.lemmas.join(" ")} `;
  const named = PROPOSAL_STATUSES.filter((status) => text.includes(` ${lemmaPhrase(LABELS[status])} `));
  if (named.length) return named;
  if (q.lemmas.includes("complementacao")) return ["COMPLEMENTACAO_SOLICITADA", "COMPLEMENTACAO_ENVIADA"];
  return [];
}

/**
 * "Quantas propostas por situação?", "Quantas propostas em análise?": the captação proposals (not the
 * convênios they become), per status as the proposals list filters them, with their transfer value.
 */
export const proposalsAnswerer: Answerer = {
  id: "proposals",
  example: "Quantas propostas temos em cada situação?",
  suggest: () => ["Quantas propostas temos em cada situação?", "Quantas propostas estão em análise?"],
  match: (q) => (q.cues.has("proposal") && !q.numbers.length && !q.kinds.includes("voluntary") ? 11 : 0),
  async answer({ db, company, question: q }) {
    const rows = await proposalsByStatus(db, company.id);
    const link = { label: "Ver as propostas", path: screenUrl("proposals", "list") };
    const source = `propostas de captação da Prefeitura de ${company.name} (tela Propostas; não inclui convênios já firmados)`;
    const total = rows.reduce((acc, r) => acc + r.count, 0);
    if (!total) {
      return {
        text: `Não encontrei propostas cadastradas para a Prefeitura de ${company.name}: procurei nas propostas de captação (Transferegov) do cliente e não há nenhuma.`,
        source,
        links: [link],
      };
    }
    const line = (r: (typeof rows)[number]) => `${LABELS[r.status]}: **${r.count}** (${formatMoney(r.transferValue)} de repasse)`;
    const asked = statusesAsked(q);
    const all = `${bulletList(rows.map(line))}`;
    if (asked.length) {
      const chosen = rows.filter((r) => asked.includes(r.status));
      const count = chosen.reduce((acc, r) => acc + r.count, 0);
      const value = chosen.reduce((acc, r) => acc + r.transferValue, 0);
      const names = asked.map((s) => LABELS[s].toLowerCase()).join(" ou ");
      return {
        text: `Há **${count}** ${count === 1 ? "proposta" : "propostas"} na situação ${names} (${formatMoney(value)} de repasse), de ${plural(total, "proposta", "propostas")} da Prefeitura de ${company.name}.\n\nTodas, por situação:\n\n${all}`,
        source,
        links: [{ label: link.label, path: `${link.path}?${listQuery([{ field: "status", operator: "in", value: asked }])}` }],
        followUps: ["Quantas propostas temos em cada situação?", "Quais itens do CAUC estão vencendo ou pendentes?"],
      };
    }
    return {
      text: `A Prefeitura de ${company.name} tem **${plural(total, "proposta", "propostas")}** de captação, por situação:\n\n${all}`,
      source,
      links: [link],
      followUps: ["Quantas propostas estão em análise?", "Quantos convênios estão em execução?", "Quais itens do CAUC estão vencendo ou pendentes?"],
    };
  },
};
