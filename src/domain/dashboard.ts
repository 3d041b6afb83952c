import { z } from "zod";
import { paymentRowSchema } from "./transfers";
import { wire } from "./wire";

/**
 * The dashboard's summary (GET /api/dashboard/summary): what the landing page shows for the active
 * company, or for every company (an ADMIN without a chosen client). The server serializes through it
 * and the OpenAPI description shows it.
 */

const TRANSFER_KIND_CODES = ["imposition", "voluntary", "fund"] as const;
const DEADLINE_KINDS = [...TRANSFER_KIND_CODES, "regularity"] as const;
const DEADLINE_FIELDS = ["executionEnd", "validityEnd", "accountabilityDeadline", "suspensiveClauseDue", "caucValidUntil"] as const;

/** One kind's transfers of one year: how many, how many in force today, and their money. */
export const kindYearTotalsSchema = z.object({
  kind: wire.oneOf(TRANSFER_KIND_CODES),
  year: wire.int(),
  count: wire.int(),
  active: wire.int(),
  plannedValue: wire.moneyOrNull(),
  committedValue: wire.moneyOrNull(),
  paidValue: wire.moneyOrNull(),
});

/** A transfer's deadline, or a CAUC item's validity ("regularity", key: the item's code). */
export const dashboardDeadlineSchema = z.object({
  kind: wire.oneOf(DEADLINE_KINDS),
  id: wire.id(),
  key: wire.text(),
  title: wire.textOrNull(),
  deadline: wire.oneOf(DEADLINE_FIELDS),
  date: wire.date(),
});

const alertDaysSchema = z.object({ validityAlertDays: wire.int(), accountabilityAlertDays: wire.int(), caucAlertDays: wire.int() });

export const dashboardSummarySchema = z.object({
  today: wire.date(),
  companyId: wire.intOrNull(),
  /** The chosen company, or null for every company. */
  company: z.object({ id: wire.id(), name: wire.text() }).nullable(),
  /** The chosen company's alert lead times, which decide the deadlines shown. */
  alertDays: alertDaysSchema.nullable(),
  totals: z.array(kindYearTotalsSchema),
  active: z.object({ imposition: wire.int(), voluntary: wire.int(), fund: wire.int() }),
  latestPayments: z.array(paymentRowSchema),
  deadlines: z.array(dashboardDeadlineSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

type KindYearTotals = z.infer<typeof kindYearTotalsSchema>;

/** A kind's figures on the dashboard's cards: how many, how many in force, and their money. */
export interface KindFigures {
  count: number;
  active: number;
  planned: number;
  committed: number;
  paid: number;
}

/**
 * The figures of the rows the year filter keeps ("all" keeps every year). Every figure of a card,
 * "Transferências ativas" included, is summed from the same rows, so the card follows the filter.
 */
export function kindFigures(totals: readonly KindYearTotals[], year: number | "all", kind?: KindYearTotals["kind"]): KindFigures {
  return totals
    .filter((row) => (year === "all" || row.year === year) && (kind === undefined || row.kind === kind))
    .reduce<KindFigures>(
      (acc, row) => ({
        count: acc.count + row.count,
        active: acc.active + row.active,
        planned: acc.planned + Number(row.plannedValue ?? 0),
        committed: acc.committed + Number(row.committedValue ?? 0),
        paid: acc.paid + Number(row.paidValue ?? 0),
      }),
      { count: 0, active: 0, planned: 0, committed: 0, paid: 0 },
    );
}
