import { z } from "zod";
import { calendarDate, optionalCalendarDate } from "./fields";
import { recordFields, wire } from "./wire";

/**
 * The consultancy's risk queue and the impediment radar (issue 33). The queue is computed from the
 * data every screen already reads (CAUC, accountability, LC 210, proposals, the emenda's account and
 * work plan, the sync's freshness); only what people do about an item is stored: its owner, its state
 * (snoozed until a day), its comments, keyed by the item's stable key (`kind:record`).
 */

/** What can cost a client money or standing, one kind per source of risk. */
export const RISK_KINDS = ["work-plan", "cauc", "accountability", "management-report", "lc210", "program", "idle-money", "sync"] as const;
export type RiskKind = (typeof RISK_KINDS)[number];

/** Where the consultancy stands on an item. SNOOZED hides it until its day; the day after it is OPEN again. */
export const RISK_STATES = ["OPEN", "IN_PROGRESS", "WAITING_MUNICIPALITY", "DONE", "SNOOZED"] as const;
export type RiskState = (typeof RISK_STATES)[number];

/** What the queue shows unless another state is asked for: what still needs someone. */
export const ACTIVE_RISK_STATES: readonly RiskState[] = ["OPEN", "IN_PROGRESS", "WAITING_MUNICIPALITY"];

/** Where an emenda's plano de trabalho stands against its impediment date. */
export const RADAR_LEVELS = ["approved", "impeded", "no-calendar", "on-time", "alert", "overdue"] as const;
export type RadarLevel = (typeof RADAR_LEVELS)[number];

/** An item key: a kind, a colon, the record it names (`cauc:12`, `sync:3-especiais`). */
const KEY_PATTERN = /^[a-z0-9-]{3,20}:[0-9A-Za-z_-]{1,40}$/;
const itemKey = z.string({ message: "Informe os itens." }).regex(KEY_PATTERN, { message: "Item inválido." });

export const riskHandlingSchema = z.object({
  state: wire.oneOf(RISK_STATES),
  ownerId: wire.intOrNull(),
  ownerName: wire.textOrNull(),
  snoozedUntil: wire.dateOrNull(),
  commentCount: wire.int(),
  updatedAt: wire.timestampOrNull(),
});
export type RiskHandling = z.infer<typeof riskHandlingSchema>;

export const riskItemSchema = z.object({
  /** Stable across days: the handling is stored under it. */
  key: wire.text(),
  kind: wire.oneOf(RISK_KINDS),
  companyId: wire.id(),
  companyName: wire.text(),
  /** What it is (the emenda's object, the CAUC item, the obligation…). */
  title: wire.text(),
  /** The transfer's number, the CAUC code, the proposal's number… */
  reference: wire.textOrNull(),
  /** Why it is in the queue, in pt-BR. */
  reason: wire.text(),
  deadline: wire.dateOrNull(),
  daysLeft: wire.intOrNull(),
  overdue: wire.bool(),
  /** The money at risk (numeric text), when there is an amount. */
  money: wire.moneyOrNull(),
  /** The screen where it is solved, with the client chosen (`?authComp=`). */
  link: wire.text(),
  /** The transfer a requirement document about it is filled from. */
  transferKind: wire.oneOfOrNull(["IMPOSITION", "VOLUNTARY"] as const),
  transferId: wire.intOrNull(),
  handling: riskHandlingSchema,
});
export type RiskItem = z.infer<typeof riskItemSchema>;

export const riskQueueSchema = z.object({
  today: wire.date(),
  total: wire.int(),
  /** The money of every item that passed the filters (numeric text). */
  totalMoney: wire.money(),
  items: z.array(riskItemSchema),
  /** The people an item can be assigned to: the consultancy's (and, for one municipality, its own). */
  owners: z.array(z.object({ id: wire.id(), name: wire.text() })),
  /** The clients the queue covered. */
  companies: z.array(z.object({ id: wire.id(), name: wire.text() })),
});
export type RiskQueue = z.infer<typeof riskQueueSchema>;

/** `1,2,3` in a query string: each a positive integer. */
const idList = (message: string) =>
  z
    .string()
    .max(2000, { message })
    .transform((raw, ctx) => {
      const parts = raw.split(",").map((p) => p.trim()).filter(Boolean);
      if (!parts.every((p) => /^[1-9][0-9]{0,9}$/.test(p) && Number(p) <= 2_147_483_647)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    });

/** `a,b` in a query string: each one of `values`. */
const codeList = <const T extends readonly string[]>(values: T, message: string) =>
  z.string().transform((raw, ctx) => {
    const parts = raw.split(",").map((p) => p.trim()).filter(Boolean);
    if (!parts.every((p) => (values as readonly string[]).includes(p))) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return [...new Set(parts)] as T[number][];
  });

export const riskQueueQuerySchema = z.object({
  companyIds: idList("Clientes inválidos: use os números dos clientes separados por vírgula.").optional(),
  kind: codeList(RISK_KINDS, "Tipo de risco inválido.").optional(),
  state: codeList(RISK_STATES, "Situação inválida: use aberto, em andamento, aguardando o município, concluído ou adiado.").optional(),
  /** A person's id, or `none` for items nobody owns. */
  owner: z.union([z.literal("none"), z.string().regex(/^[1-9][0-9]{0,9}$/, { message: "Responsável inválido." }).transform(Number)], { message: "Responsável inválido." }).optional(),
  limit: z.coerce.number({ message: "Limite inválido." }).int({ message: "Limite inválido." }).min(1, { message: "Limite inválido." }).max(1000, { message: "O limite máximo é 1000 itens." }).default(500),
  /** A page of the ranked queue, as the other lists take it (the screen asks for 50 at a time); `_end` replaces `limit`. */
  _start: z.coerce.number({ message: "Página inválida." }).int({ message: "Página inválida." }).min(0, { message: "Página inválida." }).max(1_000_000, { message: "Página inválida." }).optional(),
  _end: z.coerce.number({ message: "Página inválida." }).int({ message: "Página inválida." }).min(1, { message: "Página inválida." }).max(1_001_000, { message: "Página inválida." }).optional(),
}).refine((q) => q._end === undefined || (q._end > (q._start ?? 0) && q._end - (q._start ?? 0) <= 1000), {
  message: "Página inválida: _end precisa ser maior que _start, com no máximo 1000 itens por página.",
  path: ["_end"],
});
export type RiskQueueQuery = z.infer<typeof riskQueueQuerySchema>;

/** The slice of the ranked queue a query asks for: `_start`/`_end` when given, else the first `limit`. */
export function riskQueuePage(query: Pick<RiskQueueQuery, "limit" | "_start" | "_end">): { offset: number; limit: number } {
  const offset = query._start ?? 0;
  return { offset, limit: query._end !== undefined ? query._end - offset : query.limit };
}

const keys = z.array(itemKey, { message: "Informe os itens." }).min(1, { message: "Escolha ao menos um item." }).max(500, { message: "Escolha no máximo 500 itens de uma vez." });

export const riskAssignSchema = z.object({
  keys,
  /** The new owner, or null to leave the items without one. */
  ownerId: z.number({ message: "Escolha o responsável." }).int({ message: "Escolha o responsável." }).positive({ message: "Escolha o responsável." }).nullable(),
});

export const riskStateSchema = z.object({
  keys,
  state: z.enum(RISK_STATES, { message: "Situação inválida: use aberto, em andamento, aguardando o município, concluído ou adiado." }),
  /** Required for SNOOZED: a day after today. */
  snoozedUntil: optionalCalendarDate("a data até quando adiar"),
});

export const riskRequirementsSchema = z.object({
  keys,
  templateId: z.number({ message: "Escolha o modelo de requerimento." }).int({ message: "Escolha o modelo de requerimento." }).positive({ message: "Escolha o modelo de requerimento." }),
});
export const riskRequirementsResultSchema = z.object({ created: z.array(z.object({ key: wire.text(), requirementId: wire.id(), companyId: wire.id() })) });

export const riskBatchResultSchema = z.object({ updated: wire.int() });

export const riskCommentSchema = z.object({
  id: wire.id(),
  itemKey: wire.text(),
  authorName: wire.text(),
  body: wire.text(),
  createdAt: wire.timestamp(),
});
export const riskCommentsSchema = z.object({ key: wire.text(), comments: z.array(riskCommentSchema) });
export const riskCommentsQuerySchema = z.object({ key: itemKey });
export const riskCommentCreateSchema = z.object({
  key: itemKey,
  body: z.string({ message: "Escreva o comentário." }).trim().min(1, { message: "Escreva o comentário." }).max(4000, { message: "O comentário pode ter até 4000 caracteres." }),
});

/** The impediment calendar of one exercise: the day impediments are registered, and the alert lead times. */
export const riskCalendarCreateSchema = z.object({
  year: z.number({ message: "Informe o exercício." }).int({ message: "Exercício inválido." }).min(2000, { message: "Exercício inválido." }).max(2100, { message: "Exercício inválido." }),
  impedimentDate: calendarDate("a data de impedimento"),
  alertDays: z.number({ message: "Informe a antecedência do alerta." }).int({ message: "Antecedência inválida." }).min(1, { message: "A antecedência deve ser de 1 a 180 dias." }).max(180, { message: "A antecedência deve ser de 1 a 180 dias." }).default(30),
  idleMonths: z.number({ message: "Informe os meses sem débito." }).int({ message: "Meses inválidos." }).min(1, { message: "Use de 1 a 24 meses." }).max(24, { message: "Use de 1 a 24 meses." }).default(3),
  notes: z.string().max(1000, { message: "As observações podem ter até 1000 caracteres." }).nullable().optional(),
});
export const riskCalendarRowSchema = z.object({
  ...recordFields,
  year: wire.int(),
  impedimentDate: wire.date(),
  alertDays: wire.int(),
  idleMonths: wire.int(),
  notes: wire.textOrNull(),
});
export type RiskCalendarRow = z.infer<typeof riskCalendarRowSchema>;

/** The impediment radar of one emenda, as its card shows it. */
export const radarSchema = z.object({
  transferId: wire.id(),
  level: wire.oneOf(RADAR_LEVELS),
  /** The plan's situation as the source names it ("Em complementação"), or null when none was presented. */
  workPlanStatus: wire.textOrNull(),
  workPlanStatusAt: wire.timestampOrNull(),
  /** The bodies still holding the plan, oldest first. */
  pendingBodies: z.array(z.object({ name: wire.text(), since: wire.timestamp(), days: wire.int() })),
  /** The analyses and their steps, newest first. */
  history: z.array(
    z.object({ kind: wire.oneOf(["ANALYSIS", "HISTORY"] as const), bodyName: wire.text(), opinion: wire.textOrNull(), analysisStatus: wire.textOrNull(), planningStatus: wire.textOrNull(), analyzedAt: wire.timestampOrNull() }),
  ),
  impedimentDate: wire.dateOrNull(),
  alertDays: wire.intOrNull(),
  /** The day the alert starts. */
  alertFrom: wire.dateOrNull(),
  daysLeft: wire.intOrNull(),
  /** The verdict, in pt-BR. */
  summary: wire.text(),
});
export type Radar = z.infer<typeof radarSchema>;

/** Whether a plan situation (a code or the source's label) means the plan no longer risks an impediment. */
export function workPlanSettled(status: string | null): "approved" | "rejected" | null {
  if (!status) return null;
  const code = status
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z]+/g, "_");
  if (/^(APROVAD|CONCLUID|LEGADO)/.test(code)) return "approved";
  if (/^(REPROVAD|REJEITAD)/.test(code)) return "rejected";
  return null;
}

/** Ranking: what is late or due within a week first, then the month, then later, then undated; more money first inside each band. */
export function riskBand(item: Pick<RiskItem, "overdue" | "daysLeft">): number {
  if (item.overdue || (item.daysLeft !== null && item.daysLeft <= 7)) return 0;
  if (item.daysLeft !== null && item.daysLeft <= 30) return 1;
  if (item.daysLeft !== null) return 2;
  return 3;
}

export function compareRisks(a: Pick<RiskItem, "overdue" | "daysLeft" | "money" | "key">, b: Pick<RiskItem, "overdue" | "daysLeft" | "money" | "key">): number {
  return (
    riskBand(a) - riskBand(b) ||
    Number(b.money ?? 0) - Number(a.money ?? 0) ||
    (a.daysLeft ?? 99_999) - (b.daysLeft ?? 99_999) ||
    a.key.localeCompare(b.key)
  );
}
