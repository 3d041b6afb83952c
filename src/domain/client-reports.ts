import { z } from "zod";
import { wire } from "./wire";

/**
 * The monthly client report (issue 33 item 4): what the consultancy sends each client every month.
 * Its figures travel as a JSON twin (`ClientReportData`), stored with the report; the PDF is rendered
 * from it, so the document and the figures the tests and screens compare are one and the same.
 */

/** How a report came to be: the monthly schedule, "Gerar agora", or the demo data of a first start. */
export type ClientReportTrigger = "SCHEDULE" | "MANUAL" | "DEMO";
/** What happened to its e-mail (SENT: to the client's managers; DEMO: demo data, never sent). */
export type ClientReportMailStatus = "SENT" | "NO_RECIPIENTS" | "NO_SMTP" | "FAILED" | "DEMO";

/** A month AAAA-MM between 2000 and 2100. */
export const reportMonth = z
  .string({ message: "Informe o mês no formato AAAA-MM (ex.: 2026-10)." })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Informe o mês no formato AAAA-MM (ex.: 2026-10).")
  .refine((v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, "O ano do mês precisa estar entre 2000 e 2100.");

/** The month before the one `today` (AAAA-MM-DD) falls in: what the schedule reports. */
export function previousMonth(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

const MONTH_NAMES = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"];
/** "outubro de 2026". */
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;

/**
 * One risk item as the report lists it: the risk queue's row reduced to what the client reads. On
 * this branch the rows come from the deadline center (overdue accountability, CAUC expired or
 * expiring); the risk queue (server/risks) provides them once merged.
 */
export const riskRowSchema = z.object({
  client: wire.text(),
  /** The kind's label ("Prestação de contas atrasada", "CAUC vencendo"…). */
  kind: wire.text(),
  reason: wire.text(),
  deadline: wire.dateOrNull(),
  money: wire.moneyOrNull(),
  /** The state's label ("Aberto", "Em andamento", "Concluído"…). */
  state: wire.text(),
  owner: wire.textOrNull(),
  lastComment: wire.textOrNull(),
});
export type RiskRow = z.infer<typeof riskRowSchema>;

const moneyFigures = z.object({
  /** Money that reached the client's accounts: ordens bancárias and desembolsos (payments report, EFETIVADO). */
  received: wire.money(),
  receivedCount: wire.int(),
  /** Empenhos of the period. */
  committed: wire.money(),
  /** Paid by the client to its suppliers. */
  paid: wire.money(),
  paidCount: wire.int(),
});
export type MoneyFigures = z.infer<typeof moneyFigures>;

export const clientReportDataSchema = z.object({
  company: z.object({ id: wire.id(), name: wire.text(), cnpj: wire.text() }),
  month: wire.text(),
  monthLabel: wire.text(),
  /** The day the state sections (open transfers, deadlines, CAUC, accountability, coverage) were read. */
  today: wire.date(),
  generatedAt: wire.timestamp(),
  money: z.object({ month: moneyFigures, year: moneyFigures }),
  transfers: z.object({
    count: wire.int(),
    rows: z.array(z.object({ kind: wire.text(), key: wire.text(), title: wire.textOrNull(), stage: wire.text(), plannedValue: wire.money(), paidValue: wire.money(), endsAt: wire.dateOrNull() })),
  }),
  deadlines: z.array(z.object({ kind: wire.text(), what: wire.text(), title: wire.text(), reference: wire.textOrNull(), date: wire.dateOrNull(), daysLeft: wire.intOrNull(), overdue: wire.bool() })),
  cauc: z.object({
    counts: z.record(z.string(), z.number().int()),
    /** Items not regular, or regular but expiring within the client's CAUC lead time. */
    attention: z.array(z.object({ code: wire.text(), label: wire.text(), status: wire.text(), validUntil: wire.dateOrNull() })),
  }),
  accountability: z.array(z.object({ kind: wire.text(), transferKey: wire.textOrNull(), title: wire.text(), status: wire.text(), dueDate: wire.dateOrNull(), overdue: wire.bool() })),
  lc210: z.array(z.object({ transferKey: wire.textOrNull(), title: wire.text(), status: wire.text(), dueDate: wire.dateOrNull(), sent: wire.int() })),
  risks: z.array(riskRowSchema),
  coverage: z.array(z.object({ source: wire.text(), label: wire.text(), lastReadAt: wire.timestampOrNull(), sourceUpdatedAt: wire.textOrNull(), rowsRead: wire.int(), rowsSkipped: wire.int(), problem: wire.textOrNull() })),
});
export type ClientReportData = z.infer<typeof clientReportDataSchema>;

/** A report in the archive's list. */
export const clientReportRowSchema = z.object({
  id: wire.id(),
  companyId: wire.id(),
  companyName: wire.text(),
  month: wire.text(),
  trigger: wire.oneOf(["SCHEDULE", "MANUAL", "DEMO"] as const),
  mailStatus: wire.oneOf(["SENT", "NO_RECIPIENTS", "NO_SMTP", "FAILED", "DEMO"] as const),
  recipients: z.array(z.string()),
  mailError: wire.textOrNull(),
  generatedAt: wire.timestamp(),
});
export type ClientReportListRow = z.infer<typeof clientReportRowSchema>;

/** "Gerar agora": the client (an ADMIN names it) and the month (default: the previous one). */
export const generateClientReportSchema = z
  .object({
    companyId: z.number({ message: "Escolha o cliente." }).int("Escolha o cliente.").positive("Escolha o cliente.").max(2_147_483_647, "Escolha o cliente."),
    month: reportMonth.optional(),
  })
  .strict();

export const CLIENT_REPORT_LABELS = {
  triggers: { SCHEDULE: "Mensal (automático)", MANUAL: "Gerar agora", DEMO: "Demonstração" } satisfies Record<ClientReportTrigger, string>,
  mailStatuses: {
    SENT: "Enviado",
    NO_RECIPIENTS: "Sem gestores para enviar",
    NO_SMTP: "E-mail não configurado",
    FAILED: "Falhou",
    DEMO: "Não enviado (demonstração)",
  } satisfies Record<ClientReportMailStatus, string>,
};
