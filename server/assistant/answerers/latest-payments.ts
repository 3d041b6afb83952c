import { transferInfoPath, transferPaymentsPath } from "../../../src/domain/assistant";
import { latestPayments, type PaymentQuery, type PaymentRow } from "../data";
import type { PaymentKind } from "../../../src/domain/transfers";
import { MONTHS } from "../lexicon";
import { bulletList, formatDate, formatMoney } from "../text";
import type { Answerer, ParsedQuestion } from "../types";
import { asksForMany } from "./shared";

const KIND_LABELS: Record<string, string> = {
  BANK_ORDER: "Ordem bancária",
  DISBURSEMENT: "Desembolso",
  SUPPLIER_PAYMENT: "Pagamento a fornecedor",
};

const TRANSFER_LABELS: Record<string, string> = { imposition: "transferência especial", voluntary: "convênio" };
const MONTH_NAMES = MONTHS.map((m) => (m === "marco" ? "março" : m));

/**
 * "Qual o último pagamento realizado?", "Últimos 5 pagamentos", "Pagamentos de outubro": the newest
 * effective payments in which money moved (ordens bancárias, desembolsos, pagamentos a fornecedores).
 */
export const latestPaymentsAnswerer: Answerer = {
  id: "latest-payments",
  example: "Qual o último pagamento realizado?",
  suggest: () => ["Qual o último pagamento realizado?", "Quais foram os últimos 5 pagamentos?"],
  match: (q) => {
    if (q.numbers.length || !q.cues.has("payment")) return 0;
    const recent = q.cues.has("latest") || q.months.length > 0 || q.cues.has("which");
    if (!recent) return 3;
    return 8 + (q.cues.has("latest") ? 1 : 0) - (q.cues.has("howMuch") && q.months.length ? 4 : 0);
  },
  async answer({ db, company, question: q }) {
    const query: PaymentQuery = {
      kinds: q.kinds,
      month: q.months[0] ?? null,
      year: q.months.length ? null : (q.years[0] ?? null),
      receivedOnly: false,
      paymentKinds: paymentKindsOf(q),
      parliamentarians: q.parliamentarians,
    };
    const many = asksForMany(q, ["pagamento", "desembolso", "ordem", "credito"]) || q.months.length > 0;
    const limit = many ? (q.limit ?? (q.months.length ? 10 : 5)) : 1;
    const rows = await latestPayments(db, company.id, query, limit);
    const period = periodLabel(q);
    const source = `pagamentos efetivados (ordens bancárias, desembolsos e pagamentos a fornecedores) da Prefeitura de ${company.name}${period}`;
    if (!rows.length) return { text: `Não há pagamentos efetivados registrados${period} para a Prefeitura de ${company.name}.`, source };
    if (limit === 1) {
      const payment = rows[0];
      const lines = [
        `Valor: ${formatMoney(payment.amount)}`,
        `Data: ${formatDate(payment.paymentDate)}`,
        `Tipo: ${KIND_LABELS[payment.kind] ?? payment.kind}`,
        payment.documentNumber ? `Documento: ${payment.documentNumber}` : null,
        payment.payeeName ? `Favorecido: ${payment.payeeName}` : null,
        `Transferência: ${TRANSFER_LABELS[payment.transferKind] ?? payment.transferKind} ${payment.nrTransfer}`,
      ];
      return {
        text: `**Último pagamento da Prefeitura de ${company.name}${period}**\n\n${bulletList(lines.filter((l): l is string => Boolean(l)))}`,
        source,
        links: paymentLinks(payment),
        followUps: ["Quais foram os últimos 5 pagamentos?", `Quanto o município recebeu em ${MONTH_NAMES[Number(payment.paymentDate.slice(5, 7)) - 1]}?`],
      };
    }
    const line = (p: PaymentRow) =>
      `${formatDate(p.paymentDate)}: **${formatMoney(p.amount)}**, ${(KIND_LABELS[p.kind] ?? p.kind).toLowerCase()} ${p.documentNumber} (${TRANSFER_LABELS[p.transferKind] ?? p.transferKind} ${p.nrTransfer})`;
    return {
      text: `${q.months.length ? "Pagamentos" : `Últimos ${rows.length} pagamentos`}${period}:\n\n${bulletList(rows.map(line))}`,
      source,
      links: paymentLinks(rows[0]),
      followUps: ["Qual o último pagamento realizado?", "Quanto o município já recebeu este ano?"],
    };
  },
};

/** 'ordem bancária', 'desembolso', 'fornecedor' single out a kind of movement. */
function paymentKindsOf(q: ParsedQuestion): PaymentKind[] {
  const text = q.lemmas.join(" ");
  const kinds: PaymentKind[] = [];
  if (/\bordem bancaria\b|\bob\b/.test(text)) kinds.push("BANK_ORDER");
  if (/\bdesembolso\b/.test(text)) kinds.push("DISBURSEMENT");
  if (/\bfornecedor\b/.test(text)) kinds.push("SUPPLIER_PAYMENT");
  return kinds;
}

function periodLabel(q: ParsedQuestion): string {
  if (q.months.length) return ` em ${MONTH_NAMES[q.months[0].month - 1]} de ${q.months[0].year}`;
  if (q.years.length) return ` em ${q.years[0]}`;
  return "";
}

function paymentLinks(payment: PaymentRow) {
  const kind = payment.transferKind === "imposition" ? "imposition" : "voluntary";
  return [
    { label: `Pagamentos de ${payment.nrTransfer}`, path: transferPaymentsPath(kind, payment.nrTransfer) },
    { label: `Abrir ${payment.nrTransfer}`, path: transferInfoPath(kind, payment.nrTransfer) },
  ];
}
