import { z } from "zod";
import { calendarDate, optionalCalendarDate, optionalLinkOf } from "./fields";
import { recordFields, wire } from "./wire";

/**
 * Alerts: notices from the consultancy to all its municipalities or to chosen ones, shown under the
 * header's bell while they are valid; each person marks them read (issue 13).
 */

export const ALERT_SEVERITIES = ["INFO", "ATENCAO", "URGENTE"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_AUDIENCES = ["ALL", "CHOSEN"] as const;
export type AlertAudience = (typeof ALERT_AUDIENCES)[number];

export const alertFields = z.object({
  title: z.string({ message: "Informe o título." }).trim().min(1, "Informe o título.").max(160, "O título deve ter no máximo 160 caracteres."),
  message: z.string({ message: "Informe a mensagem." }).trim().min(1, "Informe a mensagem.").max(4000, "A mensagem deve ter no máximo 4000 caracteres."),
  severity: z.enum(ALERT_SEVERITIES, { message: "Escolha a gravidade: informação, atenção ou urgente." }).default("INFO"),
  audience: z.enum(ALERT_AUDIENCES, { message: "Escolha para quem: todas as prefeituras ou as escolhidas." }).default("ALL"),
  companyIds: z
    .array(z.number({ message: "Prefeitura inválida." }).int("Prefeitura inválida.").positive("Prefeitura inválida."), { message: "Prefeituras inválidas." })
    .max(1000, "No máximo 1000 prefeituras.")
    .default([]),
  validFrom: calendarDate("o início"),
  validUntil: optionalCalendarDate("o fim"),
  linkUrl: optionalLinkOf("o link"),
});

/** The rules across fields, on the values a record ends up with (create, or a PATCH over the stored record). */
export function alertProblems(values: { audience?: string; companyIds?: readonly number[]; validFrom?: string | null; validUntil?: string | null }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.audience === "CHOSEN" && (values.companyIds ?? []).length === 0) problems.companyIds = "Escolha ao menos uma prefeitura.";
  if (values.validFrom && values.validUntil && values.validUntil < values.validFrom) problems.validUntil = "O fim não pode ser antes do início.";
  return problems;
}

export const alertCreateSchema = alertFields.superRefine((values, ctx) => {
  for (const [path, message] of Object.entries(alertProblems(values))) ctx.addIssue({ code: "custom", path: [path], message });
});
export type AlertCreate = z.input<typeof alertCreateSchema>;

export const alertRowSchema = z.object({
  ...recordFields,
  title: wire.text(),
  message: wire.text(),
  severity: wire.oneOf(ALERT_SEVERITIES),
  audience: wire.oneOf(ALERT_AUDIENCES),
  companyIds: z.array(z.number().int()),
  validFrom: wire.date(),
  validUntil: wire.dateOrNull(),
  linkUrl: wire.textOrNull(),
  /** How many people marked it read: sent to ADMIN only (the server leaves it out for every other role). */
  readCount: wire.int().optional(),
});
export type Alert = z.infer<typeof alertRowSchema>;

/** The caller's bell: the valid alerts addressed to them, newest first, each with their own read state. */
export const alertInboxSchema = z.object({
  unread: z.number().int(),
  alerts: z.array(alertRowSchema.omit({ readCount: true }).extend({ read: z.boolean() })),
});
export type AlertInbox = z.infer<typeof alertInboxSchema>;
