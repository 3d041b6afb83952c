import { transferInfoPath, transferPaymentsPath } from "../../../src/domain/assistant";
import { findFund, findImposition, findVoluntary } from "../data";
import { KIND_NAMES } from "../describe";
import { LOST_CODES, SITUATION_LABELS } from "../lexicon";
import { bulletList, formatDate, formatMoney, relativeDays, titleCase } from "../text";
import { daysBetween } from "../../../src/domain/dates";
import type { Answer, Answerer, TransferNumber } from "../types";

const when = (date: string | null, today: string) => (date ? `${formatDate(date)} (${relativeDays(daysBetween(today, date))})` : "não informado");
const line = (label: string, value: string | null | undefined) => (value ? `${label}: ${value}` : null);
const toReceive = (planned: string, paid: string, status: string, lost: readonly string[]) => (lost.includes(status) ? 0 : Math.max(Number(planned) - Number(paid), 0));

/** "Como está o convênio 912345?", "09032025-079703": one transfer by its number, with its values and deadlines. */
export const transferDetailAnswerer: Answerer = {
  id: "transfer-detail",
  example: "Como está o convênio 912345?",
  match: (q) => (q.numbers.length ? 20 : 0),
  async answer({ db, company, question: q, today }) {
    for (const number of q.numbers) {
      const found = await describe(number);
      if (found) return found;
    }
    const keys = q.numbers.map((n) => n.key).join(", ");
    return {
      text: `Não encontrei a transferência ${keys} entre as da Prefeitura de ${company.name}. Confira o número: convênios têm 6 dígitos (912345), emendas especiais 8+6 (09032025-079703) e planos fundo a fundo 14+6.`,
      source: `transferências cadastradas para ${company.name}`,
      followUps: ["Quais transferências estão ativas?", "Qual convênio vence primeiro?"],
    };

    async function describe(number: TransferNumber): Promise<Answer | null> {
      if (number.kind === "imposition") {
        const t = await findImposition(db, company.id, number.key);
        if (!t) return null;
        const details = [
          line("Situação", SITUATION_LABELS.imposition[t.situation]),
          line("Ano", String(t.year)),
          line("Parlamentar", titleCase(t.parliamentarianName)),
          line("Objeto", t.objectName),
          `Previsto: ${formatMoney(t.plannedValue)} · Empenhado: ${formatMoney(t.committedValue)} · Recebido: ${formatMoney(t.paidValue)} · A receber: ${formatMoney(toReceive(t.plannedValue, t.paidValue, t.situation, LOST_CODES.imposition))}`,
          line("Fim da execução", t.executionEnd ? when(t.executionEnd, today) : null),
        ];
        return detail("imposition", t.nrTransfer, details);
      }
      if (number.kind === "voluntary") {
        const t = await findVoluntary(db, company.id, number.key);
        if (!t) return null;
        const details = [
          line("Situação", SITUATION_LABELS.voluntary[t.status]),
          line("Ano", String(t.year)),
          line("Concedente", t.grantorName ? `${titleCase(t.grantorName)}${t.grantorAcronym ? ` (${t.grantorAcronym})` : ""}` : null),
          line("Objeto", t.object),
          line("Parlamentar", t.parliamentarianName ? titleCase(t.parliamentarianName) : null),
          `Repasse previsto: ${formatMoney(t.transferValue)} · Empenhado: ${formatMoney(t.committedValue)} · Recebido (desembolsado): ${formatMoney(t.paidValue)} · A receber: ${formatMoney(toReceive(t.transferValue, t.paidValue, t.status, LOST_CODES.voluntary))}`,
          line("Contrapartida", formatMoney(t.counterpartValue)),
          line("Fim da vigência", t.validityEnd ? when(t.validityEnd, today) : null),
          line("Prestação de contas até", t.accountabilityDeadline ? when(t.accountabilityDeadline, today) : null),
          t.contractingSituation === "CLAUSULA_SUSPENSIVA" ? `Cláusula suspensiva até: ${when(t.suspensiveClauseDue, today)}` : null,
        ];
        return detail("voluntary", t.nrTransfer, details);
      }
      const t = await findFund(db, company.id, number.key);
      if (!t) return null;
      const details = [
        line("Situação", SITUATION_LABELS.fund[t.situation]),
        line("Ano", String(t.year)),
        line("Fundo repassador", t.grantorName ? `${titleCase(t.grantorName)}${t.grantorAcronym ? ` (${t.grantorAcronym})` : ""}` : null),
        line("Programa", t.programName),
        `Total a transferir: ${formatMoney(t.totalTransferValue)} · Empenhado: ${formatMoney(t.committedValue)} · Repassado: ${formatMoney(t.paidValue)} · A receber: ${formatMoney(toReceive(t.totalTransferValue, t.paidValue, t.situation, LOST_CODES.fund))}`,
        line("Fim da vigência", t.validityEnd ? when(t.validityEnd, today) : null),
      ];
      return detail("fund", t.codPlan, details);
    }

    function detail(kind: TransferNumber["kind"], key: string, details: (string | null)[]): Answer {
      const name = KIND_NAMES[kind].one;
      return {
        text: `**${name.charAt(0).toUpperCase()}${name.slice(1)} ${key}**\n\n${bulletList(details.filter((d): d is string => Boolean(d)))}`,
        source: `cadastro da transferência ${key} da Prefeitura de ${company.name}; valores recalculados dos pagamentos efetivados`,
        links: [
          { label: `Abrir ${key}`, path: transferInfoPath(kind, key) },
          ...(kind === "fund" ? [] : [{ label: "Ver pagamentos", path: transferPaymentsPath(kind, key) }]),
        ],
        followUps: ["Qual o último pagamento realizado?", "Qual convênio vence primeiro?"],
      };
    }
  },
};
