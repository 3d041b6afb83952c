import { latestPayment } from "../../domain/transfers";
import type { Answerer } from "../types";
import { bulletList, countStems, formatDate, formatMoney } from "../text";

const KIND_LABELS: Record<string, string> = {
  BANK_ORDER: "Ordem bancária",
  DISBURSEMENT: "Desembolso",
  SUPPLIER_PAYMENT: "Pagamento a fornecedor",
};

const TRANSFER_LABELS: Record<string, string> = { imposition: "transferência especial", voluntary: "convênio" };

/** "Qual o último pagamento realizado?": the newest effective payment in which money moved. */
export const latestPaymentAnswerer: Answerer = {
  id: "latest-payment",
  example: "Qual o último pagamento realizado?",
  // "pagamento"/"pago"/"ordem bancaria" plus "ultimo/recente" weigh more than the company's generic words.
  match: (q) => {
    const about = countStems(q, ["pagament", "pago", "paga", "desembols", "ordem", "repasse"]);
    return about === 0 ? 0 : about * 2 + countStems(q, ["ultim", "recent", "mais novo"]) * 2;
  },
  async answer({ db, company }) {
    const payment = await latestPayment(db, company.id);
    if (!payment) return `Ainda não há pagamentos efetivados registrados para a Prefeitura de ${company.name}.`;
    const lines = [
      `Valor: ${formatMoney(payment.amount)}`,
      `Data: ${payment.paymentDate ? formatDate(payment.paymentDate) : "não informada"}`,
      `Tipo: ${KIND_LABELS[payment.kind] ?? payment.kind}`,
      payment.documentNumber ? `Documento: ${payment.documentNumber}` : null,
      payment.payeeName ? `Favorecido: ${payment.payeeName}` : null,
      `Transferência: ${TRANSFER_LABELS[payment.transferKind] ?? payment.transferKind} ${payment.nrTransfer}`,
    ];
    return `**Último pagamento da Prefeitura de ${company.name}**\n\n${bulletList(lines.filter((l): l is string => Boolean(l)))}`;
  },
};
