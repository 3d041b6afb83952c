import { listQuery } from "../../../src/domain/assistant";
import { screenUrl } from "../../../src/domain/admin-screens";
import { codeLabels } from "../../../src/domain/labels/codes";
import { lc210Picture } from "../areas";
import { bulletList, formatDate, plural } from "../text";
import type { Answerer } from "../types";
import { obligationLine } from "./accountability";

const LISTED = 8;

/**
 * "As comunicações da LC 210 foram enviadas?": each emenda PIX's notice to the Câmara, the TCU and
 * the TCE (LC 210/2024 art. 8, 30 days), as the accountability list shows it: sent, in part, pending
 * and late.
 */
export const lc210Answerer: Answerer = {
  id: "lc210",
  example: "As comunicações da LC 210 foram enviadas?",
  suggest: () => ["As comunicações da LC 210 foram enviadas?", "Quais comunicações da LC 210 estão atrasadas?"],
  match: (q) => (q.cues.has("lc210") && !q.numbers.length ? 13 : 0),
  async answer({ db, company, today }) {
    const lc = await lc210Picture(db, company.id, today);
    const links = [{ label: "Ver as comunicações (prestação de contas)", path: `${screenUrl("accountability-obligations", "list")}?${listQuery([{ field: "kind", operator: "eq", value: "LC210" }])}` }];
    const source = `comunicações da LC 210/2024 da Prefeitura de ${company.name} (uma por emenda PIX com conta indicada ou dinheiro recebido; prazo de 30 dias), em ${formatDate(today)}`;
    if (!lc.total) {
      return {
        text: `Não encontrei comunicações da LC 210 devidas pela Prefeitura de ${company.name}: procurei nas obrigações LC 210 (emendas PIX com conta indicada ou dinheiro recebido) e não há nenhuma.`,
        source,
        links,
      };
    }
    const lines = [
      `Enviadas aos três destinatários (Câmara, TCU e TCE): **${lc.sent.length}**`,
      `Enviadas em parte: **${lc.partial.length}**`,
      `Pendentes, ainda no prazo: **${lc.pending.length}**`,
      `Atrasadas (prazo de 30 dias vencido sem envio completo): **${lc.late.length}**`,
    ];
    const parts = [`Comunicações da LC 210/2024 da Prefeitura de ${company.name} (${plural(lc.total, "emenda PIX", "emendas PIX")}):\n\n${bulletList(lines)}`];
    if (lc.late.length) {
      const told = (id: number) => (lc.recipients.get(id)?.length ? ` (já avisados: ${lc.recipients.get(id)!.map((r) => codeLabels.lc210Recipients[r as "CAMARA"]).join(", ")})` : "");
      parts.push(`**Atrasadas:**\n\n${bulletList(lc.late.slice(0, LISTED).map((row) => `${obligationLine(row, today)}${told(row.id)}`))}${lc.late.length > LISTED ? `\n\n…e mais ${lc.late.length - LISTED}.` : ""}`);
    }
    if (lc.pending.length) parts.push(`**A enviar no prazo:**\n\n${bulletList(lc.pending.slice(0, LISTED).map((row) => obligationLine(row, today)))}`);
    return {
      text: parts.join("\n\n"),
      source,
      links,
      followUps: ["Qual o próximo prazo de prestação de contas?", "Quais itens do CAUC estão vencendo ou pendentes?"],
    };
  },
};
