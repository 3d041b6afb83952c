import { z } from "zod";
import { wire } from "./wire";

/**
 * The deadline center (issue 17): one computed list per company of everything with a date that asks
 * for action, each kind within the lead time the company chose (its parametrization):
 * validity, suspensive clause and program windows follow `validityAlertDays`; accountability and
 * LC 210 notices `accountabilityAlertDays`; CAUC items `caucAlertDays`; the consultancy's alerts
 * show while they are valid. Days are São Paulo's calendar days.
 */
export const DEADLINE_KINDS = ["validity", "accountability", "suspensive", "cauc", "lc210", "program", "alert", "municipal-amendment", "sync-source", "impediment"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const deadlineItemSchema = z.object({
  /** Stable across days: `accountability:12`, `validity:voluntary:34`… (the digest remembers what it sent by it). */
  key: wire.text(),
  kind: wire.oneOf(DEADLINE_KINDS),
  /** What it is (the transfer's object, the CAUC item, the program, the alert's title). */
  title: wire.text(),
  /** The transfer's number, the CAUC code, the program's code… */
  reference: wire.textOrNull(),
  /** What is due, in pt-BR ("Prestação de contas", "Fim da vigência"…). */
  what: wire.text(),
  date: wire.dateOrNull(),
  daysLeft: wire.intOrNull(),
  overdue: wire.bool(),
  /** The status that matters for it (an obligation's), so a change shows in the next digest. */
  status: wire.textOrNull(),
  /** The SPA path of the item (without the company's authComp). */
  path: wire.text(),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;

export const deadlineCenterSchema = z.object({
  today: wire.date(),
  companyId: wire.intOrNull(),
  alertDays: z.object({ validityAlertDays: wire.int(), accountabilityAlertDays: wire.int(), caucAlertDays: wire.int() }).nullable(),
  items: z.array(deadlineItemSchema),
});
export type DeadlineCenter = z.infer<typeof deadlineCenterSchema>;

/** A digest run as the company's page lists it. */
export const DIGEST_RUN_STATUSES = ["SENT", "NOTHING_NEW", "NO_RECIPIENTS", "FAILED"] as const;
export const digestRunSchema = z.object({
  id: wire.id(),
  companyId: wire.id(),
  trigger: wire.oneOf(["SCHEDULE", "MANUAL"] as const),
  status: wire.oneOf(DIGEST_RUN_STATUSES),
  recipients: z.array(z.string()),
  itemCount: wire.int(),
  error: wire.textOrNull(),
  createdAt: wire.timestamp(),
});
export type DigestRun = z.infer<typeof digestRunSchema>;

/** The signature of an item: what, if it changes, makes the item "changed" for the next digest. */
export const digestSignature = (item: Pick<DeadlineItem, "date" | "status" | "overdue" | "title">) => [item.date ?? "", item.status ?? "", item.overdue ? "atrasado" : "", item.title].join("|");
