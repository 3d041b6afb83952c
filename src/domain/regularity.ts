import { z } from "zod";
import { daysBetween, isCalendarDate } from "./dates";
import { documentFileNameSchema } from "./uploads";
import { updateSchemaOf } from "./updates";
import { tenantRecordFields, wire } from "./wire";
import { optionalText } from "./inputs";
import { executedDate, optionalCalendarDate, optionalLinkOf } from "./fields";

/**
 * Regularity (issue 16): the CAUC items a municipality must keep regular to sign voluntary transfers
 * (Tesouro Nacional, IN STN/MF nº 8/2025), plus other certificates the company tracks by hand. Pure
 * rules shared by the screen and the server: the catalogue, what a published cell means, counts.
 */

export const CAUC_GROUPS = ["I", "II", "III", "IV", "V"] as const;
export type CaucGroup = (typeof CAUC_GROUPS)[number];

export const REGULARITY_STATUSES = ["REGULAR", "A_COMPROVAR", "IRREGULAR", "DESABILITADO", "SEM_INFORMACAO"] as const;
export type RegularityStatus = (typeof REGULARITY_STATUSES)[number];

/** CAUC: an item of the Tesouro's register (code from the catalogue); OUTRA: a certificate tracked by hand. */
export const REGULARITY_KINDS = ["CAUC", "OUTRA"] as const;

/** The norm every CAUC item comes from (research notes §2). */
export const CAUC_LEGAL_BASIS = "IN STN/MF nº 8/2025; Portaria Conjunta MGI/MF/CGU nº 33/2023, art. 29";

export interface CaucItemDefinition {
  code: string;
  group: CaucGroup;
  label: string;
  source: string;
  /** Added by IN STN/MF nº 8/2025. */
  newIn2025?: boolean;
}

/** The CAUC items for municipalities, groups I to V, with their official labels and usual source system. */
export const CAUC_ITEMS: readonly CaucItemDefinition[] = [
  { code: "1.1", group: "I", label: "Regularidade quanto a Tributos, a Contribuições Previdenciárias Federais e à Dívida Ativa da União", source: "PGFN/RFB" },
  { code: "1.2", group: "I", label: "Regularidade no pagamento de precatórios judiciais", source: "Transferegov.br", newIn2025: true },
  { code: "1.3", group: "I", label: "Regularidade quanto a Contribuições para o FGTS", source: "CAIXA" },
  { code: "1.4", group: "I", label: "Regularidade em relação à Adimplência Financeira em Empréstimos e Financiamentos concedidos pela União", source: "SAHEM" },
  { code: "1.5", group: "I", label: "Regularidade perante o Poder Público Federal", source: "CADIN" },
  { code: "2.1.1", group: "II", label: "Regularidade quanto à Prestação de Contas de Recursos Federais recebidos anteriormente (SIAFI/Subsistema Transferências)", source: "SIAFI" },
  { code: "2.1.2", group: "II", label: "Regularidade quanto à Prestação de Contas de Recursos Federais recebidos anteriormente (Transferegov.br)", source: "Transferegov.br" },
  { code: "3.1.1", group: "III", label: "Publicação do Relatório de Gestão Fiscal – RGF", source: "SICONFI" },
  { code: "3.1.2", group: "III", label: "Encaminhamento do Relatório de Gestão Fiscal – RGF ao Siconfi", source: "SICONFI" },
  { code: "3.2.1", group: "III", label: "Publicação do Relatório Resumido de Execução Orçamentária – RREO", source: "SICONFI" },
  { code: "3.2.2", group: "III", label: "Encaminhamento do Relatório Resumido de Execução Orçamentária – RREO ao Siconfi", source: "SICONFI" },
  { code: "3.2.3", group: "III", label: "Encaminhamento do Anexo 8 do RREO ao Siope", source: "SIOPE" },
  { code: "3.2.4", group: "III", label: "Encaminhamento do Anexo 12 do RREO ao Siops", source: "SIOPS" },
  { code: "3.3", group: "III", label: "Encaminhamento das Contas Anuais – DCA", source: "SICONFI" },
  { code: "3.4.1", group: "III", label: "Encaminhamento da Matriz de Saldos Contábeis – mensal", source: "SICONFI" },
  { code: "3.4.2", group: "III", label: "Encaminhamento da Matriz de Saldos Contábeis – encerramento do exercício", source: "SICONFI" },
  { code: "3.5", group: "III", label: "Encaminhamento de informações para o Cadastro da Dívida Pública – CDP", source: "SADIPEM" },
  { code: "3.6", group: "III", label: "Transparência da execução orçamentária e financeira em meio eletrônico de acesso público", source: "Transferegov.br", newIn2025: true },
  { code: "3.7", group: "III", label: "Adoção do Sistema Único e Integrado de Execução Orçamentária, Administração Financeira e Controle – Siafic", source: "Transferegov.br", newIn2025: true },
  { code: "4.1", group: "IV", label: "Exercício da Plena Competência Tributária", source: "SICONFI" },
  { code: "4.2", group: "IV", label: "Regularidade Previdenciária", source: "CADPREV" },
  { code: "4.3", group: "IV", label: "Regularidade quanto à concessão de incentivos fiscais", source: "Tesouro Nacional", newIn2025: true },
  { code: "5.1", group: "V", label: "Aplicação Mínima de Recursos em Educação", source: "SIOPE" },
  { code: "5.2", group: "V", label: "Aplicação Mínima de Recursos em Saúde", source: "SIOPS" },
  { code: "5.3", group: "V", label: "Limite de Despesas com Parcerias Público-Privadas – PPP", source: "SICONFI" },
  { code: "5.4", group: "V", label: "Limite de Operações de Crédito, inclusive por Antecipação de Receita – ARO", source: "SICONFI" },
  { code: "5.5", group: "V", label: "Fundeb – aplicação mínima na remuneração dos profissionais da educação básica", source: "SIOPE", newIn2025: true },
  { code: "5.6", group: "V", label: "Fundeb – aplicação da complementação da União (VAAT) em despesas de capital", source: "SIOPE", newIn2025: true },
  { code: "5.7", group: "V", label: "Fundeb – aplicação de 50% da complementação VAAT na educação infantil", source: "SIOPE", newIn2025: true },
  { code: "5.8", group: "V", label: "Destinação mínima de recursos para a constituição do Fundeb", source: "Tesouro Nacional", newIn2025: true },
];

const CAUC_BY_CODE = new Map(CAUC_ITEMS.map((item) => [item.code, item]));
export const caucItem = (code: string): CaucItemDefinition | undefined => CAUC_BY_CODE.get(code);

/** The group of an item code: its first digit (1.1 → I, 3.2.4 → III). */
export function groupOfCode(code: string): CaucGroup | undefined {
  const digit = Number(code.split(".")[0]);
  return CAUC_GROUPS[digit - 1];
}

// ---------- what a published cell means ----------

export interface CaucCell {
  status: RegularityStatus;
  /** YYYY-MM-DD when the cell is a date. */
  validUntil: string | null;
  raw: string;
}

/** `31/07/26` or `31/07/2026` as YYYY-MM-DD (two-digit years are 20xx); null when it is not a real day. */
export function parseCaucDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const iso = `${year}-${match[2]}-${match[1]}`;
  return isCalendarDate(iso) ? iso : null;
}

/**
 * One cell of the Tesouro's CAUC file (research notes §2): a date is regular until that day (past it,
 * irregular); `!` is not proven (a comprovar); `Desabilitado` means the source was unavailable for
 * every ente (the item is still required); empty is no information. Anything else is unreadable (null).
 */
export function interpretCaucCell(raw: string, checkedOn: string): CaucCell | null {
  const value = raw.trim();
  if (value === "") return { status: "SEM_INFORMACAO", validUntil: null, raw: value };
  if (value === "!") return { status: "A_COMPROVAR", validUntil: null, raw: value };
  if (value.toLowerCase() === "desabilitado") return { status: "DESABILITADO", validUntil: null, raw: value };
  const date = parseCaucDate(value);
  if (!date) return null;
  return { status: date >= checkedOn ? "REGULAR" : "IRREGULAR", validUntil: date, raw: value };
}

// ---------- counts and deadlines ----------

export type StatusCounts = Record<RegularityStatus, number>;

export function countByStatus(items: readonly { status: RegularityStatus }[]): StatusCounts {
  const counts = Object.fromEntries(REGULARITY_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const item of items) counts[item.status] += 1;
  return counts;
}

/** A regular item whose validity ends within `alertDays` (today included): the screen flags it. */
export function expiresSoon(item: { status: RegularityStatus; validUntil: string | null }, today: string, alertDays: number): boolean {
  if (item.status !== "REGULAR" || !item.validUntil) return false;
  const days = daysBetween(today, item.validUntil);
  return days >= 0 && days <= alertDays;
}

/**
 * An item a person has to look at: not regular, or regular with its validity running out. The CAUC page
 * opens only the groups holding one (all open made it 6,836 px tall), the rest stay one line each.
 */
export function needsAttention(item: { status: RegularityStatus; validUntil: string | null }, today: string, alertDays: number): boolean {
  return item.status !== "REGULAR" || expiresSoon(item, today, alertDays);
}

// ---------- input ----------

/** A certificate's validity may lie ahead; the day it was checked is a fact (never in the future). */
const validUntil = optionalCalendarDate("a validade");
const checkedOn = executedDate("a data da verificação");
/** Empty means no link: a link once filled can be removed. */
const evidenceUrl = optionalLinkOf("o endereço do comprovante");

export const RESPONSIBLE_MESSAGE = "Escolha como responsável um usuário desta prefeitura.";

/** What a person writes on an item, by hand (the manual update, with its evidence). */
/** The evidence as an uploaded document: its storagePath (kind evidence) and the name it had; null removes it. */
const evidencePath = z
  .string({ message: "Comprovante inválido: envie o arquivo de novo." })
  .trim()
  .min(1, "Comprovante inválido: envie o arquivo de novo.")
  .max(200, "Comprovante inválido: envie o arquivo de novo.")
  .nullable()
  .optional();

const itemFields = {
  status: z.enum(REGULARITY_STATUSES, { message: "Escolha a situação: regular, a comprovar, irregular, desabilitado ou sem informação." }),
  validUntil,
  checkedOn,
  evidenceUrl,
  evidencePath,
  evidenceName: documentFileNameSchema.nullable().optional(),
  /** One of the municipality's users (the name is then taken from the user). */
  responsibleUserId: z
    .number({ message: RESPONSIBLE_MESSAGE })
    .int(RESPONSIBLE_MESSAGE)
    .positive(RESPONSIBLE_MESSAGE)
    .max(2_147_483_647, RESPONSIBLE_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
  responsibleName: optionalText("Responsável", 120),
  notes: optionalText("Observações", 2000),
};

const CODE = /^[0-9A-Za-z][0-9A-Za-z.\-/ ]{0,19}$/;

/** A certificate the company tracks besides the CAUC (CND municipal, certidão do TCE…); CAUC items come from the catalogue. */
export const regularityItemCreateSchema = z.object({
  kind: z.literal("OUTRA", { message: "Itens do CAUC vêm do catálogo do Tesouro; aqui só se cadastram outras certidões (tipo OUTRA)." }),
  code: z
    .string({ message: "Informe o código." })
    .trim()
    .min(1, "Informe o código.")
    .regex(CODE, "Código inválido: use até 20 letras, números, pontos ou hífens."),
  label: z.string({ message: "Informe a descrição." }).trim().min(1, "Informe a descrição.").max(300, "A descrição deve ter no máximo 300 caracteres."),
  source: z.string({ message: "Informe o órgão emissor." }).trim().min(1, "Informe o órgão emissor.").max(60, "O órgão emissor deve ter no máximo 60 caracteres."),
  ...itemFields,
});
export type RegularityItemCreate = z.input<typeof regularityItemCreateSchema>;

/** The manual update (MANAGER, ADMIN): the situation with its evidence; the catalogue fields stay. */
/** The fields of the manual update, as one object (the form marks required ones from it). */
export const regularityItemManualSchema = z.object(itemFields);
export const regularityItemUpdateSchema = updateSchemaOf(regularityItemManualSchema);
export type RegularityItemUpdate = z.input<typeof regularityItemUpdateSchema>;

export const regularityItemRowSchema = z.object({
  ...tenantRecordFields,
  kind: wire.oneOf(REGULARITY_KINDS),
  code: wire.text(),
  group: wire.oneOfOrNull(CAUC_GROUPS),
  label: wire.text(),
  source: wire.text(),
  legalBasis: wire.textOrNull(),
  status: wire.oneOf(REGULARITY_STATUSES),
  validUntil: wire.dateOrNull(),
  rawValue: wire.textOrNull(),
  checkedOn: wire.date(),
  evidenceUrl: wire.textOrNull(),
  /** The uploaded evidence's name and type (download: GET /api/regularity-items/{id}/evidence); its path never leaves the server. */
  evidenceName: wire.textOrNull(),
  evidenceType: wire.textOrNull(),
  responsibleUserId: wire.intOrNull(),
  responsibleName: wire.textOrNull(),
  notes: wire.textOrNull(),
  /** 'IMPORTACAO' (the Tesouro's file) or 'MANUAL'. */
  updatedBy: wire.oneOf(["IMPORTACAO", "MANUAL"] as const),
});
export type RegularityItem = z.infer<typeof regularityItemRowSchema>;

export const regularitySnapshotRowSchema = z.object({
  id: wire.id(),
  companyId: wire.id(),
  takenOn: wire.date(),
  regular: wire.int(),
  aComprovar: wire.int(),
  irregular: wire.int(),
  desabilitado: wire.int(),
  semInformacao: wire.int(),
});
export type RegularitySnapshot = z.infer<typeof regularitySnapshotRowSchema>;

/** The answer of an import of the Tesouro's national file. */
export const caucImportResultSchema = z.object({
  checkedOn: z.string(),
  rows: z.number().int(),
  applied: z.array(z.object({ companyId: z.number().int(), name: z.string(), ibgeCode: z.string(), items: z.number().int() })),
  /** Registered municipalities the file has no row for. */
  missing: z.array(z.object({ companyId: z.number().int(), name: z.string() })),
});
export type CaucImportResult = z.infer<typeof caucImportResultSchema>;

/** Where an item's uploaded evidence is downloaded (the company's people; an attachment). */
export const regularityEvidenceUrl = (id: number) => `/api/regularity-items/${id}/evidence`;
