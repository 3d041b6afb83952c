import type { CodeList } from "@/components/resource/fields";
import {
  CONTRACTING_SITUATIONS,
  EXPENSE_CATEGORIES,
  FUND_SITUATIONS,
  IMPOSITION_SITUATIONS,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  VOLUNTARY_MODALITIES,
  VOLUNTARY_STATUSES,
  type PaymentKind,
} from "@/domain/transfers";

/** antd Tag colours of every status code: green done, blue running, gold waiting, red trouble, grey ended. */
const STATUS_COLORS: Record<string, string> = {
  CIENTE: "blue",
  EM_EXECUCAO: "blue",
  AUTORIZADO: "blue",
  ASSINADO: "cyan",
  PROPOSTA_APROVADA: "cyan",
  AGUARDANDO_CIENCIA: "gold",
  AGUARDANDO_CONCLUSAO_PLANO_TRABALHO: "gold",
  AGUARDANDO_PRESTACAO_CONTAS: "gold",
  PRESTACAO_CONTAS_EM_ANALISE: "purple",
  PRESTACAO_CONTAS_EM_COMPLEMENTACAO: "orange",
  EM_ELABORACAO: "default",
  ENVIADO_ANALISE: "purple",
  EM_COMPLEMENTACAO: "orange",
  CONCLUIDO: "green",
  PRESTACAO_CONTAS_APROVADA: "green",
  PRESTACAO_CONTAS_APROVADA_RESSALVAS: "lime",
  IMPEDIDO: "red",
  IMPEDIDO_REJEICAO_PLANO_TRABALHO: "red",
  INADIMPLENTE: "red",
  PRESTACAO_CONTAS_REJEITADA: "red",
  CANCELADO: "default",
  ANULADO: "default",
  RESCINDIDO: "volcano",
  // payments
  EFETIVADO: "green",
  PENDENTE: "gold",
};

export const statusColor = (code: string | null | undefined) => (code ? (STATUS_COLORS[code] ?? "default") : "default");

/** Payment kinds by colour on the timeline: commitments blue, money in green. */
export const KIND_COLORS: Record<PaymentKind, string> = {
  COMMITMENT: "blue",
  BANK_ORDER: "green",
  DISBURSEMENT: "green",
  SUPPLIER_PAYMENT: "purple",
  COUNTERPART_DEPOSIT: "cyan",
  YIELD: "gray",
};

/** The code lists of transfers and payments, named by src/locales/pt-BR/transfers.ts. */
export const CODES = {
  impositionSituations: { values: IMPOSITION_SITUATIONS, label: (code) => `transfers.situations.${code}`, color: statusColor },
  voluntaryStatuses: { values: VOLUNTARY_STATUSES, label: (code) => `transfers.statuses.${code}`, color: statusColor },
  fundSituations: { values: FUND_SITUATIONS, label: (code) => `transfers.fundSituations.${code}`, color: statusColor },
  modalities: { values: VOLUNTARY_MODALITIES, label: (code) => `transfers.modalities.${code}` },
  contractingSituations: { values: CONTRACTING_SITUATIONS, label: (code) => `transfers.contractingSituations.${code}` },
  expenseCategories: { values: EXPENSE_CATEGORIES, label: (code) => `transfers.expenseCategories.${code}` },
  paymentKinds: { values: PAYMENT_KINDS, label: (code) => `payments.kinds.${code}` },
  paymentStatuses: { values: PAYMENT_STATUSES, label: (code) => `payments.statuses.${code}`, color: statusColor },
} satisfies Record<string, CodeList>;
