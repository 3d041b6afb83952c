import { z } from "zod";
import { optionalCalendarDate } from "./fields";
import { recordFields, tenantRecordFields, wire } from "./wire";
import { requiredText, optionalText } from "./inputs";

/**
 * Requirements (issue 16): shared templates of ofícios and requerimentos (written by ADMIN) with
 * placeholders, and the company's documents filled from them for one of its transfers.
 */

/** The spec's three template types: convênio, impositiva and TEV (named as the spec names it). */
export const REQUIREMENT_TYPES = ["CONVENIO", "IMPOSITIVA", "TEV"] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

export const RECIPIENT_KINDS = ["PARLAMENTAR", "MINISTERIO", "CAMARA", "TRIBUNAL_CONTAS"] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export const REQUIREMENT_STATUSES = ["RASCUNHO", "ENVIADO", "PROTOCOLADO", "RESPONDIDO"] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

/** What a document can be filled from: a transfer of either kind, or a proposal (captação). */
export const REQUIREMENT_TRANSFER_KINDS = ["IMPOSITION", "VOLUNTARY", "PROPOSAL"] as const;
export type RequirementTransferKind = (typeof REQUIREMENT_TRANSFER_KINDS)[number];

/** What a template type is filled from: convênio from a voluntary transfer, impositiva from an imposition one, TEV from either; any from a proposal. */
export const TRANSFER_KINDS_OF_TYPE: Record<RequirementType, readonly RequirementTransferKind[]> = {
  CONVENIO: ["VOLUNTARY", "PROPOSAL"],
  IMPOSITIVA: ["IMPOSITION", "PROPOSAL"],
  TEV: ["IMPOSITION", "VOLUNTARY", "PROPOSAL"],
};

const KIND_NAMES: Record<RequirementTransferKind, string> = { IMPOSITION: "uma transferência especial (emenda impositiva)", VOLUNTARY: "uma transferência voluntária", PROPOSAL: "uma proposta" };
const TYPE_NAMES: Record<RequirementType, string> = { CONVENIO: "de convênio", IMPOSITIVA: "impositivo", TEV: "TEV" };

/** Why a template type cannot be filled from this kind, or undefined when it can. */
export function transferKindProblem(type: RequirementType, kind: RequirementTransferKind): string | undefined {
  const allowed = TRANSFER_KINDS_OF_TYPE[type];
  if (allowed.includes(kind)) return undefined;
  return `Um modelo ${TYPE_NAMES[type]} é preenchido com ${allowed.map((k) => KIND_NAMES[k]).join(" ou ")}.`;
}

/** The placeholders a template may use, and what fills each. */
export const PLACEHOLDERS = [
  "municipio.nome",
  "municipio.uf",
  "municipio.cnpj",
  "prefeito.nome",
  "transferencia.numero",
  "emenda.numero",
  "parlamentar.nome",
  "concedente.nome",
  "programa.nome",
  "valor",
  "objeto",
  "data",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Placeholder, string>>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS);

/** The placeholders a text names, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
  return [...new Set(names)];
}

/** What is wrong with a text's placeholders: unknown names, or braces that open a placeholder and never close it. */
export function placeholderProblem(text: string): string | undefined {
  const unknown = placeholdersIn(text).filter((name) => !KNOWN.has(name));
  if (unknown.length) {
    return `Marcador desconhecido: ${unknown.map((n) => `{{${n}}}`).join(", ")}. Use só: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}.`;
  }
  const stripped = text.replace(PLACEHOLDER, "");
  if (stripped.includes("{{") || stripped.includes("}}")) return "Há um marcador sem fechamento: escreva-o como {{municipio.nome}}.";
  return undefined;
}

/** The text with each known placeholder replaced by its value; one without a value stays as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name as Placeholder] ?? whole);
}

// ---------- input ----------

const withPlaceholders = (schema: z.ZodString) => schema.superRefine((v, ctx) => {
  const problem = placeholderProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const requirementTemplateCreateSchema = z.object({
  type: z.enum(REQUIREMENT_TYPES, { message: "Escolha o tipo: convênio, impositiva ou TEV." }),
  title: requiredText("o título", 200),
  purpose: requiredText("a finalidade", 120),
  description: requiredText("a descrição da finalidade", 1000),
  recipientKind: z.enum(RECIPIENT_KINDS, { message: "Escolha o destinatário: parlamentar, ministério, Câmara ou tribunal de contas." }),
  subject: withPlaceholders(requiredText("o assunto", 300)),
  body: withPlaceholders(requiredText("o texto", 20_000)),
});
export type RequirementTemplateCreate = z.input<typeof requirementTemplateCreateSchema>;

export const requirementTemplateRowSchema = z.object({
  ...recordFields,
  type: wire.oneOf(REQUIREMENT_TYPES),
  title: wire.text(),
  purpose: wire.text(),
  description: wire.text(),
  recipientKind: wire.oneOf(RECIPIENT_KINDS),
  subject: wire.text(),
  body: wire.text(),
});
export type RequirementTemplate = z.infer<typeof requirementTemplateRowSchema>;

const positiveId = (message: string) => z.number({ message }).int(message).positive(message).max(2_147_483_647, message);

export const requirementCreateSchema = z.object({
  templateId: positiveId("Escolha um modelo válido.").nullable().optional().transform((v) => v ?? null),
  transferKind: z.enum(REQUIREMENT_TRANSFER_KINDS, { message: "Escolha o tipo de transferência." }).nullable().optional().transform((v) => v ?? null),
  transferId: positiveId("Escolha uma transferência válida.").nullable().optional().transform((v) => v ?? null),
  recipientKind: z.enum(RECIPIENT_KINDS, { message: "Escolha o destinatário: parlamentar, ministério, Câmara ou tribunal de contas." }),
  recipientName: requiredText("o nome do destinatário", 200),
  subject: withPlaceholders(requiredText("o assunto", 300)),
  body: withPlaceholders(requiredText("o texto", 40_000)),
  status: z.enum(REQUIREMENT_STATUSES, { message: "Escolha a situação: rascunho, enviado, protocolado ou respondido." }).default("RASCUNHO"),
  protocolNumber: optionalText("Número de protocolo", 60),
  // Facts: a requirement is sent and answered on a real day from 2000 to today.
  sentOn: optionalCalendarDate("a data de envio", { executed: true }),
  respondedOn: optionalCalendarDate("a data da resposta", { executed: true }),
  notes: optionalText("Observações", 2000),
});
export type RequirementCreate = z.input<typeof requirementCreateSchema>;

export const requirementRowSchema = z.object({
  ...tenantRecordFields,
  templateId: wire.intOrNull(),
  type: wire.oneOfOrNull(REQUIREMENT_TYPES),
  transferKind: wire.oneOfOrNull(REQUIREMENT_TRANSFER_KINDS),
  transferId: wire.intOrNull(),
  transferNumber: wire.textOrNull(),
  recipientKind: wire.oneOf(RECIPIENT_KINDS),
  recipientName: wire.text(),
  subject: wire.text(),
  body: wire.text(),
  status: wire.oneOf(REQUIREMENT_STATUSES),
  protocolNumber: wire.textOrNull(),
  sentOn: wire.dateOrNull(),
  respondedOn: wire.dateOrNull(),
  notes: wire.textOrNull(),
});
export type Requirement = z.infer<typeof requirementRowSchema>;

/** What a requirement in a status must carry (checked on the record as it will be stored). */
export function requirementStatusProblem(r: {
  status: RequirementStatus;
  protocolNumber: string | null;
  sentOn: string | null;
  respondedOn: string | null;
  subject: string;
  body: string;
}): { field: string; message: string } | undefined {
  if (r.status !== "RASCUNHO" && (placeholdersIn(r.body).length || placeholdersIn(r.subject).length)) {
    return { field: "body", message: "O documento ainda tem marcadores sem preencher: complete-os antes de enviar." };
  }
  if (r.status !== "RASCUNHO" && !r.sentOn) return { field: "sentOn", message: "Informe a data de envio." };
  if ((r.status === "PROTOCOLADO" || r.status === "RESPONDIDO") && !r.protocolNumber) return { field: "protocolNumber", message: "Informe o número de protocolo." };
  if (r.status === "RESPONDIDO" && !r.respondedOn) return { field: "respondedOn", message: "Informe a data da resposta." };
  if (r.sentOn && r.respondedOn && r.respondedOn < r.sentOn) return { field: "respondedOn", message: "A resposta não pode ser anterior ao envio." };
  return undefined;
}

/** The body of POST /api/requirements/fill: a template and (optionally) one of the company's transfers. */
export const requirementFillSchema = z.object({
  templateId: positiveId("Escolha um modelo válido."),
  transferKind: z.enum(REQUIREMENT_TRANSFER_KINDS, { message: "Escolha o tipo de transferência." }).nullable().optional(),
  transferId: positiveId("Escolha uma transferência válida.").nullable().optional(),
});
export type RequirementFill = z.input<typeof requirementFillSchema>;

export const requirementFillResultSchema = z.object({
  templateId: z.number().int(),
  transferKind: z.enum(REQUIREMENT_TRANSFER_KINDS).nullable(),
  transferId: z.number().int().nullable(),
  recipientKind: z.enum(RECIPIENT_KINDS),
  recipientName: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Placeholders the data could not fill (left as written for the person to complete). */
  unfilled: z.array(z.string()),
});
export type RequirementFillResult = z.infer<typeof requirementFillResultSchema>;
