import { z } from "zod";
import { daysBetween } from "./dates";
import { calendarDate, executedDate } from "./fields";
import { optionalText } from "./inputs";
import { updateSchemaOf } from "./updates";
import { documentFileNameSchema } from "./uploads";
import { tenantRecordFields, wire } from "./wire";

/**
 * Accountability (issue 17): every obligation of a municipality to render accounts, computed from
 * its transfers and tracked here. Pure rules shared by the screens and the server: the kinds, the
 * statuses of each (SICONV's for convênios, Transferegov's relatórios de gestão for the others), the
 * LC 210/2024 art. 8 notice and its 30-day term, and what is overdue or due soon, in São Paulo's calendar.
 */

/**
 * - CONVENIO: the convênio's prestação de contas (SICONV), due on DIA_LIMITE_PREST_CONTAS;
 * - ESPECIAL_PARCIAL / ESPECIAL_FINAL: the relatórios de gestão of a transferência especial;
 * - FUNDO_PARCIAL / FUNDO_FINAL: the relatórios de gestão of a fundo a fundo plan;
 * - LC210: the notice of an emenda PIX to the Câmara, the TCU and the TCE/TCM (LC 210/2024 art. 8).
 */
export const OBLIGATION_KINDS = ["CONVENIO", "ESPECIAL_PARCIAL", "ESPECIAL_FINAL", "FUNDO_PARCIAL", "FUNDO_FINAL", "LC210"] as const;
export type ObligationKind = (typeof OBLIGATION_KINDS)[number];

/** SICONV's prestação de contas, as the convênio's screen shows it. */
export const CONVENIO_STATUSES = ["AGUARDANDO", "ENVIADA", "EM_ANALISE", "EM_COMPLEMENTACAO", "APROVADA", "APROVADA_COM_RESSALVAS", "REJEITADA"] as const;
/** relatorios_gestao_especiais.situacao_relatorio_gestao (plus PENDENTE: not started in Transferegov yet). */
export const ESPECIAL_STATUSES = ["PENDENTE", "EM_ELABORACAO", "DISPONIBILIZADO"] as const;
/** fundoafundo relatorios-gestao.situacao (plus PENDENTE: not started yet). */
export const FUNDO_STATUSES = [
  "PENDENTE",
  "EM_ELABORACAO",
  "ENVIADO_ANALISE_CONSELHO",
  "ENVIADO_ANALISE",
  "EM_COMPLEMENTACAO",
  "ANALISE_CONCLUIDA_CONSELHO",
  "ANALISE_CONCLUIDA",
  "REJEITADO",
] as const;
/** The LC 210 notice: nobody told yet, some of the three recipients told, all three told. */
export const LC210_STATUSES = ["PENDENTE", "PARCIAL", "COMUNICADA"] as const;

export const OBLIGATION_STATUSES = [...new Set([...CONVENIO_STATUSES, ...ESPECIAL_STATUSES, ...FUNDO_STATUSES, ...LC210_STATUSES])] as [string, ...string[]];
export type ObligationStatus = (typeof CONVENIO_STATUSES)[number] | (typeof ESPECIAL_STATUSES)[number] | (typeof FUNDO_STATUSES)[number] | (typeof LC210_STATUSES)[number];

export const STATUSES_OF_KIND: Record<ObligationKind, readonly ObligationStatus[]> = {
  CONVENIO: CONVENIO_STATUSES,
  ESPECIAL_PARCIAL: ESPECIAL_STATUSES,
  ESPECIAL_FINAL: ESPECIAL_STATUSES,
  FUNDO_PARCIAL: FUNDO_STATUSES,
  FUNDO_FINAL: FUNDO_STATUSES,
  LC210: LC210_STATUSES,
};

/**
 * Where a status leaves the obligation: still to do (pending), on its way (the report is written or
 * under analysis, something is still owed), done (delivered, approved) or rejected. Only pending and
 * in-progress obligations have a deadline that matters.
 */
export type ObligationPhase = "pending" | "in_progress" | "done" | "rejected";

const PHASES: Record<ObligationStatus, ObligationPhase> = {
  AGUARDANDO: "pending",
  PENDENTE: "pending",
  EM_ELABORACAO: "in_progress",
  PARCIAL: "in_progress",
  EM_COMPLEMENTACAO: "in_progress",
  ENVIADA: "done",
  EM_ANALISE: "done",
  ENVIADO_ANALISE_CONSELHO: "done",
  ENVIADO_ANALISE: "done",
  DISPONIBILIZADO: "done",
  APROVADA: "done",
  APROVADA_COM_RESSALVAS: "done",
  ANALISE_CONCLUIDA_CONSELHO: "done",
  ANALISE_CONCLUIDA: "done",
  COMUNICADA: "done",
  REJEITADA: "rejected",
  REJEITADO: "rejected",
};

export const phaseOf = (status: ObligationStatus): ObligationPhase => PHASES[status];
/** Whether the obligation still owes something by its due date (a rejected one starts over elsewhere: TCE, new report). */
export const isOpen = (status: ObligationStatus) => PHASES[status] === "pending" || PHASES[status] === "in_progress";

/** The statuses of an obligation that still owes something: the list shows them before the settled ones. */
export const OPEN_OBLIGATION_STATUSES = (Object.keys(PHASES) as ObligationStatus[]).filter(isOpen);

export const isStatusOf = (kind: ObligationKind, status: string): status is ObligationStatus => (STATUSES_OF_KIND[kind] as readonly string[]).includes(status);

/** SICONV's SIT_CONVENIO (our voluntary statuses) as the obligation's status when it is first computed. */
export function convenioStatusFromTransfer(transferStatus: string): (typeof CONVENIO_STATUSES)[number] {
  switch (transferStatus) {
    case "PRESTACAO_CONTAS_EM_ANALISE":
      return "EM_ANALISE";
    case "PRESTACAO_CONTAS_EM_COMPLEMENTACAO":
      return "EM_COMPLEMENTACAO";
    case "PRESTACAO_CONTAS_APROVADA":
    case "CONCLUIDO":
      return "APROVADA";
    case "PRESTACAO_CONTAS_APROVADA_RESSALVAS":
      return "APROVADA_COM_RESSALVAS";
    case "PRESTACAO_CONTAS_REJEITADA":
      return "REJEITADA";
    default:
      return "AGUARDANDO";
  }
}

// ---------- calendar (São Paulo) ----------

const DAY_MS = 86_400_000;

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}


// ---------- LC 210/2024 art. 8 ----------

/** The three bodies the Executive informs of each emenda PIX. */
export const LC210_RECIPIENTS = ["CAMARA", "TCU", "TCE"] as const;
export type Lc210Recipient = (typeof LC210_RECIPIENTS)[number];

/** Days the Executive has to inform them, counted from the account indication or the receipt. */
export const LC210_TERM_DAYS = 30;

/**
 * When the notice is due: 30 calendar days after the first of the two facts that start the term, the
 * account indicated in Transferegov (the plan's acceptance, data_aceite_plano_acao) or the money
 * received (the first effective bank order). Null while neither happened.
 */
export function lc210DueDate(accountIndicatedOn: string | null, firstReceiptOn: string | null): string | null {
  const start = [accountIndicatedOn, firstReceiptOn].filter((d): d is string => !!d).sort()[0];
  return start ? addDays(start, LC210_TERM_DAYS) : null;
}

/** The notice's status from what was recorded for each recipient (a date sent counts as told). */
export function lc210StatusOf(sent: readonly { recipient: Lc210Recipient; sentOn: string | null }[]): (typeof LC210_STATUSES)[number] {
  const told = new Set(sent.filter((s) => s.sentOn).map((s) => s.recipient));
  if (told.size === 0) return "PENDENTE";
  return LC210_RECIPIENTS.every((r) => told.has(r)) ? "COMUNICADA" : "PARCIAL";
}

// ---------- overdue and due soon ----------

export interface DueFlags {
  /** Open and past its due date (the due day itself is still on time). */
  overdue: boolean;
  /** Open and due within `alertDays` from today (today included). */
  dueSoon: boolean;
  /** Days from today to the due date (negative when past); null without a due date. */
  daysLeft: number | null;
}

/** Flags of an obligation on `today` (São Paulo's calendar day) with the company's lead time. */
export function dueFlags(obligation: { status: ObligationStatus; dueDate: string | null }, today: string, alertDays: number): DueFlags {
  if (!obligation.dueDate) return { overdue: false, dueSoon: false, daysLeft: null };
  const daysLeft = daysBetween(today, obligation.dueDate);
  const open = isOpen(obligation.status);
  return { overdue: open && daysLeft < 0, dueSoon: open && daysLeft >= 0 && daysLeft <= alertDays, daysLeft };
}

// ---------- the default checklists ----------

/** The documents each kind of obligation usually asks for; a MANAGER adds or removes items per obligation. */
export const DEFAULT_CHECKLISTS: Record<ObligationKind, readonly string[]> = {
  CONVENIO: [
    "Relatório de cumprimento do objeto",
    "Relação de pagamentos efetuados",
    "Extrato da conta específica do período",
    "Relação de bens adquiridos, produzidos ou construídos",
    "Termo de aceitação definitiva da obra ou do serviço",
    "Comprovante de recolhimento do saldo remanescente",
  ],
  ESPECIAL_PARCIAL: ["Execução física e financeira do período", "Extrato da conta específica", "Notas fiscais e comprovantes de pagamento"],
  ESPECIAL_FINAL: ["Relatório de gestão final preenchido no Transferegov.br", "Extrato da conta específica", "Notas fiscais e comprovantes de pagamento", "Comprovação do cumprimento do objeto"],
  FUNDO_PARCIAL: ["Resultados alcançados das metas", "Relatório de execução financeira", "Parecer do conselho de políticas públicas"],
  FUNDO_FINAL: ["Resultados alcançados das metas", "Relatório de execução financeira", "Declaração de conformidade", "Parecer do conselho de políticas públicas"],
  LC210: ["Plano de trabalho aprovado", "Cronograma de execução"],
};

// ---------- the records on the wire ----------

export const RESPONSIBLE_MESSAGE = "Escolha como responsável um usuário ativo desta prefeitura.";
const FILE_MESSAGE = "Arquivo inválido: envie o arquivo de novo.";

const filePath = z.string({ message: FILE_MESSAGE }).trim().min(1, FILE_MESSAGE).max(200, FILE_MESSAGE).nullable().optional();

export const obligationRowSchema = z.object({
  ...tenantRecordFields,
  kind: wire.oneOf(OBLIGATION_KINDS),
  status: z.enum(OBLIGATION_STATUSES),
  /** The transfer it belongs to (one of the three). */
  transferKind: wire.oneOf(["imposition", "voluntary", "fund"] as const),
  transferId: wire.id(),
  /** NR_TRANSFER / codPlan, and what it is about. */
  transferKey: wire.text(),
  title: wire.textOrNull(),
  dueDate: wire.dateOrNull(),
  /** A due date set by hand (not recomputed from the transfer any more). */
  dueDateManual: wire.bool(),
  responsibleUserId: wire.intOrNull(),
  responsibleName: wire.textOrNull(),
  notes: wire.textOrNull(),
  /** Checklist progress: items done / all items. */
  checklistDone: wire.int(),
  checklistTotal: wire.int(),
});
export type Obligation = z.infer<typeof obligationRowSchema>;

/** What ADMIN and MANAGER change on an obligation (its status, due date, responsible, notes); the rest is computed. */
export const obligationUpdateSchema = updateSchemaOf(
  z.object({
    status: z.enum(OBLIGATION_STATUSES, { message: "Situação inválida para esta obrigação." }),
    // A deadline may lie ahead; null clears a hand-set one (the transfer's own returns).
    dueDate: calendarDate("o prazo").nullable(),
    responsibleUserId: z.number({ message: RESPONSIBLE_MESSAGE }).int(RESPONSIBLE_MESSAGE).positive(RESPONSIBLE_MESSAGE).max(2_147_483_647, RESPONSIBLE_MESSAGE).nullable(),
    notes: optionalText("as observações", 4000),
  }),
).strict();

export const checklistItemRowSchema = z.object({
  ...tenantRecordFields,
  obligationId: wire.id(),
  label: wire.text(),
  done: wire.bool(),
  position: wire.int(),
  fileName: wire.textOrNull(),
  fileType: wire.textOrNull(),
  doneByName: wire.textOrNull(),
  doneAt: wire.timestampOrNull(),
});
export type ChecklistItem = z.infer<typeof checklistItemRowSchema>;

const checklistFields = {
  obligationId: z.number({ message: "Informe a obrigação." }).int("Obrigação inválida.").positive("Obrigação inválida.").max(2_147_483_647, "Obrigação inválida."),
  label: z.string({ message: "Informe o documento." }).trim().min(1, "Informe o documento.").max(200, "O documento: no máximo 200 caracteres."),
  done: z.boolean({ message: "Informe se o documento está pronto." }).default(false),
  position: z.number({ message: "Posição inválida." }).int("Posição inválida.").min(0, "Posição inválida.").max(1000, "Posição inválida.").default(100),
  filePath,
  fileName: documentFileNameSchema.nullable().optional(),
};
export const checklistItemCreateSchema = z.object(checklistFields).strict();
/** PATCH: the obligation never changes; a USER may send only `done`, `filePath` and `fileName` (the server says so with a 403). */
export const checklistItemUpdateSchema = updateSchemaOf(z.object({ label: checklistFields.label, done: checklistFields.done, position: checklistFields.position, filePath, fileName: checklistFields.fileName })).strict();
/** What a USER may change on a checklist item. */
export const CHECKLIST_USER_FIELDS = ["done", "filePath", "fileName", "version"] as const;

export const lc210NoticeRowSchema = z.object({
  ...tenantRecordFields,
  obligationId: wire.id(),
  recipient: wire.oneOf(LC210_RECIPIENTS),
  /** Who exactly received it (Câmara Municipal de …, TCE-SP…). */
  recipientName: wire.textOrNull(),
  sentOn: wire.dateOrNull(),
  protocol: wire.textOrNull(),
  proofName: wire.textOrNull(),
  proofType: wire.textOrNull(),
});
export type Lc210Notice = z.infer<typeof lc210NoticeRowSchema>;

const noticeFields = {
  obligationId: checklistFields.obligationId,
  recipient: z.enum(LC210_RECIPIENTS, { message: "Escolha o destinatário: Câmara Municipal, TCU ou TCE/TCM." }),
  recipientName: optionalText("o nome do destinatário", 200),
  // A send already done: from 2000 to today in São Paulo (the server checks the future again against its own clock).
  sentOn: executedDate("a data de envio"),
  protocol: optionalText("o protocolo", 60),
  proofPath: filePath,
  proofName: documentFileNameSchema.nullable().optional(),
};
export const lc210NoticeCreateSchema = z.object(noticeFields).strict();
export const lc210NoticeUpdateSchema = updateSchemaOf(
  z.object({ recipientName: noticeFields.recipientName, sentOn: noticeFields.sentOn, protocol: noticeFields.protocol, proofPath: filePath, proofName: noticeFields.proofName }),
).strict();

/** Where an uploaded file of an obligation is downloaded (as an attachment). */
export const checklistFileUrl = (id: number) => `/api/accountability-checklist-items/${id}/file`;
export const lc210ProofUrl = (id: number) => `/api/lc210-notices/${id}/proof`;

/** What the public transparency detail of an emenda PIX says about its LC 210 notice. */
export const publicLc210NoticeSchema = z.object({
  dueDate: wire.dateOrNull(),
  status: wire.oneOf(LC210_STATUSES),
  recipients: z.array(z.object({ recipient: wire.oneOf(LC210_RECIPIENTS), recipientName: wire.textOrNull(), sentOn: wire.date(), protocol: wire.textOrNull() })),
});
export type PublicLc210Notice = z.infer<typeof publicLc210NoticeSchema>;
